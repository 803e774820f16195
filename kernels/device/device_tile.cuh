// What one thread block does to one tile of a whole-array scan, shared by
// scan-then-propagate and reduce-then-scan (CMU 15-418, "scanning large
// arrays"): a tile is THREADS x ITEMS elements in blocked order (thread t
// holds elements t*ITEMS ..); the last tile may be short, and its missing
// elements read as the identity.
//
//   block_reduce_tile   fold the tile into one value: a sequential reduction
//                       in registers, a shuffle-down tree in each warp, the
//                       warp partials folded in warp order by thread 0.
//   scan_tiles_kernel   scan every tile with the block scan of
//                       kernels/block/block_warp_scans.cuh (CUB's WARP_SCANS
//                       strategy with items per thread), optionally seeded with
//                       the tile's prefix, optionally writing the aggregate.
//
// The host mirrors of these routines (app/core/models/device_common.cpp) do
// the same operations in the same order: float32 results match bit for bit.
#pragma once

#include <cstdint>

#include "../block/block_common.cuh"
#include "../block/block_warp_scans.cuh"
#include "../probe.cuh"
#include "tile_trace.cuh"

namespace scanviz::kern {

// The block scan the tiles use: one line to switch to another block strategy
// with the same signature.
template <class T, int ITEMS, class ScanOp>
__device__ __forceinline__ T tile_block_scan(BlockWarpScansStorage<T>& temp, T (&items)[ITEMS], int threads,
                                             bool exclusive, ScanOp op) {
    NoProbe no_probe;  // the tile-level trace records whole tiles, not the block's steps
    return block_scan_warp_scans<T, ITEMS>(temp, items, threads, exclusive, op, no_probe);
}

// Tile `tile` of an array of n elements: its first element and its length.
template <int TILE>
struct TileRange {
    int64_t first;
    int len;
    __device__ __forceinline__ explicit TileRange(int64_t tile, int64_t n)
        : first(tile * TILE), len(static_cast<int>(n - tile * TILE < TILE ? n - tile * TILE : TILE)) {}
};

// Block reduction: valid in thread 0. s_warp: one slot per warp (caller's shared memory).
template <int THREADS, int ITEMS, class T, class ScanOp>
__device__ __forceinline__ T block_reduce_tile(T* s_warp, const T (&items)[ITEMS], ScanOp op) {
    constexpr int kWarps = THREADS / kWarpThreads;
    const int lane = static_cast<int>(threadIdx.x) % kWarpThreads;
    const int warp = static_cast<int>(threadIdx.x) / kWarpThreads;
    T x = items[0];
#pragma unroll
    for (int i = 1; i < ITEMS; ++i) x = op(x, items[i]);
#pragma unroll
    for (int d = kWarpThreads / 2; d >= 1; d /= 2) {
        const T other = __shfl_down_sync(0xffffffffu, x, d);
        if (lane + d < kWarpThreads) x = op(x, other);
    }
    if (lane == 0) s_warp[warp] = x;
    __syncthreads();
    T aggregate = s_warp[0];
    if (threadIdx.x == 0) {
#pragma unroll
        for (int w = 1; w < kWarps; ++w) aggregate = op(aggregate, s_warp[w]);
    }
    return aggregate;
}

// Scans every tile of in[0, n) into out (one block per tile).
//   tile_aggregates  when not null: the tile's aggregate (block aggregate) at [tile]
//   tile_prefixes    when not null: seed tile k > 0 with tile_prefixes[k], as if
//                    it stood in front of the tile (element 0 becomes
//                    op(prefix, element 0); an exclusive scan's element 0 is
//                    the prefix)
template <class ScanOp, int THREADS, int ITEMS, class TileProbeT>
__global__ void __launch_bounds__(THREADS)
    scan_tiles_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int64_t n,
                      bool exclusive, typename ScanOp::value_type* tile_aggregates,
                      const typename ScanOp::value_type* tile_prefixes, TileProbeT probe) {
    using T = typename ScanOp::value_type;
    constexpr int kTile = THREADS * ITEMS;
    __shared__ BlockWarpScansStorage<T> s_temp;
    const ScanOp op{};
    const int64_t tile = blockIdx.x;
    const TileRange<kTile> range(tile, n);
    const bool seeded = tile_prefixes != nullptr && tile > 0;

    T items[ITEMS];
    load_blocked<ScanOp>(in + range.first, range.len, items);
    T prefix{};
    if (seeded) {
        prefix = tile_prefixes[tile];
        if (threadIdx.x == 0) items[0] = op(prefix, items[0]);
    }
    const T aggregate = tile_block_scan(s_temp, items, THREADS, exclusive, op);
    if (seeded && exclusive && threadIdx.x == 0) items[0] = prefix;
    store_blocked(out + range.first, range.len, items);
    if (tile_aggregates != nullptr && threadIdx.x == 0) tile_aggregates[tile] = aggregate;
    probe.scan(static_cast<int>(tile), static_cast<int>(range.first), range.len, seeded, tile_aggregates != nullptr);
}

}  // namespace scanviz::kern
