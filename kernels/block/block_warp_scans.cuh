// Block scan from warp scans with several items per thread: our own writing of
// the strategy cub::BLOCK_SCAN_WARP_SCANS describes (CUB docs,
// cub::BlockScanAlgorithm). Four phases, named in kernels/block/block_warp_scans/model.cpp:
//   upsweep      each thread reduces its ITEMS inputs in registers to one partial;
//   kogge-stone  each warp scans its partials with shfl.sync.up (inclusive);
//   propagate    the last lane of each warp publishes the warp's aggregate in
//                shared memory; after __syncthreads() every thread folds the
//                aggregates of the warps before its own into its exclusive prefix;
//   downsweep    each thread scans its ITEMS in registers, seeded with that prefix.
//
// STABLE SIGNATURE (other kernels build tile scans from it; do not change it):
//
//   template <class T, int ITEMS, class ScanOp, class Probe>
//   T block_scan_warp_scans(BlockWarpScansStorage<T>& temp, T (&items)[ITEMS],
//                           int num_threads, bool exclusive, ScanOp op, Probe& probe);
//
// - items: this thread's ITEMS elements in blocked order (thread t holds
//   elements t*ITEMS ..); fill elements past the end of the tile with
//   ScanOp::identity(). On return they hold the inclusive or exclusive scan.
// - num_threads: the threads of the block taking part (blockDim.x), 1 to 1024,
//   any width (a last partial warp is allowed). A compile-time constant lets
//   the compiler fold the warp arithmetic.
// - returns the block aggregate (the fold of all items of the tile), in every thread.
// - temp: caller-owned shared memory; reusing it for something else needs a
//   __syncthreads() after the call returns.
// - probe: NoProbe for real work (compiles to the probe-free code). With
//   TraceProbe the slots are those of the variant's model: items at
//   t*ITEMS + i, thread partial/prefix at num_threads*ITEMS + t, warp
//   aggregates after those.
// - Exclusive scan: thread 0's first element becomes ScanOp::identity().
#pragma once

#include "block_common.cuh"
#include "block_warp_scans/phases.hpp"

namespace scanviz::kern {

template <class T>
struct BlockWarpScansStorage {
    T warp_aggregates[kWarpThreads];  // one per warp: 1024 threads at most
};

// Slot numbering of the traced state (the model declares the same regions).
struct BlockWarpScansSlots {
    int threads, items;
    __host__ __device__ int item(int t, int i) const { return t * items + i; }
    __host__ __device__ int partial(int t) const { return threads * items + t; }
    __host__ __device__ int aggregate(int w) const { return threads * items + threads + w; }
};

template <class T, int ITEMS, class ScanOp, class Probe>
__device__ __forceinline__ T block_scan_warp_scans(BlockWarpScansStorage<T>& temp, T (&items)[ITEMS],
                                                   int num_threads, bool exclusive, ScanOp op, Probe& probe) {
    const int tid = static_cast<int>(threadIdx.x);
    const int lane = tid % kWarpThreads;
    const int warp = tid / kWarpThreads;
    const int num_warps = (num_threads + kWarpThreads - 1) / kWarpThreads;
    const int warp_width = num_threads < kWarpThreads ? num_threads : kWarpThreads;
    const unsigned members = warp_member_mask(num_threads, warp);
    const BlockWarpScansSlots slot{num_threads, ITEMS};
    T x;  // the thread's partial, then its warp-inclusive scan, then its exclusive prefix

    auto snapshot = [&](int phase, int param, int barrier, bool with_shared) {
        if constexpr (Probe::kOn) {
#pragma unroll
            for (int i = 0; i < ITEMS; ++i) probe.reg(slot.item(tid, i), items[i]);
            probe.reg(slot.partial(tid), x);
            if (with_shared) probe.shared(temp.warp_aggregates, slot.aggregate(0), num_warps);
            probe.end_step(phase, param, barrier);
        }
    };

    // upsweep: sequential reduction in registers
    x = items[0];  // step: upsweep (registers)
    probe.copy(slot.partial(tid), slot.item(tid, 0));
#pragma unroll
    for (int i = 1; i < ITEMS; ++i) {
        x = op(x, items[i]);  // step: upsweep (registers)
        probe.combine(slot.partial(tid), slot.partial(tid), slot.item(tid, i));
    }
    snapshot(BlockWarpScansPhases::kUpsweep, -1, kLockstep, false);

    // kogge-stone: inclusive warp scan of the partials through shuffles
    for (int d = 1; d < warp_width; d *= 2) {
        const T up = __shfl_up_sync(members, x, d);  // step: kogge-stone (warp shuffles)
        if (lane >= d) {
            x = op(up, x);  // step: kogge-stone (warp shuffles)
            probe.combine(slot.partial(tid), slot.partial(tid - d), slot.partial(tid));
        }
        snapshot(BlockWarpScansPhases::kKoggeStone, d, kShflSync, false);
    }

    // propagate (1): the last lane of each warp publishes the warp's aggregate
    if (lane == kWarpThreads - 1 || tid == num_threads - 1) {
        temp.warp_aggregates[warp] = x;  // step: propagate warp prefixes
        probe.copy(slot.aggregate(warp), slot.partial(tid));
    }
    __syncthreads();
    snapshot(BlockWarpScansPhases::kPropagate, -1, kSyncThreads, true);

    // propagate (2): exclusive prefix = aggregates of the warps before, then
    // the lanes before in this warp (left to right)
    const T lane_exclusive = __shfl_up_sync(members, x, 1);  // step: propagate warp prefixes
    if (warp == 0) {
        if (lane == 0) {
            x = ScanOp::identity();  // step: propagate warp prefixes
            probe.set(slot.partial(tid));
        } else {
            x = lane_exclusive;  // step: propagate warp prefixes
            probe.copy(slot.partial(tid), slot.partial(tid - 1));
        }
    } else {
        x = temp.warp_aggregates[0];  // step: propagate warp prefixes
        probe.copy(slot.partial(tid), slot.aggregate(0));
        for (int w = 1; w < warp; ++w) {
            x = op(x, temp.warp_aggregates[w]);  // step: propagate warp prefixes
            probe.combine(slot.partial(tid), slot.partial(tid), slot.aggregate(w));
        }
        if (lane > 0) {
            x = op(x, lane_exclusive);  // step: propagate warp prefixes
            probe.combine(slot.partial(tid), slot.partial(tid), slot.partial(tid - 1));
        }
    }
    snapshot(BlockWarpScansPhases::kPropagate, -1, kLockstep, true);

    // downsweep: sequential scan in registers seeded with the prefix
    if (exclusive) {
#pragma unroll
        for (int i = 0; i < ITEMS; ++i) {
            const T in = items[i];  // a Swap (trace.hpp): item takes x, x takes op(old item, old x)
            items[i] = x;  // step: downsweep (registers)
            x = op(in, x);  // step: downsweep (registers)
            probe.swap(slot.item(tid, i), slot.partial(tid));
        }
    } else {
        if (tid > 0) {  // step: downsweep (registers) (the add is predicated on this test)
            items[0] = op(x, items[0]);  // step: downsweep (registers)
            probe.combine(slot.item(tid, 0), slot.partial(tid), slot.item(tid, 0));
        }
#pragma unroll
        for (int i = 1; i < ITEMS; ++i) {
            items[i] = op(items[i - 1], items[i]);  // step: downsweep (registers)
            probe.combine(slot.item(tid, i), slot.item(tid, i - 1), slot.item(tid, i));
        }
    }
    snapshot(BlockWarpScansPhases::kDownsweep, -1, kLockstep, true);

    // The block aggregate, for callers that need it (the compiler drops it otherwise).
    T aggregate = temp.warp_aggregates[0];
    for (int w = 1; w < num_warps; ++w) aggregate = op(aggregate, temp.warp_aggregates[w]);
    return aggregate;
}

}  // namespace scanviz::kern
