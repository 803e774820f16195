// Block scan from warp scans in shared memory (CMU 15-418 scan_block; CUDA
// Handbook 13.4 scanBlock), one element per thread, whole warps:
//   warp scan         each warp scans its 32 words of s.data with the
//                     conditional Kogge-Stone scan, in the form correct under
//                     independent thread scheduling (read, __syncwarp(), write);
//   warp totals       lane 31 of each warp copies the warp's total to s.warp_sums;
//   scan warp totals  warp 0 scans s.warp_sums the same way;
//   add warp base     every warp but the first adds the total of the warps before it;
//   exclusive shift   (exclusive scans only) each element takes its left
//                     neighbour's value, element 0 the identity.
// CMU's listing stores the totals over the data (ptr[warpid]); the separate
// s.warp_sums of the Handbook avoids warp w overwriting element w while warp 0
// may still read it.
//
// The caller fills s.data[0 .. num_threads) and calls __syncthreads(); the
// scan is left in s.data. Slots (kernels/block/block_warp_scans_smem/model.cpp):
// s.data word t is slot t, s.warp_sums word w is slot num_threads + w.
#pragma once

#include "../../barriers.cuh"
#include "../block_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

template <class T>
struct BlockWarpScansSmemStorage {
    T data[1024];
    T warp_sums[kWarpThreads];
};

// Kogge-Stone over s[i - lane .. i - lane + width) by the lanes where `active`
// (CMU scan_warp). Every lane of every warp calls it (the __syncwarp()s and
// the probe's snapshot meet there); sync_reads() is the barrier between a step's
// reads and its writes, snap(d) closes the step of distance d.
template <class T, class ScanOp, class Probe, class Sync, class Snap>
__device__ __forceinline__ void scan_warp_shared(T* s, int i, int lane, int width, bool active, int slot0,
                                                 ScanOp op, Probe& probe, Sync sync_reads, Snap snap) {
    for (int d = 1; d < width; d *= 2) {
        T partner;
        if (active && lane >= d) partner = s[i - d];  // step: warp scan, scan warp totals
        sync_reads();
        if (active && lane >= d) {
            s[i] = op(partner, s[i]);  // step: warp scan, scan warp totals
            probe.combine(slot0 + i, slot0 + i - d, slot0 + i);
        }
        snap(d);
    }
}

template <class T, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers>
__device__ __forceinline__ void block_scan_warp_scans_smem(BlockWarpScansSmemStorage<T>& s, int num_threads,
                                                           bool exclusive, ScanOp op, Probe& probe) {
    int barrier = 0;
    const int tid = static_cast<int>(threadIdx.x);
    const int lane = tid % kWarpThreads, warp = tid / kWarpThreads;
    const int num_warps = num_threads / kWarpThreads;
    const int sums = num_threads;  // first slot of s.warp_sums
    auto snapshot = [&](int phase, int param, int barrier) {
        if constexpr (Probe::kOn) {
            probe.shared(s.data, 0, num_threads);
            probe.shared(s.warp_sums, sums, num_warps);
            probe.end_step(phase, param, barrier);
        }
    };

    auto sync_reads = [&] {
        if (barrier_kept<kKeep>(barrier++)) __syncwarp();
    };
    // Step 1. per-warp partial scan
    scan_warp_shared(s.data, tid, lane, kWarpThreads, true, 0, op, probe, sync_reads, [&](int d) {
        if (barrier_kept<kKeep>(barrier++)) __syncwarp();
        snapshot(BlockWarpScansSmemPhases::kWarpScan, d, kSyncWarp);
    });
    // Step 2. copy the warps' totals
    if (lane == kWarpThreads - 1) {
        s.warp_sums[warp] = s.data[tid];  // step: warp totals
        probe.copy(sums + warp, tid);
    }
    if (barrier_kept<kKeep>(barrier++)) __syncthreads();
    snapshot(BlockWarpScansSmemPhases::kWarpTotals, -1, kSyncThreads);
    // Step 3. warp 0 scans the totals; its last step ends at a __syncthreads() (after the
    // __syncwarp() of warp 0), so that every warp sees the scanned totals
    scan_warp_shared(s.warp_sums, lane, lane, num_warps, warp == 0 && lane < num_warps, sums, op, probe, sync_reads,
                     [&](int d) {
                         if (2 * d >= num_warps) {
                             __syncwarp();
                             if (barrier_kept<kKeep>(barrier++)) __syncthreads();
                         } else {
                             if (barrier_kept<kKeep>(barrier++)) __syncwarp();
                         }
                         snapshot(BlockWarpScansSmemPhases::kScanTotals, d,
                                  2 * d >= num_warps ? kSyncThreads : kSyncWarp);
                     });
    // Step 4. add the total of the warps before
    if (num_warps > 1) {
        if (warp > 0) {
            s.data[tid] = op(s.warp_sums[warp - 1], s.data[tid]);  // step: add warp base
            probe.combine(tid, sums + warp - 1, tid);
        }
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        snapshot(BlockWarpScansSmemPhases::kAddBase, -1, kSyncThreads);
    }
    if (exclusive) {
        const T prev = tid > 0 ? s.data[tid - 1] : ScanOp::identity();  // step: exclusive shift
        __syncthreads();
        s.data[tid] = prev;  // step: exclusive shift
        if (tid > 0)
            probe.copy(tid, tid - 1);
        else
            probe.set(0);
        __syncthreads();
        snapshot(BlockWarpScansSmemPhases::kExclusiveShift, -1, kSyncThreads);
    }
}

}  // namespace scanviz::kern
