// Isolation kernel of warp_conditional for the SASS view: the routine of
// warp_conditional.cuh in its simplest instantiation (int32 add,
// inclusive, NoProbe) between a global load and a global store, and the same
// kernel without the routine (the baseline for "kernel minus baseline").
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"
#include "kernels/warp/warp_conditional/warp_conditional.cuh"

namespace scanviz::kern {

extern "C" __global__ void iso_warp_conditional(const int* in, int* out) {
    __shared__ int s_partials[32];
    const int lane = static_cast<int>(threadIdx.x) & 31;
    NoProbe probe;
    s_partials[lane] = in[lane];
    __syncwarp();
    out[lane] = warp_scan_conditional(s_partials, lane, OpAdd<int>{}, probe);
}

extern "C" __global__ void base_warp_conditional(const int* in, int* out) {
    __shared__ int s_partials[32];
    const int lane = static_cast<int>(threadIdx.x) & 31;
    s_partials[lane] = in[lane];
    __syncwarp();
    out[lane] = s_partials[lane];
}

}  // namespace scanviz::kern
