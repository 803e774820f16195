// Host side of the decoupled look-back scan: the status-word workspace and
// the launcher, for the benchmark (kernels/bench/) and the plain API
// (decoupled_lookback.hpp). The caller owns device memory; nothing here
// allocates except the workspace, once, when it grows.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
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
    int words_per_tile_ = 1;
    DeviceArray<uint64_t> counter_;
    unsigned long long taken_ = 0;
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

// The tiles of a kSplitTiles policy (policy.cuh): `wave` full-size tiles' items at the head
// (kSplitHead, whole tiles only) and at the tail (kSplitTail) go to tiles of big / k items.
struct LookbackSplitLayout {
    size_t head_tiles = 0;  // small tiles before the full-size ones
    size_t big_tiles = 0;   // full-size tiles (the last may be partial when the tail is not split)
    size_t tiles = 0;       // all tiles
};
inline LookbackSplitLayout lookback_split_layout(size_t n, size_t big, size_t k, size_t wave, bool head,
                                                 bool tail) {
    const size_t small = big / k;
    LookbackSplitLayout l;
    const size_t head_big = head ? std::min(wave, n / big) : 0;
    const size_t rest = n - head_big * big;
    const size_t rest_big = (rest + big - 1) / big;
    l.head_tiles = head_big * k;
    l.big_tiles = rest_big - (tail ? std::min(wave, rest_big) : 0);
    const size_t after = rest > l.big_tiles * big ? rest - l.big_tiles * big : 0;
    l.tiles = l.head_tiles + l.big_tiles + (after + small - 1) / small;
    return l;
}

// Blocks of the kernel the current device holds at once (the occupancy calculator; the
// launcher calls it after setting the kernel's shared-memory attributes), once per kernel
// (the first device it runs on): a persistent grid's size.
template <class Policy, class ScanOp, class Probe>
size_t lookback_resident_blocks(size_t dynamic_bytes) {
    static const size_t blocks = [&] {
        int device = 0, sms = 0, per_sm = 0;
        SCANVIZ_CUDA_CHECK(cudaGetDevice(&device));
        SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        SCANVIZ_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &per_sm, decoupled_lookback_kernel<Policy, ScanOp, Probe>, Policy::kThreads, dynamic_bytes));
        return static_cast<size_t>(std::max(per_sm, 1)) * static_cast<size_t>(std::max(sms, 1));
    }();
    return blocks;
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
    size_t tiles = lookback_tiles<Policy>(n);
    if constexpr (Policy::kSplitTiles > 1) {
        const size_t wave = lookback_resident_blocks<Policy, ScanOp, Probe>(kDynamicBytes);
        const LookbackSplitLayout l = lookback_split_layout(n, Policy::kTileItems, Policy::kSplitTiles, wave,
                                                            Policy::kSplitHead, Policy::kSplitTail);
        tiles = l.tiles;
        p.head_tiles = static_cast<uint32_t>(l.head_tiles);
        p.big_tiles = static_cast<uint32_t>(l.big_tiles);
    }
    if (tiles > 0x7fffffffu) throw std::invalid_argument("decoupled look-back: too many tiles for one grid");
    p.status = ws.prepare(tiles, p.epoch, LbWord<typename ScanOp::value_type>::kWordsPerTile);
    p.exclusive = exclusive;
    p.tiles = static_cast<uint32_t>(tiles);
    size_t grid = tiles;
    if constexpr (Policy::kPersistent) grid = std::min(tiles, lookback_resident_blocks<Policy, ScanOp, Probe>(kDynamicBytes));
    // Every block takes one index past the last tile (persistent blocks: after their last).
    if constexpr (Policy::kTileCounter)
        p.tile_counter = ws.take_tiles(Policy::kPersistent ? tiles + grid : tiles, p.tile_base);
    decoupled_lookback_kernel<Policy, ScanOp, Probe>
        <<<static_cast<unsigned>(grid), Policy::kThreads, kDynamicBytes, stream>>>(d_in, d_out, n, p,
                                                                                  probe_buffer);
    SCANVIZ_CUDA_CHECK(cudaGetLastError());
}

}  // namespace scanviz::kern
