// Host side of the decoupled look-back scan: the status-word workspace and
// the launcher, for the benchmark (kernels/bench/) and the plain API
// (decoupled_lookback.hpp). The caller owns device memory; nothing here
// allocates except the workspace, once, when it grows.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>

#include "../capture.cuh"
#include "../cuda_check.hpp"
#include "core/bench.hpp"
#include "decoupled_lookback.cuh"

namespace scanviz::kern {

// Tile status words for as many tiles as the largest launch so far. Each
// launch takes a new epoch, so words left by earlier launches read as "not
// ready" and the array is cleared only when it grows or the epoch wraps:
// one kernel per scan, no memset in between.
class LookbackWorkspace {
public:
    // Status words for `tiles` tiles, and the epoch of the launch about to use them.
    unsigned long long* prepare(size_t tiles, uint32_t& epoch) {
        if (tiles > status_.size()) {
            status_ = DeviceArray<uint64_t>(tiles + tiles / 4 + 64);
            status_.fill_bytes(0);
            epoch_ = 0;
        }
        if (++epoch_ >= kEpochLimit) {
            status_.fill_bytes(0);
            epoch_ = 1;
        }
        epoch = epoch_;
        return reinterpret_cast<unsigned long long*>(status_.get());
    }

    // The tile counter of kTileCounter policies, and the count earlier launches took
    // from it (this launch's tiles are then counted as taken).
    unsigned long long* take_tiles(size_t tiles, unsigned long long& base) {
        if (counter_.size() == 0) {
            counter_ = DeviceArray<uint64_t>(1);
            counter_.fill_bytes(0);
        }
        base = taken_;
        taken_ += tiles;
        return reinterpret_cast<unsigned long long*>(counter_.get());
    }

private:
    static constexpr uint32_t kEpochLimit = 1u << 30;  // the flag field keeps 30 bits of epoch
    DeviceArray<uint64_t> status_;
    uint32_t epoch_ = 0;
    DeviceArray<uint64_t> counter_;
    unsigned long long taken_ = 0;
};

// Calls f(OpX<T>{}) for a value type and operator: int32 and uint32 take add,
// max and min; float32 takes add (max and min of floats are not taught here).
template <class F>
decltype(auto) dispatch_value_op(ValueType type, Op op, F&& f) {
    switch (type) {
        case ValueType::F32:
            if (op != Op::Add) throw std::invalid_argument("float32 scans take only add");
            return f(OpAdd<float>{});
        case ValueType::U32:
            if (op == Op::Max) return f(OpMax<unsigned>{});
            if (op == Op::Min) return f(OpMin<unsigned>{});
            return f(OpAdd<unsigned>{});
        case ValueType::I32:
        default:
            if (op == Op::Max) return f(OpMax<int>{});
            if (op == Op::Min) return f(OpMin<int>{});
            return f(OpAdd<int>{});
    }
}

template <class Policy>
constexpr size_t lookback_tiles(size_t n) {
    return (n + Policy::kTileItems - 1) / Policy::kTileItems;
}

// Scans d_in[0, n) into d_out (separate arrays) on `stream`; asynchronous.
// Checks the launch, not its execution (the caller synchronizes).
template <class Policy, class ScanOp, class Probe = LookbackNoProbe>
void launch_decoupled_lookback(const typename ScanOp::value_type* d_in, typename ScanOp::value_type* d_out,
                               size_t n, bool exclusive, LookbackWorkspace& ws, cudaStream_t stream,
                               typename Probe::Buffer probe_buffer = {}) {
    if (n == 0) return;
    const size_t tiles = lookback_tiles<Policy>(n);
    if (tiles > 0x7fffffffu) throw std::invalid_argument("decoupled look-back: too many tiles for one grid");
    LookbackParams p{};
    p.status = ws.prepare(tiles, p.epoch);
    p.exclusive = exclusive;
    if constexpr (Policy::kTileCounter) p.tile_counter = ws.take_tiles(tiles, p.tile_base);
    if constexpr (Policy::kStaged) {
        // Ask for the largest shared-memory carveout: staged tiles are bounded by it.
        static const bool carveout_set = [] {
            SCANVIZ_CUDA_CHECK(cudaFuncSetAttribute(decoupled_lookback_kernel<Policy, ScanOp, Probe>,
                                                    cudaFuncAttributePreferredSharedMemoryCarveout,
                                                    cudaSharedmemCarveoutMaxShared));
            return true;
        }();
        (void)carveout_set;
    }
    decoupled_lookback_kernel<Policy, ScanOp, Probe>
        <<<static_cast<unsigned>(tiles), Policy::kThreads, 0, stream>>>(d_in, d_out, n, p, probe_buffer);
    SCANVIZ_CUDA_CHECK(cudaGetLastError());
}

}  // namespace scanviz::kern
