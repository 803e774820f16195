// Isolation kernel of warp_segmented for the SASS view: the routine of
// warp_segmented.cuh in its simplest instantiation (int32 add, inclusive; the input words carry
// the head flags in bit 31, NoProbe) between a global load and a global store, and the same kernel without
// the routine (base_warp_segmented: the baseline for "kernel minus baseline").
#include <cstdint>

#include "kernels/ops.cuh"
#include "kernels/probe.cuh"
#include "kernels/warp/warp_segmented/warp_segmented.cuh"

namespace scanviz::kern {

extern "C" __global__ void iso_warp_segmented(const uint32_t* in, int* out) {
    __shared__ int s_partials[32];
    const int lane = static_cast<int>(threadIdx.x) & 31;
    NoProbe probe;
    int distance;
    out[lane] = warp_scan_segmented(s_partials, in[lane], lane, OpAdd<int>{}, probe, distance);
}

extern "C" __global__ void base_warp_segmented(const uint32_t* in, int* out) {
    const int lane = static_cast<int>(threadIdx.x) & 31;
    out[lane] = unpack_value<int>(in[lane]);
}

}  // namespace scanviz::kern
