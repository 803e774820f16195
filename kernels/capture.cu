#include "capture.cuh"

#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>

#include "cuda_check.hpp"

namespace scanviz::kern {

template <class T>
DeviceArray<T>::DeviceArray(size_t count) : count_(count) {
    if (count) SCANVIZ_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&ptr_), count * sizeof(T)));
}
template <class T>
DeviceArray<T>::~DeviceArray() {
    if (ptr_) cudaFree(ptr_);
}
template <class T>
void DeviceArray<T>::upload(const std::vector<T>& host) {
    if (host.size() > count_) throw std::logic_error("DeviceArray::upload: too many elements");
    if (!host.empty())
        SCANVIZ_CUDA_CHECK(cudaMemcpy(ptr_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
}
template <class T>
std::vector<T> DeviceArray<T>::download() const {
    std::vector<T> h(count_);
    if (count_) SCANVIZ_CUDA_CHECK(cudaMemcpy(h.data(), ptr_, count_ * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}
template <class T>
void DeviceArray<T>::fill_bytes(int byte) {
    if (count_) SCANVIZ_CUDA_CHECK(cudaMemset(ptr_, byte, count_ * sizeof(T)));
}

template class DeviceArray<unsigned char>;
template class DeviceArray<uint32_t>;
template class DeviceArray<int32_t>;
template class DeviceArray<float>;
template class DeviceArray<double>;
template class DeviceArray<uint64_t>;

namespace {
size_t align256(size_t x) { return (x + 255) & ~size_t(255); }
}  // namespace

HostTraceBuffer::HostTraceBuffer(int max_steps, int threads, int slots, int max_ops) {
    dev_.max_steps = max_steps;
    dev_.threads = threads;
    dev_.slots = slots;
    dev_.max_ops = max_ops;
    const size_t n_hdr = align256(2 * sizeof(int32_t));
    const size_t n_steps = align256(sizeof(StepRecord) * max_steps);
    const size_t n_count = align256(sizeof(int32_t) * max_steps * threads);
    const size_t n_ops = align256(sizeof(OpRecord) * size_t(max_steps) * threads * max_ops);
    const size_t n_state = align256(sizeof(uint32_t) * size_t(max_steps + 1) * slots);
    storage_ = DeviceArray<unsigned char>(n_hdr + n_steps + n_count + n_ops + n_state);
    storage_.fill_bytes(0);
    unsigned char* p = storage_.get();
    dev_.step_count = reinterpret_cast<int32_t*>(p);
    dev_.overflow = reinterpret_cast<int32_t*>(p) + 1;
    p += n_hdr;
    dev_.steps = reinterpret_cast<StepRecord*>(p);
    p += n_steps;
    dev_.op_count = reinterpret_cast<int32_t*>(p);
    p += n_count;
    dev_.ops = reinterpret_cast<OpRecord*>(p);
    p += n_ops;
    dev_.state = reinterpret_cast<uint32_t*>(p);
}

std::vector<uint32_t> to_words(const std::vector<double>& values, ElemType type) {
    std::vector<uint32_t> w(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        if (type == ElemType::F32) {
            float f = static_cast<float>(values[i]);
            std::memcpy(&w[i], &f, 4);
        } else {
            w[i] = static_cast<uint32_t>(static_cast<int32_t>(values[i]));
        }
    }
    return w;
}

std::vector<double> from_words(const std::vector<uint32_t>& words, ElemType type) {
    std::vector<double> v(words.size());
    for (size_t i = 0; i < words.size(); ++i) {
        if (type == ElemType::F32) {
            float f;
            std::memcpy(&f, &words[i], 4);
            v[i] = f;
        } else {
            v[i] = static_cast<int32_t>(words[i]);
        }
    }
    return v;
}

void HostTraceBuffer::decode(Trace& trace, const std::vector<std::string_view>& phases) const {
    const auto all = storage_.download();
    auto at = [&](const void* dev_ptr) {
        return all.data() + (static_cast<const unsigned char*>(dev_ptr) - storage_.get());
    };
    int32_t step_count = 0, overflow = 0;
    std::memcpy(&step_count, at(dev_.step_count), 4);
    std::memcpy(&overflow, at(dev_.overflow), 4);
    if (overflow) throw std::runtime_error("trace capture: a thread recorded more operations than the buffer holds");
    if (step_count > dev_.max_steps) throw std::runtime_error("trace capture: more steps than the buffer holds");

    const ElemType type = trace.spec.type;
    auto row = [&](int r) {
        std::vector<uint32_t> w(static_cast<size_t>(dev_.slots));
        std::memcpy(w.data(), at(dev_.state) + sizeof(uint32_t) * size_t(r) * dev_.slots, w.size() * 4);
        return from_words(w, type);
    };
    trace.initial_state = row(0);
    trace.steps.clear();
    for (int s = 0; s < step_count; ++s) {
        StepRecord rec;
        std::memcpy(&rec, at(dev_.steps) + sizeof(StepRecord) * s, sizeof rec);
        Step step;
        if (rec.phase < 0 || rec.phase >= static_cast<int>(phases.size()))
            throw std::runtime_error("trace capture: step " + std::to_string(s) + " has unknown phase " +
                                     std::to_string(rec.phase));
        step.phase = std::string(phases[rec.phase]);
        step.label = step_label(step.phase, rec.param);
        step.barrier = std::string(barrier_name(static_cast<BarrierKind>(rec.barrier)));
        step.active_mask = make_mask(trace.threads, false);
        for (int t = 0; t < dev_.threads; ++t) {
            int32_t count = 0;
            std::memcpy(&count, at(dev_.op_count) + sizeof(int32_t) * (size_t(s) * dev_.threads + t), 4);
            for (int k = 0; k < count; ++k) {
                OpRecord o;
                std::memcpy(&o, at(dev_.ops) + sizeof(OpRecord) * ((size_t(s) * dev_.threads + t) * dev_.max_ops + k),
                            sizeof o);
                Operation op;
                op.thread = t;
                op.kind = static_cast<OpKind>(o.kind);
                for (int i = 0; i < o.nreads && i < 2; ++i) op.reads.push_back(o.reads[i]);
                for (int i = 0; i < o.nwrites && i < 2; ++i) op.writes.push_back(o.writes[i]);
                const bool applies = op.kind == OpKind::Combine || op.kind == OpKind::Swap;
                op.applications = applies ? 1 : 0;
                op.depth = applies ? 1 : 0;
                step.ops.push_back(std::move(op));
                set_active(step.active_mask, t);
            }
        }
        step.state = row(s + 1);
        trace.steps.push_back(std::move(step));
    }
}

void stamp_gpu_source(Trace& trace) {
    int dev = 0;
    SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop{};
    SCANVIZ_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    int driver = 0;
    SCANVIZ_CUDA_CHECK(cudaDriverGetVersion(&driver));
    trace.source.kind = "gpu";
    trace.source.device = prop.name;
    trace.source.sm = "sm_" + std::to_string(prop.major * 10 + prop.minor);
    trace.source.driver = std::to_string(driver / 1000) + "." + std::to_string((driver % 1000) / 10);
    char buf[32];
    std::time_t now = std::time(nullptr);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    trace.source.date = buf;
}

}  // namespace scanviz::kern
