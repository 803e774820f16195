// Host side shared by the multi-pass whole-array scans (scan-then-propagate,
// reduce-then-scan): the tile configurations the kernels are compiled for,
// the pass hooks (nothing, or the tile-level capture), the recursive scan of
// the tile sums, and the two entry points every KernelEntry needs:
//
//   capture_device<Algo>(spec)  instrumented: the tile-level trace (small n);
//   run_device<Algo>(spec)      uninstrumented: the output, any n the device holds;
//   launch_device<Algo>(...)    uninstrumented on the caller's device arrays and stream (the benchmark).
//
// Algo is a struct with
//   template <class ScanOp, int THREADS, int ITEMS, class Hook>
//   static void scan(const T* d_in, T* d_out, int64_t n, bool exclusive, Hook& hook);
// that launches its passes and calls hook.end_pass(phase, writes_data) after each.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "../capture.cuh"
#include "../cuda_check.hpp"
#include "../launch.cuh"
#include "../ops.cuh"
#include "core/models/device_common.hpp"
#include "core/models/variants.hpp"
#include "device_tile.cuh"
#include "tile_trace.cuh"

namespace scanviz::kern {

// Calls f(integral_constant threads, integral_constant items) for the
// configuration in kDeviceTileConfigs (app/core/models/device_common.hpp)
// that matches; every entry of the table is compiled.
template <size_t I = 0, class F>
decltype(auto) dispatch_tile_config(int threads, int items, F&& f) {
    if constexpr (I < kDeviceTileConfigs.size()) {
        constexpr DeviceTileConfig c = kDeviceTileConfigs[I];
        if (c.threads == threads && c.items == items)
            return f(std::integral_constant<int, c.threads>{}, std::integral_constant<int, c.items>{});
        return dispatch_tile_config<I + 1>(threads, items, std::forward<F>(f));
    } else {
        throw std::invalid_argument("whole-array scans run tiles of threads x items = " + device_configs_text() +
                                    "; got " + std::to_string(threads) + "x" + std::to_string(items));
        return f(std::integral_constant<int, kDeviceTileConfigs[0].threads>{},
                 std::integral_constant<int, kDeviceTileConfigs[0].items>{});
    }
}

// Which array a pass reads or writes, for the probe's slot numbers.
enum class TileArray { Data, Aggregate, Prefix };

// Scratch arrays of a pass (the tile sums) taken from the device's stream-ordered pool on the
// hook's stream: in the benchmark's timed runs the pool hands back the last run's memory, so no
// run pays for a cudaMalloc (the benchmark keeps the pool's freed memory: kernels/bench/bench.cu).
template <class T>
class StreamArray {
public:
    StreamArray(size_t count, cudaStream_t stream) : stream_(stream) {
        SCANVIZ_CUDA_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&ptr_), sizeof(T) * (count ? count : 1), stream_));
    }
    ~StreamArray() { cudaFreeAsync(ptr_, stream_); }
    StreamArray(const StreamArray&) = delete;
    StreamArray& operator=(const StreamArray&) = delete;
    T* get() const { return ptr_; }

private:
    T* ptr_ = nullptr;
    cudaStream_t stream_;
};

// Uninstrumented: records nothing, no synchronisation between passes; its passes run on `stream`.
struct NoTileHook {
    static constexpr bool kOn = false;
    cudaStream_t stream = nullptr;
    template <class T>
    void begin(const T*, T*, T*, T*) {}
    TileNoProbe probe(TileArray, TileArray) { return {}; }
    void end_pass(int, bool) { SCANVIZ_CUDA_CHECK(cudaGetLastError()); }
};
inline cudaStream_t stream_of(const NoTileHook& h) { return h.stream; }

// The tile-level capture: after every pass, one Step of the records and the
// state read back from the device (tile_trace.cuh).
template <class T>
class CaptureTileHook {
public:
    static constexpr bool kOn = true;

    CaptureTileHook(Trace& trace, const std::vector<std::string_view>& phases)
        : trace_(trace), phases_(phases), rec_(trace.blocks) {
        for (const Region& r : trace.layout.regions) {
            if (r.name == "data") data_ = r.first_slot;
            else if (r.name == "tile aggregate") aggregate_ = r.first_slot;
            else if (r.name == "tile prefix") prefix_ = r.first_slot;
        }
        if (data_ < 0 || aggregate_ < 0 || prefix_ < 0)
            throw std::logic_error("tile capture: the model's layout lacks data, tile aggregate or tile prefix");
    }

    // The arrays of the top level; the tile arrays start at the identity.
    void begin(const T* /*in*/, T* out, T* aggregate, T* prefix) {
        out_ = out;
        d_aggregate_ = aggregate;
        d_prefix_ = prefix;
        const int tiles = trace_.blocks;
        const std::vector<T> ident(static_cast<size_t>(tiles), static_cast<T>(identity(trace_.spec.op, trace_.spec.type)));
        SCANVIZ_CUDA_CHECK(cudaMemcpy(aggregate, ident.data(), sizeof(T) * tiles, cudaMemcpyHostToDevice));
        SCANVIZ_CUDA_CHECK(cudaMemcpy(prefix, ident.data(), sizeof(T) * tiles, cudaMemcpyHostToDevice));
        trace_.initial_state = state();
    }

    TileProbe probe(TileArray in, TileArray out) {
        return rec_.probe(TileSlots{slot(in), slot(out), aggregate_, prefix_});
    }

    void end_pass(int phase, bool writes_data) {
        SCANVIZ_CUDA_CHECK_LAUNCH();
        if (writes_data) data_written_ = true;
        trace_.steps.push_back(rec_.step(phases_.at(static_cast<size_t>(phase)), state()));
    }

private:
    int slot(TileArray a) const { return a == TileArray::Data ? data_ : a == TileArray::Aggregate ? aggregate_ : prefix_; }

    std::vector<double> download(const T* p, size_t count) const {
        std::vector<uint32_t> w(count);
        SCANVIZ_CUDA_CHECK(cudaMemcpy(w.data(), p, sizeof(T) * count, cudaMemcpyDeviceToHost));
        return from_words(w, trace_.spec.type);
    }

    // Every slot as the device holds it now: data is the input until a pass
    // has written the output.
    std::vector<double> state() const {
        std::vector<double> s(static_cast<size_t>(trace_.layout.slots), 0.0);
        const size_t n = trace_.input.size(), tiles = static_cast<size_t>(trace_.blocks);
        const auto data = data_written_ ? download(out_, n) : trace_.input;
        const auto agg = download(d_aggregate_, tiles), pre = download(d_prefix_, tiles);
        std::copy(data.begin(), data.end(), s.begin() + data_);
        std::copy(agg.begin(), agg.end(), s.begin() + aggregate_);
        std::copy(pre.begin(), pre.end(), s.begin() + prefix_);
        return s;
    }

    Trace& trace_;
    const std::vector<std::string_view>& phases_;
    TileTraceRecorder rec_;
    int data_ = -1, aggregate_ = -1, prefix_ = -1;
    const T* out_ = nullptr;
    const T* d_aggregate_ = nullptr;
    const T* d_prefix_ = nullptr;
    bool data_written_ = false;
};

template <class T>
cudaStream_t stream_of(const CaptureTileHook<T>&) { return nullptr; }

inline unsigned grid_of(int64_t tiles) {
    if (tiles < 1 || tiles > 0x7fffffff) throw std::invalid_argument("whole-array scan: too many tiles for one grid");
    return static_cast<unsigned>(tiles);
}

// Pass 2: the exclusive scan of the tile aggregates into the tile prefixes.
// One block when they fit in one tile; otherwise Algo again on the aggregates
// (recursion: log_tile(n) levels; never in a trace, whose check keeps the
// aggregates within one tile).
template <class Algo, class ScanOp, int THREADS, int ITEMS, class Hook>
void scan_tile_sums(typename ScanOp::value_type* aggregates, typename ScanOp::value_type* prefixes, int64_t tiles,
                    Hook& hook, int phase) {
    if (tiles <= THREADS * ITEMS) {
        scan_tiles_kernel<ScanOp, THREADS, ITEMS><<<1, THREADS, 0, stream_of(hook)>>>(
            aggregates, prefixes, tiles, true, nullptr, nullptr, hook.probe(TileArray::Aggregate, TileArray::Prefix));
        hook.end_pass(phase, false);
        return;
    }
    if constexpr (Hook::kOn) throw std::logic_error("tile capture: more tile sums than one block scans");
    NoTileHook none{stream_of(hook)};
    Algo::template scan<ScanOp, THREADS, ITEMS>(aggregates, prefixes, tiles, true, none);
}

template <class Algo>
Trace capture_device(const RunSpec& spec) {
    Trace trace = trace_skeleton(spec);  // layout, input, tiles: from the model (validates the spec)
    const auto& phases = find_variant(spec.variant)->phases;
    dispatch_tile_config(spec.threads, spec.items_per_thread, [&](auto threads, auto items) {
        dispatch_op(spec.op, spec.type, [&](auto op) {
            using ScanOp = decltype(op);
            using T = typename ScanOp::value_type;
            const size_t n = trace.input.size();
            DeviceArray<uint32_t> d_in(n), d_out(n);
            d_in.upload(to_words(trace.input, spec.type));
            d_out.fill_bytes(kPoisonByte);
            CaptureTileHook<T> hook(trace, phases);
            Algo::template scan<ScanOp, decltype(threads)::value, decltype(items)::value>(
                reinterpret_cast<const T*>(d_in.get()), reinterpret_cast<T*>(d_out.get()), static_cast<int64_t>(n),
                spec.exclusive, hook);
            trace.output = from_words(d_out.download(), spec.type);
        });
    });
    stamp_gpu_source(trace);
    return trace;
}

template <class Algo>
std::vector<double> run_device(const RunSpec& spec) {
    if (auto err = check_device_run(spec)) throw std::invalid_argument(*err);
    if (spec.type == ElemType::F32 && spec.op != Op::Add)
        throw std::invalid_argument("float32 supports only --op add (max and min are int32 only)");
    if (spec.input == InputKind::Given && spec.values.size() != static_cast<size_t>(spec.n))
        throw std::invalid_argument("expected " + std::to_string(spec.n) + " input values, got " +
                                    std::to_string(spec.values.size()));
    const DeviceTileConfig cfg = resolved_device_config(spec);
    const size_t n = static_cast<size_t>(spec.n);
    DeviceArray<uint32_t> d_in(n), d_out(n);
    {
        const bool given = spec.input == InputKind::Given;
        const std::vector<double> generated = given ? std::vector<double>{} : make_input(spec);
        d_in.upload(to_words(given ? spec.values : generated, spec.type));  // both lvalues: no copy of the values
    }
    d_out.fill_bytes(kPoisonByte);
    dispatch_tile_config(cfg.threads, cfg.items, [&](auto threads, auto items) {
        dispatch_op(spec.op, spec.type, [&](auto op) {
            using ScanOp = decltype(op);
            using T = typename ScanOp::value_type;
            NoTileHook none;
            Algo::template scan<ScanOp, decltype(threads)::value, decltype(items)::value>(
                reinterpret_cast<const T*>(d_in.get()), reinterpret_cast<T*>(d_out.get()), static_cast<int64_t>(n),
                spec.exclusive, none);
        });
    });
    SCANVIZ_CUDA_CHECK_LAUNCH();
    return from_words(d_out.download(), spec.type);
}

// The benchmark's launch (KernelEntry::launch_whole): spec's operator, type, mode and tile
// configuration, n elements of in scanned into out on `stream`.
template <class Algo>
void launch_device(const RunSpec& given, const void* in, void* out, long long n, void* stream) {
    RunSpec spec = given;
    spec.n = static_cast<int>(std::min<long long>(n, 0x7fffffff));  // the tile configuration follows n
    const DeviceTileConfig cfg = resolved_device_config(spec);
    dispatch_tile_config(cfg.threads, cfg.items, [&](auto threads, auto items) {
        dispatch_op(spec.op, spec.type, [&](auto op) {
            using T = typename decltype(op)::value_type;
            NoTileHook none{static_cast<cudaStream_t>(stream)};
            Algo::template scan<decltype(op), decltype(threads)::value, decltype(items)::value>(
                static_cast<const T*>(in), static_cast<T*>(out), static_cast<int64_t>(n), spec.exclusive, none);
        });
    });
}

}  // namespace scanviz::kern
