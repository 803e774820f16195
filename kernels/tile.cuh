// Which tile a block scans. A traced run launches one block, which scans
// elements [0, n). The throughput benchmark (kernels/bench/) launches many
// blocks at once, as a block scan runs inside a larger scan, and block b then
// scans its own tile [b n, (b + 1) n): each kernel moves its in and out
// pointers by tile_offset(n) before it reads or writes anything.
#pragma once

#include <cstddef>

namespace scanviz::kern {

__device__ __forceinline__ size_t tile_offset(int n) { return static_cast<size_t>(blockIdx.x) * static_cast<size_t>(n); }

}  // namespace scanviz::kern
