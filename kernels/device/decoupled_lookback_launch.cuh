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
#include "core/bench/bench.hpp"
#include "decoupled_lookback.cuh"

namespace scanviz::kern {

// Tile status words for as many tiles as the largest launch so far. Each
// launch takes a new epoch, so words left by earlier launches read as "not
// ready" and the array is cleared only when it grows or the epoch wraps:
// one kernel per scan, no memset in between.
class LookbackWorkspace {
public:
    // Status words for `tiles` tiles of `words_per_tile` 64-bit words each (LbWord: 1 for
    // 4-byte values, 2 for 8-byte ones), and the epoch of the launch about to use them.
    // A launch with another word layout than the last clears the array first: a word of
    // one layout must never read as a ready word of the other.
    unsigned long long* prepare(size_t tiles, uint32_t& epoch, int words_per_tile = 1) {
        const size_t words = tiles * static_cast<size_t>(words_per_tile);
        if (words > status_.size()) {
            status_ = DeviceArray<uint64_t>(words + words / 4 + 64);
            status_.fill_bytes(0);
            epoch_ = 0;
        } else if (words_per_tile != words_per_tile_) {
            status_.fill_bytes(0);
            epoch_ = 0;
        }
        words_per_tile_ = words_per_tile;
        if (++epoch_ >= kEpochLimit) {
            status_.fill_bytes(0);
            epoch_ = 1;
        }
        epoch = epoch_;
        return reinterpret_cast<unsigned long long*>(status_.get());
    }

private:
    static constexpr uint32_t kEpochLimit = 1u << 30;  // the flag field keeps 30 bits of epoch
    DeviceArray<uint64_t> status_;
    uint32_t epoch_ = 0;
    int words_per_tile_ = 1;
};

// Calls f(OpX<T>{}) for a value type and operator: every type of ValueType takes
// add, max and min on the whole-array path (the teaching variants keep float32 to add).
template <class T, class F>
decltype(auto) dispatch_op_of(Op op, F&& f) {
    if (op == Op::Max) return f(OpMax<T>{});
    if (op == Op::Min) return f(OpMin<T>{});
    return f(OpAdd<T>{});
}
template <class F>
decltype(auto) dispatch_value_op(ValueType type, Op op, F&& f) {
    switch (type) {
        case ValueType::F32:
            return dispatch_op_of<float>(op, f);
        case ValueType::U32:
            return dispatch_op_of<unsigned>(op, f);
        case ValueType::I64:
            return dispatch_op_of<long long>(op, f);
        case ValueType::F64:
            return dispatch_op_of<double>(op, f);
        case ValueType::I32:
        default:
            return dispatch_op_of<int>(op, f);
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
    // Dynamic shared memory: the tile's scratch, when the policy puts it there.
    constexpr size_t kDynamicBytes =
        Policy::kDynamicSmem ? sizeof(LookbackTempStorage<Policy, typename ScanOp::value_type>) : 0;
    if constexpr (Policy::kStaged) {
        // Ask for the largest shared-memory carveout: staged tiles are bounded by it.
        static const bool carveout_set = [] {
            SCANVIZ_CUDA_CHECK(cudaFuncSetAttribute(decoupled_lookback_kernel<Policy, ScanOp, Probe>,
                                                    cudaFuncAttributePreferredSharedMemoryCarveout,
                                                    cudaSharedmemCarveoutMaxShared));
            if constexpr (kDynamicBytes > 0)
                SCANVIZ_CUDA_CHECK(cudaFuncSetAttribute(decoupled_lookback_kernel<Policy, ScanOp, Probe>,
                                                        cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                        static_cast<int>(kDynamicBytes)));
            return true;
        }();
        (void)carveout_set;
    }
    LookbackParams p{};
    const size_t tiles = lookback_tiles<Policy>(n);
    if (tiles > 0x7fffffffu) throw std::invalid_argument("decoupled look-back: too many tiles for one grid");
    p.status = ws.prepare(tiles, p.epoch, LbWord<typename ScanOp::value_type>::kWordsPerTile);
    p.exclusive = exclusive;
    decoupled_lookback_kernel<Policy, ScanOp, Probe>
        <<<static_cast<unsigned>(tiles), Policy::kThreads, kDynamicBytes, stream>>>(d_in, d_out, n, p,
                                                                                   probe_buffer);
    SCANVIZ_CUDA_CHECK(cudaGetLastError());
}

}  // namespace scanviz::kern
