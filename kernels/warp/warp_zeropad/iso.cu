// Isolation kernel of warp_zeropad for the SASS view: the routine of
// warp_zeropad.cuh in its simplest instantiation (int32 add, inclusive, NoProbe)
// between a global load and a global store, and the same kernel without the
// routine (base_warp_zeropad: the baseline for "kernel minus baseline").
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"
#include "kernels/warp/warp_zeropad/warp_zeropad.cuh"

namespace scanviz::kern {

extern "C" __global__ void iso_warp_zeropad(const int* in, int* out) {
    __shared__ int s_warp[kZeroPadStride];
    const int lane = static_cast<int>(threadIdx.x) & 31;
    NoProbe probe;
    if (lane < kZeroPadLeading) s_warp[lane] = OpAdd<int>::identity();
    s_warp[kZeroPadLeading + lane] = in[lane];
    __syncwarp();
    out[lane] = warp_scan_zeropad(s_warp, lane, OpAdd<int>{}, probe);
}

extern "C" __global__ void base_warp_zeropad(const int* in, int* out) {
    __shared__ int s_warp[kZeroPadStride];
    const int lane = static_cast<int>(threadIdx.x) & 31;
    if (lane < kZeroPadLeading) s_warp[lane] = OpAdd<int>::identity();
    s_warp[kZeroPadLeading + lane] = in[lane];
    __syncwarp();
    out[lane] = s_warp[kZeroPadLeading + lane];
}

}  // namespace scanviz::kern
