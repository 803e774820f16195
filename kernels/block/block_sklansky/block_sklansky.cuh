// Sklansky scan of one block (J. Sklansky, "Conditional-sum addition logic", 1960; the
// divide-and-conquer prefix circuit of the scan-circuit literature): a tile of m = 2 x
// threads elements in shared memory, scanned in place and inclusive.
//
// In the step of distance d (1, 2, 4, ..., m/2) the tile is cut into groups of 2d elements;
// the last element of each group's lower half, whose value is by then the scan of that half,
// is added into every element of the upper half. Thread t works on group t / d: it reads
// the group's pivot XY[g*2d + d - 1] and updates XY[g*2d + d + t % d]. Every thread works
// in every step, so the work is (m/2) log2(m), but the span is log2(m), as short as
// Hillis-Steele's, with one buffer: a step never writes what it reads. The pivot is read by
// d threads at once: a fan-out that grows with d, served in shared memory as a broadcast
// (threads of a warp reading one word cost one access).
//
// Race lab (kernels/barriers.cuh): kKeep drops a barrier (barrier k ends step k).
#pragma once

#include "../../barriers.cuh"
#include "../block_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

template <class T>
struct BlockSklanskyStorage {
    T xy[2048];  // the tile, m <= 2 x 1024 elements
};

template <class T, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers>
__device__ __forceinline__ void block_scan_sklansky(BlockSklanskyStorage<T>& s, int m, ScanOp op, Probe& probe) {
    const int t = static_cast<int>(threadIdx.x);
    int barrier = 0;  // race lab: the index of the next barrier
    for (int d = 1; d < m; d *= 2) {
        const int group = t / d;
        const int pivot = group * 2 * d + d - 1;
        const int dst = group * 2 * d + d + t % d;
        s.xy[dst] = op(s.xy[pivot], s.xy[dst]);  // step: fan-out
        probe.combine(dst, pivot, dst);
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        probe.shared(s.xy, 0, m);
        probe.end_step(BlockSklanskyPhases::kFanOut, d, kSyncThreads);
    }
}

// The routine as the family's pair-tile kernel body takes it (../block_pair_tile.cuh).
struct SklanskyScan {
    template <class T>
    using Storage = BlockSklanskyStorage<T>;
    template <class T, class ScanOp, class Probe>
    static __device__ __forceinline__ void run(Storage<T>& s, int m, ScanOp op, Probe& probe) {
        block_scan_sklansky(s, m, op, probe);
    }
};

}  // namespace scanviz::kern
