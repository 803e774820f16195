// Zero-padded Kogge-Stone warp scan in shared memory.
//
// The CUDA Handbook's scanWarp0 (13.5.1, listing 13.14) places 16 identity
// words (zeros, for add) before each warp's 32 partials, so a lane whose
// partner s[i-d] would lie before the warp reads an identity word instead:
// every lane combines at every step and the lane conditionals disappear.
// Layout: warp w's partial of lane l at kZeroPadStride * w + kZeroPadLeading + l
// (49 * w + 16 + l; constants in core/models/warp_models.hpp).
// As in warp_conditional.cuh, each step is split into read, __syncwarp(),
// write, so the form is correct under independent thread scheduling (Volta+).
// Race lab (kernels/barriers.cuh): kKeep drops a barrier, two per step in
// program order (after the reads, after the writes); the default keeps all.
#pragma once

#include "../../barriers.cuh"
#include "../../probe.cuh"
#include "../warp_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

// WarpZeropadPhases (phases.hpp): the exclusive shift after this routine is in
// warp_common.cuh.  // step: exclusive shift

// s_warp: this warp's kZeroPadStride words in shared memory (owned by the
// caller), its first kZeroPadLeading words holding ScanOp's identity and the
// lane's partial at kZeroPadLeading + lane. Returns this lane's inclusive scan.
template <class T, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers>
__device__ __forceinline__ T warp_scan_zeropad(T* s_warp, int lane, ScanOp op, Probe& probe) {
    const int idx = kZeroPadLeading + lane;
    int barrier = 0;  // race lab: the index of the next barrier
    for (int d = 1; d < 32; d *= 2) {
        const T partner = s_warp[idx - d];  // step: kogge-stone (lanes below d read padding)
        if (barrier_kept<kKeep>(barrier++)) __syncwarp();
        s_warp[idx] = op(partner, s_warp[idx]);  // step: kogge-stone
        probe.combine(idx, idx - d, idx);
        if (barrier_kept<kKeep>(barrier++)) __syncwarp();
        probe.shared(s_warp, 0, kZeroPadStride);
        probe.end_step(WarpZeropadPhases::kKoggeStone, d, kSyncWarp);
    }
    return s_warp[idx];
}

}  // namespace scanviz::kern
