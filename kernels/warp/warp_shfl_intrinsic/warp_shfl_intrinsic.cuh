// Kogge-Stone warp scan through register shuffles, written with the intrinsic.
//
// The same scan as warp_shfl_ptx.cuh (CUDA Handbook 13.5.3), in the form most
// code uses (e.g. CMU 15-418's scan_warp with shuffles): __shfl_up_sync, then
// `if (lane >= d)` before the operator. The intrinsic does not expose the
// shuffle's predicate, so the lane test is computed again; the SASS panel
// shows what that costs.
#pragma once

#include "../../probe.cuh"
#include "../warp_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

// WarpShflIntrinsicPhases (phases.hpp): the exclusive shift after this routine is in
// warp_common.cuh.  // step: exclusive shift

// x: this lane's value (one register; trace slot `lane`). Returns the
// lane's inclusive scan after five shuffle steps, d = 1, 2, 4, 8, 16.
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ T warp_scan_shfl_intrinsic(T x, int lane, ScanOp op, Probe& probe) {
    for (int d = 1; d < 32; d *= 2) {
        const T below = __shfl_up_sync(kFullMask, x, d);  // step: shuffle up
        if (lane >= d) {
            x = op(below, x);
            probe.combine(lane, lane - d, lane);
        }
        probe.reg(lane, x);
        probe.end_step(WarpShflIntrinsicPhases::kShuffleUp, d, kShflSync);
    }
    return x;
}

}  // namespace scanviz::kern
