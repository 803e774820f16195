// Host side of a TraceProbe run: allocates the TraceBuffer before launch and
// decodes it into a scanviz::Trace afterwards.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/trace/trace.hpp"
#include "probe.cuh"

namespace scanviz::kern {

// Device memory that frees itself (exceptions must not leak it).
template <class T>
class DeviceArray {
public:
    DeviceArray() = default;
    explicit DeviceArray(size_t count);
    ~DeviceArray();
    DeviceArray(const DeviceArray&) = delete;
    DeviceArray& operator=(const DeviceArray&) = delete;
    DeviceArray(DeviceArray&& o) noexcept : ptr_(o.ptr_), count_(o.count_) { o.ptr_ = nullptr; o.count_ = 0; }
    DeviceArray& operator=(DeviceArray&& o) noexcept {
        std::swap(ptr_, o.ptr_);
        std::swap(count_, o.count_);
        return *this;
    }
    T* get() const { return ptr_; }
    size_t size() const { return count_; }
    void upload(const std::vector<T>& host);
    std::vector<T> download() const;
    void fill_bytes(int byte);  // poison or zero

private:
    T* ptr_ = nullptr;
    size_t count_ = 0;
};

class HostTraceBuffer {
public:
    HostTraceBuffer(int max_steps, int threads, int slots, int max_ops);
    const TraceBuffer& device() const { return dev_; }
    // Fills `trace` (whose layout, spec, input and threads are set) with the
    // initial state and the steps the kernel recorded; `phases` names the
    // phase indices. Throws when the buffer overflowed.
    void decode(Trace& trace, const std::vector<std::string_view>& phases) const;

private:
    TraceBuffer dev_;
    DeviceArray<unsigned char> storage_;
};

// Element values as 32-bit words of the spec's type, and back.
std::vector<uint32_t> to_words(const std::vector<double>& values, ElemType type);
std::vector<double> from_words(const std::vector<uint32_t>& words, ElemType type);

// Fills trace.source for a GPU capture on the current device.
void stamp_gpu_source(Trace& trace);

}  // namespace scanviz::kern
