// The legacy warp-synchronous Kogge-Stone scan: volatile shared memory and no
// barrier at all (CUDA Handbook 13.5, listing 13.13, as printed).
//
// It relies on the 32 lanes of a warp executing each instruction together
// (lockstep), so every lane has loaded s[-d] before any lane stores s[0]; the
// volatile keeps the compiler from caching shared values in registers. That
// holds only on GPUs before Volta. Since Volta, lanes are scheduled
// independently and nothing orders one lane's store before another lane's
// load: this form is a data race (compute-sanitizer racecheck reports it) and
// is kept, labelled, for teaching. warp_conditional.cuh is the correct form.
#pragma once

#include "../../probe.cuh"
#include "../warp_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {


// s_warp: the warp's 32 partials in shared memory (owned by the caller).
// Returns this lane's inclusive scan, IF the warp runs in lockstep.
// (The TraceProbe's snapshots add __syncwarp() between steps; the NoProbe
// instantiation has none.)
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ T warp_scan_legacy_volatile(volatile T* s_warp, int lane, ScanOp op,
                                                       Probe& probe) {
    volatile T* s_partials = s_warp + lane;  // the Handbook's sPartials: this lane's own element
    for (int d = 1; d < 32; d *= 2) {
        if (lane >= d) {
            s_partials[0] = op(s_partials[-d], s_partials[0]);  // step: kogge-stone (no barrier)
            probe.combine(lane, lane - d, lane);
        }
        probe.shared(const_cast<const T*>(s_warp), 0, 32);
        probe.end_step(WarpLegacyVolatilePhases::kKoggeStone, d, kLockstep);
    }
    return s_partials[0];
}

// Exclusive shift in the same warp-synchronous style (no barrier between the
// load of the lane below and the store).
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ T warp_exclusive_shift_legacy(volatile T* s_warp, int lane, Probe& probe) {
    const T prev = lane > 0 ? s_warp[lane - 1] : ScanOp::identity();  // step: exclusive shift (no barrier)
    s_warp[lane] = prev;
    if (lane > 0)
        probe.copy(lane, lane - 1);
    else
        probe.set(0);
    probe.shared(const_cast<const T*>(s_warp), 0, 32);
    probe.end_step(WarpLegacyVolatilePhases::kExclusiveShift, -1, kLockstep);
    return prev;
}

}  // namespace scanviz::kern
