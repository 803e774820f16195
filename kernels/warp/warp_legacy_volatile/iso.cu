// Isolation kernel of warp_legacy_volatile for the SASS view: the routine of
// warp_legacy_volatile.cuh in its simplest instantiation (int32 add, inclusive, NoProbe)
// between a global load and a global store, and the same kernel without the
// routine (base_warp_legacy_volatile: the baseline for "kernel minus baseline").
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"
#include "kernels/warp/warp_legacy_volatile/warp_legacy_volatile.cuh"

namespace scanviz::kern {

extern "C" __global__ void iso_warp_legacy_volatile(const int* in, int* out) {
    __shared__ int s_warp[32];
    const int lane = static_cast<int>(threadIdx.x) & 31;
    NoProbe probe;
    s_warp[lane] = in[lane];
    __syncwarp();
    out[lane] = warp_scan_legacy_volatile<int>(s_warp, lane, OpAdd<int>{}, probe);
}

extern "C" __global__ void base_warp_legacy_volatile(const int* in, int* out) {
    __shared__ int s_warp[32];
    const int lane = static_cast<int>(threadIdx.x) & 31;
    s_warp[lane] = in[lane];
    __syncwarp();
    out[lane] = s_warp[lane];
}

}  // namespace scanviz::kern
