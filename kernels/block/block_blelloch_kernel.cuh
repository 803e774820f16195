// The kernel body of the variants block_blelloch and block_blelloch_padded
// (one block, tile m = next power of two >= n, m / 2 threads): one tile
// routine, PADDED choosing GPU Gems 3's conflict-free offset (39.2.3). Each
// variant's .cu wraps it in its own __global__ (ncu's kernels are matched to
// variants by name: core/profile, kernel_name_of) and registers it.
#pragma once

#include "block_blelloch.cuh"
#include "block_launch.cuh"

namespace scanviz::kern {

template <bool PADDED, class ScanOp, class Probe>
__device__ __forceinline__ void block_blelloch_tile(const typename ScanOp::value_type* in,
                                                    typename ScanOp::value_type* out, int n, bool exclusive,
                                                    TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ BlockBlellochStorage<T, PADDED> s;
    const int thid = static_cast<int>(threadIdx.x);
    const int m = 2 * static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    if constexpr (Probe::kOn) {  // padding words, shown before anything is written
        for (int w = thid; w < blelloch_words(m, PADDED); w += blockDim.x) s.temp[w] = T(0);
        __syncthreads();
    }
    // Each thread loads elements thid and thid + m/2 (GPU Gems 3, 39.2.3); past n, the identity.
    for (int e = thid; e < m; e += m / 2)
        s.temp[blelloch_word(e, PADDED)] = e < n ? in[e] : ScanOp::identity();
    __syncthreads();
    probe.shared(s.temp, 0, blelloch_words(m, PADDED));
    probe.initial();
    block_scan_blelloch(s, m, exclusive, ScanOp{}, probe);
    for (int e = thid; e < m; e += m / 2)
        if (e < n) out[e] = s.temp[blelloch_word(e, PADDED)];
}

}  // namespace scanviz::kern
