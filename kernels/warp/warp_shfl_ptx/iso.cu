// Isolation kernel of warp_shfl_ptx for the SASS view: the routine of
// warp_shfl_ptx.cuh in its simplest instantiation (int32 add, inclusive, NoProbe)
// between a global load and a global store, and the same kernel without the
// routine (base_warp_shfl_ptx: the baseline for "kernel minus baseline").
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"
#include "kernels/warp/warp_shfl_ptx/warp_shfl_ptx.cuh"

namespace scanviz::kern {

extern "C" __global__ void iso_warp_shfl_ptx(const int* in, int* out) {
    const int lane = static_cast<int>(threadIdx.x) & 31;
    NoProbe probe;
    out[lane] = warp_scan_shfl_ptx(in[lane], lane, OpAdd<int>{}, probe);
}

extern "C" __global__ void base_warp_shfl_ptx(const int* in, int* out) {
    const int lane = static_cast<int>(threadIdx.x) & 31;
    out[lane] = in[lane];
}

}  // namespace scanviz::kern
