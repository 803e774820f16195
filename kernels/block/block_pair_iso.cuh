// The isolation kernels' bodies of the pair-tile block variants (block_pair_tile.cuh) for the
// SASS view. Only the routine's headers are included, so that the cubin holds nothing else.
#pragma once

#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

// The isolation kernels' bodies for the SASS view: the routine in its simplest instantiation
// (int32 add, inclusive, kPairIsoThreads threads, NoProbe) between global loads and stores,
// and the same without the routine (the baseline for "kernel minus baseline").
inline constexpr int kPairIsoThreads = 128;

template <class Scan, bool kWithScan>
__device__ __forceinline__ void block_pair_iso(const int* in, int* out) {
    __shared__ typename Scan::template Storage<int> s;
    const int t = static_cast<int>(threadIdx.x);
    s.xy[t] = in[t];
    s.xy[t + kPairIsoThreads] = in[t + kPairIsoThreads];
    __syncthreads();
    if constexpr (kWithScan) {
        NoProbe probe;
        Scan::run(s, 2 * kPairIsoThreads, OpAdd<int>{}, probe);
    }
    out[t] = s.xy[t];
    out[t + kPairIsoThreads] = s.xy[t + kPairIsoThreads];
}

}  // namespace scanviz::kern
