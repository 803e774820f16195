// Brent-Kung scan of one block, as Programming Massively Parallel Processors (Kirk, Hwu,
// El Hajj, ch. 11, "A work-efficient parallel scan") writes it: a tile of m = 2 x threads
// elements in shared memory, scanned in place and inclusive.
//
//   reduction tree     for stride = 1, 2, 4, ..., m/2: thread t adds XY[index - stride]
//                      into XY[index], index = (t + 1) * 2 * stride - 1, while index < m;
//   distribution tree  for stride = m/4, ..., 2, 1: thread t adds XY[index] into
//                      XY[index + stride], same index, while index + stride < m.
//
// The reduction tree leaves each power-of-two-aligned block's sum in its last element; the
// distribution tree pushes those sums right, into the elements between. No clear step and
// no swap: unlike Blelloch's down-sweep it stays inclusive. About 2m operator applications in
// 2 log2(m) - 1 steps, each ended by __syncthreads().
//
// Race lab (kernels/barriers.cuh): kKeep drops a barrier (barrier k ends step k).
#pragma once

#include "../../barriers.cuh"
#include "../block_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

template <class T>
struct BlockBrentKungStorage {
    T xy[2048];  // the tile, m <= 2 x 1024 elements
};

template <class T, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers>
__device__ __forceinline__ void block_scan_brent_kung(BlockBrentKungStorage<T>& s, int m, ScanOp op,
                                                      Probe& probe) {
    const int t = static_cast<int>(threadIdx.x);
    int barrier = 0;  // race lab: the index of the next barrier
    for (int stride = 1; stride < m; stride *= 2) {
        const int index = (t + 1) * 2 * stride - 1;
        if (index < m) {
            s.xy[index] = op(s.xy[index - stride], s.xy[index]);  // step: reduction tree
            probe.combine(index, index - stride, index);
        }
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        probe.shared(s.xy, 0, m);
        probe.end_step(BlockBrentKungPhases::kReductionTree, stride, kSyncThreads);
    }
    for (int stride = m / 4; stride > 0; stride /= 2) {
        const int index = (t + 1) * 2 * stride - 1;
        if (index + stride < m) {
            s.xy[index + stride] = op(s.xy[index], s.xy[index + stride]);  // step: distribution tree
            probe.combine(index + stride, index, index + stride);
        }
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        probe.shared(s.xy, 0, m);
        probe.end_step(BlockBrentKungPhases::kDistributionTree, stride, kSyncThreads);
    }
}

// The routine as the family's pair-tile kernel body takes it (../block_pair_tile.cuh).
struct BrentKungScan {
    template <class T>
    using Storage = BlockBrentKungStorage<T>;
    template <class T, class ScanOp, class Probe>
    static __device__ __forceinline__ void run(Storage<T>& s, int m, ScanOp op, Probe& probe) {
        block_scan_brent_kung(s, m, op, probe);
    }
};

}  // namespace scanviz::kern
