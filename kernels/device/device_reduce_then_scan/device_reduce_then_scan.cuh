// Reduce-then-scan over a whole array (CMU 15-418, "scanning large arrays"):
// three kernels, phases named in kernels/device/device_reduce_then_scan/phases.hpp:
//   reduce tiles    reduce_tiles_kernel (below): every block folds its tile  // step: reduce tiles
//                   into the tile's aggregate (nothing else is written);
//   scan tile sums  one block scans the aggregates, exclusive: the prefix of  // step: scan tile sums
//                   every tile (more tiles than one block holds: the whole
//                   algorithm again, on the aggregates);
//   scan tiles      scan_tiles_kernel (device_tile.cuh) seeded with the tile's  // step: scan tiles
//                   prefix: every block scans its tile again and writes the
//                   output.
// Memory traffic: n reads in pass 1, n reads + n writes in pass 3: one pass of
// writes less than scan-then-propagate.
#pragma once

#include "../device_tile.cuh"
#include "phases.hpp"

namespace scanviz::kern {

template <class ScanOp, int THREADS, int ITEMS, class TileProbeT>
__global__ void __launch_bounds__(THREADS)
    reduce_tiles_kernel(const typename ScanOp::value_type* in, int64_t n,
                        typename ScanOp::value_type* tile_aggregates, TileProbeT probe) {
    using T = typename ScanOp::value_type;
    __shared__ T s_warp[THREADS / kWarpThreads];
    const int64_t tile = blockIdx.x;
    const TileRange<THREADS * ITEMS> range(tile, n);
    T items[ITEMS];
    load_blocked<ScanOp>(in + range.first, range.len, items);
    const T aggregate = block_reduce_tile<THREADS>(s_warp, items, ScanOp{});  // step: reduce tiles
    if (threadIdx.x == 0) tile_aggregates[tile] = aggregate;  // step: reduce tiles
    probe.reduce(static_cast<int>(tile), static_cast<int>(range.first), range.len);
}

}  // namespace scanviz::kern
