// The kernel body of the block variants that scan a tile of
// m = 2 x threads elements in place with inclusive steps (block_brent_kung, block_sklansky).
// Each thread loads elements t and t + m/2, as PMPP's Brent-Kung kernel does; past n, the
// identity; exclusive loads the input shifted right by one with the identity first, so the
// same inclusive steps give it. A variant supplies its routine as
//   struct Scan {
//       template <class T> using Storage = ...;  // holds the tile in `xy`
//       template <class T, class ScanOp, class Probe>
//       static __device__ void run(Storage<T>& s, int m, ScanOp op, Probe& probe);
//   };
// and wraps block_pair_tile in its own __global__ (ncu matches kernels to variants by name).
// Their isolation kernels share block_pair_iso.cuh.
#pragma once

#include "block_launch.cuh"

namespace scanviz::kern {

template <class Scan, class ScanOp, class Probe>
__device__ __forceinline__ void block_pair_tile(const typename ScanOp::value_type* in,
                                                typename ScanOp::value_type* out, int n, bool exclusive,
                                                TraceBuffer buf) {
    __shared__ typename Scan::template Storage<typename ScanOp::value_type> s;
    const int t = static_cast<int>(threadIdx.x);
    const int m = 2 * static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    for (int e = t; e < m; e += m / 2) {
        const int from = exclusive ? e - 1 : e;
        s.xy[e] = from >= 0 && from < n ? in[from] : ScanOp::identity();
    }
    __syncthreads();
    probe.shared(s.xy, 0, m);
    probe.initial();
    Scan::run(s, m, ScanOp{}, probe);
    for (int e = t; e < m; e += m / 2)
        if (e < n) out[e] = s.xy[e];
}

}  // namespace scanviz::kern
