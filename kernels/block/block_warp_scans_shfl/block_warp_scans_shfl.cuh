// Block scan from warp shuffle scans (CUDA Handbook 13.5.3 scanBlockShuffle),
// one element per thread, whole warps:
//   warp shuffle scan  each warp scans its values in registers, shfl.sync.up
//                      and `if (lane >= d)` (scanWarpShuffle);
//   warp totals        lane 31 of each warp writes the warp's total to s.partials;
//   scan warp totals   warp 0 loads the totals, scans them with shuffles and
//                      writes them back;
//   add warp base      every warp but the first adds the total of the warps before it;
//   exclusive shift    (exclusive scans only) a shuffle up by one; lane 0 of
//                      warp w takes the total of the warps before it, thread 0
//                      the identity.
// The Handbook runs log2(blockDim) - 5 levels for the totals; this runs
// ceil(log2(warps)), and only lanes below the warp count take part (their
// mask), so any number of whole warps works.
//
// Returns this thread's scanned value. Slots (kernels/block/block_warp_scans_shfl/model.cpp):
// val of thread t is slot t, s.partials word w slot num_threads + w, the
// register t of warp 0's lane l slot num_threads + warps + l.
#pragma once

#include "../block_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

template <class T>
struct BlockWarpScansShflStorage {
    T partials[kWarpThreads];
};

template <class T, class ScanOp, class Probe>
__device__ __forceinline__ T block_scan_warp_scans_shfl(BlockWarpScansShflStorage<T>& s, T val,
                                                        int num_threads, bool exclusive, ScanOp op,
                                                        Probe& probe) {
    const int tid = static_cast<int>(threadIdx.x);
    const int lane = tid % kWarpThreads, warp = tid / kWarpThreads;
    const int num_warps = num_threads / kWarpThreads;
    const int sp = num_threads, tw = num_threads + num_warps;  // first slots of s.partials and t
    const bool scanner = warp == 0 && lane < num_warps;        // warp 0's lanes that scan the totals
    const unsigned scanner_mask = num_warps == kWarpThreads ? 0xffffffffu : (1u << num_warps) - 1u;
    T t = ScanOp::identity();
    bool t_loaded = false;
    auto snapshot = [&](int phase, int param, int barrier) {
        if constexpr (Probe::kOn) {
            probe.reg(tid, val);
            if (scanner && t_loaded) probe.reg(tw + lane, t);
            probe.shared(s.partials, sp, num_warps);
            probe.end_step(phase, param, barrier);
        }
    };

    // Intra-warp scan in each warp
    for (int d = 1; d < kWarpThreads; d *= 2) {
        const T up = __shfl_up_sync(0xffffffffu, val, d);  // step: warp shuffle scan
        if (lane >= d) {
            val = op(up, val);  // step: warp shuffle scan
            probe.combine(tid, tid - d, tid);
        }
        snapshot(BlockWarpScansShflPhases::kWarpScan, d, kShflSync);
    }
    // Collect per-warp results
    if (lane == kWarpThreads - 1) {
        s.partials[warp] = val;  // step: warp totals
        probe.copy(sp + warp, tid);
    }
    __syncthreads();
    snapshot(BlockWarpScansShflPhases::kWarpTotals, -1, kSyncThreads);
    // Use the first warp to scan the per-warp results
    for (int d = 1; d < num_warps; d *= 2) {
        const bool last = 2 * d >= num_warps;
        if (scanner) {
            if (d == 1) t = s.partials[lane];  // step: scan warp totals
            const T up = __shfl_up_sync(scanner_mask, t, d);  // step: scan warp totals
            if (lane >= d) t = op(up, t);  // step: scan warp totals
            if (d == 1) {
                if (lane == 0)
                    probe.copy(tw, sp);
                else
                    probe.combine(tw + lane, sp + lane - 1, sp + lane);
            } else if (lane >= d) {
                probe.combine(tw + lane, tw + lane - d, tw + lane);
            }
            if (last) {
                s.partials[lane] = t;  // step: scan warp totals
                probe.copy(sp + lane, tw + lane);
            }
        }
        t_loaded = true;
        if (last) __syncthreads();
        snapshot(BlockWarpScansShflPhases::kScanTotals, d, last ? kSyncThreads : kShflSync);
    }
    // Add the scanned base sum
    if (num_warps > 1) {
        if (warp > 0) {
            val = op(s.partials[warp - 1], val);  // step: add warp base
            probe.combine(tid, sp + warp - 1, tid);
        }
        snapshot(BlockWarpScansShflPhases::kAddBase, -1, kLockstep);
    }
    if (exclusive) {
        const T up = __shfl_up_sync(0xffffffffu, val, 1);  // step: exclusive shift
        if (lane > 0) {
            val = up;  // step: exclusive shift
            probe.copy(tid, tid - 1);
        } else if (warp > 0) {
            val = s.partials[warp - 1];  // step: exclusive shift
            probe.copy(tid, sp + warp - 1);
        } else {
            val = ScanOp::identity();  // step: exclusive shift
            probe.set(tid);
        }
        snapshot(BlockWarpScansShflPhases::kExclusiveShift, -1, kShflSync);
    }
    return val;
}

}  // namespace scanviz::kern
