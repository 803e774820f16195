// Segmented Kogge-Stone warp scan with packed head flags.
//
// Each lane's 32-bit word carries its value in bits 0..30 and, in bit 31, a
// flag that says "a segment starts here" (the packed-head-flag segmented warp
// scan described on the Alea GPU blog, after Modern GPU's segmented scan).
// One __ballot_sync gathers all 32 flags; keeping the bits of the lanes at or
// below this one (%lanemask_le) and counting leading zeros (__clz) gives the
// distance from this lane back to its segment's head. The Kogge-Stone step
// then tests `d <= distance` where the plain scan tests `d <= lane`
// (lane >= d), so no combine ever reads across a head.
// Each step is split into read, __syncwarp(), write (correct on Volta+).
//
// What the packing allows: bit 31 must be free in every value, so int32
// values must be non-negative and float32 values must be non-negative (bit 31
// is the float's sign). Sums may use all 32 bits: only inputs are packed.
#pragma once

#include <cstdint>
#include <type_traits>

#include "../../probe.cuh"
#include "../warp_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {


inline constexpr uint32_t kHeadFlagBit = 0x80000000u;

// Trace slots: s_partials[lane] is slot lane, this lane's distance register is
// slot kSegDistanceSlot + lane.
inline constexpr int kSegDistanceSlot = 32;

__device__ __forceinline__ uint32_t lanemask_le() {
    uint32_t mask;
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(mask));
    return mask;
}

template <class T>
__device__ __forceinline__ T unpack_value(uint32_t packed) {
    if constexpr (std::is_same_v<T, float>)
        return __uint_as_float(packed & ~kHeadFlagBit);
    else
        return static_cast<T>(packed & ~kHeadFlagBit);
}

// packed: this lane's value with its head flag in bit 31 (lane 0 must carry a
// head). s_partials: the warp's 32 words of shared memory (owned by the
// caller). Returns this lane's inclusive scan within its segment and sets
// `distance` to the number of lanes between this lane and its segment's head.
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ T warp_scan_segmented(T* s_partials, uint32_t packed, int lane, ScanOp op,
                                                 Probe& probe, int& distance) {
    const uint32_t heads = __ballot_sync(kFullMask, packed & kHeadFlagBit);  // step: head distance
    distance = __clz(heads & lanemask_le()) + lane - 31;
    probe.set(kSegDistanceSlot + lane);
    probe.reg(kSegDistanceSlot + lane, static_cast<T>(distance));
    s_partials[lane] = unpack_value<T>(packed);
    probe.set(lane);
    __syncwarp();
    probe.shared(s_partials, 0, 32);
    probe.end_step(WarpSegmentedPhases::kHeadDistance, -1, kSyncWarp);

    for (int d = 1; d < 32; d *= 2) {
        T partner;
        if (d <= distance) partner = s_partials[lane - d];  // step: segmented kogge-stone
        __syncwarp();
        if (d <= distance) {
            s_partials[lane] = op(partner, s_partials[lane]);  // step: segmented kogge-stone
            probe.combine(lane, lane - d, lane);
        }
        __syncwarp();
        probe.shared(s_partials, 0, 32);
        probe.reg(kSegDistanceSlot + lane, static_cast<T>(distance));
        probe.end_step(WarpSegmentedPhases::kSegmentedKoggeStone, d, kSyncWarp);
    }
    return s_partials[lane];
}

// Exclusive form of the segmented scan: each lane takes the value of the lane
// below it, except a segment's head, which takes the identity.
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ void warp_exclusive_shift_segmented(T* s_partials, int lane, int distance,
                                                               Probe& probe) {
    const T prev = distance > 0 ? s_partials[lane - 1] : ScanOp::identity();  // step: exclusive shift
    __syncwarp();
    s_partials[lane] = prev;
    if (distance > 0)
        probe.copy(lane, lane - 1);
    else
        probe.set(lane);
    __syncwarp();
    probe.shared(s_partials, 0, 32);
    probe.reg(kSegDistanceSlot + lane, static_cast<T>(distance));
    probe.end_step(WarpSegmentedPhases::kExclusiveShift, -1, kSyncWarp);
}

}  // namespace scanviz::kern
