// Pieces the warp scan kernels share: the full-warp mask, the zero-padded
// layout's index, and the exclusive shifts (shared memory, zero-padded shared
// memory, shuffle).
#pragma once

#include "../probe.cuh"
#include "core/models/warp_models.hpp"

namespace scanviz::kern {

inline constexpr unsigned kFullMask = 0xffffffffu;

// CUDA Handbook 13.5.2 (listing 13.15, scanSharedIndex): where thread tid's
// partial lives; with bZeroPad each warp has kZeroPadLeading identity words
// before its partials (layout: core/models/warp_models.hpp).
template <bool bZeroPad>
__device__ __forceinline__ int scan_shared_index(int tid) {
    if constexpr (bZeroPad) {
        const int warp = tid >> 5;
        const int lane = tid & 31;
        return kZeroPadStride * warp + kZeroPadLeading + lane;
    } else {
        return tid;
    }
}

// Shared words a block of `threads` threads needs for its partials.
template <bool bZeroPad>
__host__ __device__ constexpr int scan_shared_words(int threads) {
    return bZeroPad ? kZeroPadStride * ((threads + 31) / 32) : threads;
}

// Turns an inclusive warp scan held in s[0..31] into an exclusive one:
// lane i takes lane i-1's value, lane 0 the identity.
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ void warp_exclusive_shift(T* s, int lane, int phase, Probe& probe) {
    const T prev = lane > 0 ? s[lane - 1] : ScanOp::identity();  // step: exclusive shift
    __syncwarp();
    s[lane] = prev;  // step: exclusive shift
    if (lane > 0)
        probe.copy(lane, lane - 1);
    else
        probe.set(0);
    __syncwarp();
    probe.shared(s, 0, 32);
    probe.end_step(phase, -1, kSyncWarp);
}

// The same over the zero-padded layout, without a conditional: lane 0 reads
// the identity word just before the partials. s_warp is the warp's
// kZeroPadStride words (slots 0 .. kZeroPadStride - 1 of the trace).
template <class T, class Probe>
__device__ __forceinline__ void warp_exclusive_shift_padded(T* s_warp, int lane, int phase, Probe& probe) {
    const int idx = kZeroPadLeading + lane;
    const T prev = s_warp[idx - 1];  // step: exclusive shift (lane 0 reads the padding)
    __syncwarp();
    s_warp[idx] = prev;
    probe.copy(idx, idx - 1);
    __syncwarp();
    probe.shared(s_warp, 0, kZeroPadStride);
    probe.end_step(phase, -1, kSyncWarp);
}

// Exclusive shift of a register scan: one shuffle up by one lane; lane 0,
// which has no lane below, takes the identity. The register is slot `lane`.
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ T warp_exclusive_shift_shfl(T x, int lane, int phase, Probe& probe) {
    const T below = __shfl_up_sync(kFullMask, x, 1);  // step: exclusive shift
    x = lane > 0 ? below : ScanOp::identity();
    if (lane > 0)
        probe.copy(lane, lane - 1);
    else
        probe.set(0);
    probe.reg(lane, x);
    probe.end_step(phase, -1, kShflSync);
    return x;
}

template <class Probe>
__device__ __forceinline__ Probe make_probe(const TraceBuffer& buf, bool block_scope) {
    if constexpr (Probe::kOn)
        return Probe(buf, static_cast<int>(threadIdx.x), block_scope);
    else
        return Probe{};
}

}  // namespace scanviz::kern
