// Scan-then-propagate over a whole array (CMU 15-418, "scanning large
// arrays"): three kernels, phases named in
// kernels/device/device_scan_then_propagate/phases.hpp:
//   scan tiles      scan_tiles_kernel (device_tile.cuh): every block scans its  // step: scan tiles
//                   tile into the output and writes the tile's aggregate;
//   scan tile sums  one block scans the aggregates, exclusive: the prefix of  // step: scan tile sums
//                   every tile (more tiles than one block holds: the whole
//                   algorithm again, on the aggregates);
//   add prefixes    add_prefixes_kernel (below): every tile but the first  // step: add prefixes
//                   combines its prefix into each of its elements.
// Memory traffic: n reads + n writes in pass 1, n reads + n writes in pass 3.
#pragma once

#include "../device_tile.cuh"
#include "phases.hpp"

namespace scanviz::kern {

// data[tile] = op(tile_prefixes[tile], data[tile]) for tiles 1 ..; the block's
// threads stride through the tile so that each load and store is coalesced.
template <class ScanOp, int THREADS, int ITEMS, class TileProbeT>
__global__ void __launch_bounds__(THREADS)
    add_prefixes_kernel(typename ScanOp::value_type* data, int64_t n,
                        const typename ScanOp::value_type* tile_prefixes, TileProbeT probe) {
    using T = typename ScanOp::value_type;
    const int64_t tile = blockIdx.x;
    if (tile == 0) return;  // no tiles before the first: nothing to add
    const TileRange<THREADS * ITEMS> range(tile, n);
    const ScanOp op{};
    const T prefix = tile_prefixes[tile];
    for (int i = static_cast<int>(threadIdx.x); i < range.len; i += THREADS)
        data[range.first + i] = op(prefix, data[range.first + i]);  // step: add prefixes
    probe.add_prefix(static_cast<int>(tile), static_cast<int>(range.first), range.len);
}

}  // namespace scanviz::kern
