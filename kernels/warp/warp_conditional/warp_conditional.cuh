// Kogge-Stone warp scan in shared memory with lane conditionals.
//
// The CUDA Handbook's scanWarp (13.5, listing 13.13) adds s[i-d] into s[i]
// for d = 1, 2, 4, 8, 16 on lanes with lane >= d, relying on the warp running
// in lockstep. Since Volta, lanes of a warp may be scheduled independently, so
// this form splits each step into a read, a __syncwarp(), and a write: every
// lane has read its partner before any lane overwrites one. Five steps; the
// conditionals compile to predicates, not branches.
// Race lab (kernels/barriers.cuh): kKeep drops a barrier, two per step in
// program order (after the reads, after the writes); the default keeps all.
#pragma once

#include "../../barriers.cuh"
#include "../../probe.cuh"
#include "phases.hpp"

namespace scanviz::kern {

// WarpConditionalPhases (phases.hpp): the exclusive shift after this routine is in
// warp_common.cuh.  // step: exclusive shift

// s_partials: this warp's 32 elements in shared memory (owned by the caller).
// Returns this lane's inclusive scan value.
template <class T, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers>
__device__ __forceinline__ T warp_scan_conditional(T* s_partials, int lane, ScanOp op, Probe& probe) {
    int barrier = 0;  // race lab: the index of the next barrier
    for (int d = 1; d < 32; d *= 2) {
        T partner;
        if (lane >= d) partner = s_partials[lane - d];  // step: kogge-stone
        if (barrier_kept<kKeep>(barrier++)) __syncwarp();
        if (lane >= d) {
            s_partials[lane] = op(partner, s_partials[lane]);  // step: kogge-stone
            probe.combine(lane, lane - d, lane);
        }
        if (barrier_kept<kKeep>(barrier++)) __syncwarp();
        probe.shared(s_partials, 0, 32);
        probe.end_step(WarpConditionalPhases::kKoggeStone, d, kSyncWarp);
    }
    return s_partials[lane];
}

}  // namespace scanviz::kern
