// Pieces every shared-memory warp scan kernel shares: the exclusive shift.
#pragma once

#include "../probe.cuh"

namespace scanviz::kern {

// Turns an inclusive warp scan held in s[0..31] into an exclusive one:
// lane i takes lane i-1's value, lane 0 the identity.
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ void warp_exclusive_shift(T* s, int lane, int phase, Probe& probe) {
    const T prev = lane > 0 ? s[lane - 1] : ScanOp::identity();  // step: exclusive shift
    __syncwarp();
    s[lane] = prev;                                               // step: exclusive shift
    if (lane > 0) probe.copy(lane, lane - 1);
    else probe.set(0);
    __syncwarp();
    probe.shared(s, 0, 32);
    probe.end_step(phase, -1, kSyncWarp);
}

template <class Probe>
__device__ __forceinline__ Probe make_probe(const TraceBuffer& buf, bool block_scope) {
    if constexpr (Probe::kOn) return Probe(buf, static_cast<int>(threadIdx.x), block_scope);
    else return Probe{};
}

}  // namespace scanviz::kern
