// Isolation kernel of warp_shfl_intrinsic for the SASS view: the routine of
// warp_shfl_intrinsic.cuh in its simplest instantiation (int32 add, inclusive, NoProbe)
// between a global load and a global store, and the same kernel without the
// routine (base_warp_shfl_intrinsic: the baseline for "kernel minus baseline").
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"
#include "kernels/warp/warp_shfl_intrinsic/warp_shfl_intrinsic.cuh"

namespace scanviz::kern {

extern "C" __global__ void iso_warp_shfl_intrinsic(const int* in, int* out) {
    const int lane = static_cast<int>(threadIdx.x) & 31;
    NoProbe probe;
    out[lane] = warp_scan_shfl_intrinsic(in[lane], lane, OpAdd<int>{}, probe);
}

extern "C" __global__ void base_warp_shfl_intrinsic(const int* in, int* out) {
    const int lane = static_cast<int>(threadIdx.x) & 31;
    out[lane] = in[lane];
}

}  // namespace scanviz::kern
