// Isolation kernel of warp_templated for the SASS view: the routine of
// warp_templated.cuh in its simplest instantiation (int32 add, inclusive, bZeroPad = true as the
// variant runs it, NoProbe) between a global load and a global store, and the same kernel without the routine
// (base_warp_templated: the baseline for "kernel minus baseline"). iso_warp_templated__plain is the bZeroPad
// = false instantiation (the lane conditionals), for comparison with warp_conditional.
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"
#include "kernels/warp/warp_templated/warp_templated.cuh"

namespace scanviz::kern {

extern "C" __global__ void iso_warp_templated(const int* in, int* out) {
    __shared__ int s_base[scan_shared_words<true>(32)];
    const int tid = static_cast<int>(threadIdx.x) & 31;
    NoProbe probe;
    if (tid < kZeroPadLeading) s_base[tid] = OpAdd<int>::identity();
    s_base[scan_shared_index<true>(tid)] = in[tid];
    __syncwarp();
    out[tid] = warp_scan_templated<int, true>(s_base, tid, OpAdd<int>{}, probe);
}

extern "C" __global__ void base_warp_templated(const int* in, int* out) {
    __shared__ int s_base[scan_shared_words<true>(32)];
    const int tid = static_cast<int>(threadIdx.x) & 31;
    if (tid < kZeroPadLeading) s_base[tid] = OpAdd<int>::identity();
    s_base[scan_shared_index<true>(tid)] = in[tid];
    __syncwarp();
    out[tid] = s_base[scan_shared_index<true>(tid)];
}

extern "C" __global__ void iso_warp_templated__plain(const int* in, int* out) {
    __shared__ int s_base[scan_shared_words<false>(32)];
    const int tid = static_cast<int>(threadIdx.x) & 31;
    NoProbe probe;
    s_base[tid] = in[tid];
    __syncwarp();
    out[tid] = warp_scan_templated<int, false>(s_base, tid, OpAdd<int>{}, probe);
}

}  // namespace scanviz::kern
