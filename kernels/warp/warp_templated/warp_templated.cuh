// The CUDA Handbook's templated warp scan (13.5.2, listings 13.15 and 13.16):
// one routine, scanWarp<T, bZeroPad>, for both shared layouts.
//
//   bZeroPad = true   the zero-padded layout (49 * warp + 16 + lane): every
//                     lane combines every step, no conditionals (the
//                     variant warp_templated runs this instantiation);
//   bZeroPad = false  the plain layout (index = tid) with the lane
//                     conditionals of listing 13.13 (the same steps as the
//                     variant warp_conditional).
//
// Unlike scanWarp0 the running value stays in a register, t, and is stored
// after each step; the shared copy is what the other lanes read. Each step
// is split into read, __syncwarp(), write, so the form is correct under
// independent thread scheduling (Volta and later).
// Race lab (kernels/barriers.cuh): kKeep drops a barrier, two per step in
// program order (after the reads, after the writes); the default keeps all.
#pragma once

#include "../../barriers.cuh"
#include "../../probe.cuh"
#include "../warp_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

// WarpTemplatedPhases (phases.hpp): the exclusive shift after this routine is in
// warp_common.cuh.  // step: exclusive shift

// s_base: the block's partials (scan_shared_words<bZeroPad>(blockDim.x)
// words, owned by the caller; with bZeroPad the padding words hold ScanOp's
// identity). tid: this thread's index in the block. The probe's slots count
// from the start of this warp's words. Returns this lane's inclusive scan.
template <class T, bool bZeroPad, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers>
__device__ __forceinline__ T warp_scan_templated(T* s_base, int tid, ScanOp op, Probe& probe) {
    const int lane = tid & 31;
    const int idx = scan_shared_index<bZeroPad>(tid);
    T* s_partials = s_base + idx;  // the Handbook's sPartials: this thread's own element
    const int warp_base = bZeroPad ? kZeroPadStride * (tid >> 5) : tid - lane;  // probe slots only
    const int slot = idx - warp_base;
    T t = s_partials[0];
    int barrier = 0;  // race lab: the index of the next barrier
    for (int d = 1; d < 32; d *= 2) {
        T partner;
        if (bZeroPad || lane >= d) partner = s_partials[-d];  // step: kogge-stone
        if (barrier_kept<kKeep>(barrier++)) __syncwarp();
        if (bZeroPad || lane >= d) {
            t = op(partner, t);  // step: kogge-stone
            s_partials[0] = t;
            probe.combine(slot, slot - d, slot);
        }
        if (barrier_kept<kKeep>(barrier++)) __syncwarp();
        probe.shared(s_base + warp_base, 0, bZeroPad ? kZeroPadStride : 32);
        probe.end_step(WarpTemplatedPhases::kKoggeStone, d, kSyncWarp);
    }
    return t;
}

}  // namespace scanviz::kern
