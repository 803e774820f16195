// Hillis-Steele scan of one block, double-buffered (GPU Gems 3, 39.2.1; CMU
// 15-418): one element per thread in s.temp[0 .. n); each step of distance
// `offset` writes the other buffer: op(in[t - offset], in[t]) where t >=
// offset, a copy below; a __syncthreads() ends every step. log2(n) steps,
// n*log2(n) - (n - 1) operator applications for a power of two n.
//
// The caller loads buffer 0 (shifted right by one with the identity first
// for an exclusive scan, as GPU Gems 3 does), calls __syncthreads(), and
// gets this thread's result back. Slots (kernels/block/block_hillis_steele/model.cpp):
// word w of s.temp is slot w.
//
// Race lab (kernels/barriers.cuh): kKeep drops a barrier (barrier k ends step
// k); kOneBuffer writes in place, one buffer instead of two (the what-if).
// The defaults are the routine above.
#pragma once

#include "../../barriers.cuh"
#include "../block_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

template <class T>
struct BlockHillisSteeleStorage {
    T temp[2 * 1024];  // two buffers of n words: buffer b at temp[b * n]
};

template <class T, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers, bool kOneBuffer = false>
__device__ __forceinline__ T block_scan_hillis_steele(BlockHillisSteeleStorage<T>& s, int n, ScanOp op,
                                                      Probe& probe) {
    const int thid = static_cast<int>(threadIdx.x);
    int pout = 0, pin = 1;
    int barrier = 0;  // race lab: the index of the next barrier
    for (int offset = 1; offset < n; offset *= 2) {
        pout = kOneBuffer ? 0 : 1 - pout;  // swap double buffer indices
        pin = kOneBuffer ? 0 : 1 - pout;
        if (thid >= offset) {
            s.temp[pout * n + thid] = op(s.temp[pin * n + thid - offset], s.temp[pin * n + thid]);  // step: double-buffered step
            probe.combine(pout * n + thid, pin * n + thid - offset, pin * n + thid);
        } else {
            s.temp[pout * n + thid] = s.temp[pin * n + thid];  // step: double-buffered step
            probe.copy(pout * n + thid, pin * n + thid);
        }
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        probe.shared(s.temp, 0, 2 * n);
        probe.end_step(BlockHillisSteelePhases::kStep, offset, kSyncThreads);
    }
    return s.temp[pout * n + thid];
}

}  // namespace scanviz::kern
