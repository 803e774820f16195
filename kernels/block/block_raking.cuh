// cub::BLOCK_SCAN_RAKING and BLOCK_SCAN_RAKING_MEMOIZE written by us, with
// several items per thread (CUB docs, cub::BlockScanAlgorithm). Phases, named
// in kernels/block/block_raking/phases.hpp:
//   upsweep (registers)    each thread reduces its ITEMS inputs and places the
//                          partial in the raking grid;
//   upsweep (raking)       each raking thread (lanes of warp 0) reduces one
//                          segment of the grid; MEMOIZE keeps the segment in registers;
//   kogge-stone            the raking threads scan the segment totals with shfl.sync.up;
//   downsweep (raking)     each raking thread writes the exclusive scan of its
//                          segment back, seeded with the total of the segments
//                          before it (MEMOIZE: from its registers, no shared read);
//   downsweep (registers)  each thread reads its prefix from the grid and scans its items.
// The grid follows cub::BlockRakingLayout for one strip: segments of
// ceil(threads / min(threads, 32)) words, one padding word after each when
// that length is even and longer than 2 (RakingGridLayout below; the model
// computes the same in RakingLayout).
//
//   template <bool MEMOIZE, class T, int ITEMS, class ScanOp, class Probe>
//   void block_scan_raking(BlockRakingStorage<T>& temp, T (&items)[ITEMS], int num_threads,
//                          bool exclusive, ScanOp op, Probe& probe);
// items: blocked order, identity past the tile's end; scanned in place.
// num_threads: 1 to 1024, any width. Exclusive: thread 0's first item becomes the identity.
// Slots: items t*ITEMS + i, then the thread partials/prefixes (one per
// thread), the grid words, the raking partials (one per raking thread), and
// with MEMOIZE the cached segments (segment words per raking thread).
#pragma once

#include "block_common.cuh"
#include "block_raking/phases.hpp"

namespace scanviz::kern {

inline constexpr int kRakingMaxSegment = 32;  // 1024 threads over 32 raking threads

struct RakingGridLayout {
    int segment, raking_threads, pad, grid;
    __host__ __device__ explicit RakingGridLayout(int threads) {
        const int max_raking = threads < kWarpThreads ? threads : kWarpThreads;
        segment = (threads + max_raking - 1) / max_raking;
        raking_threads = (threads + segment - 1) / segment;
        pad = (segment % 2 == 0 && segment > 2) ? 1 : 0;
        grid = raking_threads * (segment + pad);
    }
    __host__ __device__ int place(int t) const { return t + pad * (t / segment); }
};

template <class T>
struct BlockRakingStorage {
    T grid[kWarpThreads * (kRakingMaxSegment + 1)];
};

template <bool MEMOIZE, class T, int ITEMS, class ScanOp, class Probe>
__device__ __forceinline__ void block_scan_raking(BlockRakingStorage<T>& temp, T (&items)[ITEMS],
                                                  int num_threads, bool exclusive, ScanOp op, Probe& probe) {
    const int tid = static_cast<int>(threadIdx.x);
    const RakingGridLayout lay(num_threads);
    const bool raking = tid < lay.raking_threads;
    const unsigned raking_mask =
        lay.raking_threads == kWarpThreads ? 0xffffffffu : (1u << lay.raking_threads) - 1u;
    // Slots
    const int s_x = num_threads * ITEMS, s_grid = s_x + num_threads, s_rp = s_grid + lay.grid;
    const int s_cache = s_rp + lay.raking_threads;
    auto item_slot = [&](int i) { return tid * ITEMS + i; };
    auto seg_place = [&](int j) { return lay.place(tid * lay.segment + j); };
    auto seg_has = [&](int j) { return j < lay.segment && tid * lay.segment + j < num_threads; };

    T x;                                       // the thread's partial, then its prefix
    T running;                                 // the raking thread's segment total, then its running prefix
    T cache[MEMOIZE ? kRakingMaxSegment : 1];  // MEMOIZE: the raking thread's segment
    bool raked = false;
    auto snapshot = [&](int phase, int param, int barrier) {
        if constexpr (Probe::kOn) {
#pragma unroll
            for (int i = 0; i < ITEMS; ++i) probe.reg(item_slot(i), items[i]);
            probe.reg(s_x + tid, x);
            if (raking && raked) {
                probe.reg(s_rp + tid, running);
                if constexpr (MEMOIZE)
                    for (int j = 0; j < lay.segment; ++j)
                        if (seg_has(j)) probe.reg(s_cache + tid * lay.segment + j, cache[j]);
            }
            probe.shared(temp.grid, s_grid, lay.grid);
            probe.end_step(phase, param, barrier);
        }
    };

    // upsweep (registers): reduce the items, place the partial in the grid
    x = items[0];
    probe.copy(s_x + tid, item_slot(0));
#pragma unroll
    for (int i = 1; i < ITEMS; ++i) {
        x = op(x, items[i]);  // step: upsweep (registers)
        probe.combine(s_x + tid, s_x + tid, item_slot(i));
    }
    temp.grid[lay.place(tid)] = x;  // step: upsweep (registers)
    probe.copy(s_grid + lay.place(tid), s_x + tid);
    __syncthreads();
    snapshot(BlockRakingPhases::kUpsweepRegisters, -1, kSyncThreads);

    // upsweep (raking): each raking thread reduces its segment (MEMOIZE: through its registers)
    if (raking) {
#pragma unroll
        for (int j = 0; j < kRakingMaxSegment; ++j) {
            if (!seg_has(j)) break;
            const int g = s_grid + seg_place(j);
            int v_slot = g;
            T v;
            if constexpr (MEMOIZE) {
                cache[j] = temp.grid[seg_place(j)];  // step: upsweep (raking)
                v_slot = s_cache + tid * lay.segment + j;
                probe.copy(v_slot, g);
                v = cache[j];
            } else {
                v = temp.grid[seg_place(j)];  // step: upsweep (raking)
            }
            if (j == 0) {
                running = v;  // step: upsweep (raking)
                probe.copy(s_rp + tid, v_slot);
            } else {
                running = op(running, v);  // step: upsweep (raking)
                probe.combine(s_rp + tid, s_rp + tid, v_slot);
            }
        }
    }
    raked = true;
    snapshot(BlockRakingPhases::kUpsweepRaking, -1, kLockstep);

    // kogge-stone: inclusive scan of the segment totals across the raking threads
    for (int d = 1; d < lay.raking_threads; d *= 2) {
        if (raking) {
            const T up = __shfl_up_sync(raking_mask, running, d);  // step: kogge-stone (warp shuffles)
            if (tid >= d) {
                running = op(up, running);  // step: kogge-stone (warp shuffles)
                probe.combine(s_rp + tid, s_rp + tid - d, s_rp + tid);
            }
        }
        snapshot(BlockRakingPhases::kKoggeStone, d, kShflSync);
    }

    // downsweep (raking): exclusive scan of each segment, seeded with the
    // total of the segments before it (a shuffle up by one); raking thread 0
    // has none: its running value starts as its first element, which takes
    // the identity. MEMOIZE scans its registers and stores them, reading no
    // shared memory.
    if (raking) {
        const T seed = __shfl_up_sync(raking_mask, running, 1);  // step: downsweep (raking)
#pragma unroll
        for (int j = 0; j < kRakingMaxSegment; ++j) {
            if (!seg_has(j)) break;
            const int g = s_grid + seg_place(j);
            const int v_slot = MEMOIZE ? s_cache + tid * lay.segment + j : g;
            T v;
            if constexpr (MEMOIZE)
                v = cache[j];
            else
                v = temp.grid[seg_place(j)];
            if (j == 0 && tid == 0) {
                running = v;
                v = ScanOp::identity();
                probe.copy(s_rp, v_slot);
                probe.set(v_slot);
            } else {
                if (j == 0) {
                    running = seed;
                    probe.copy(s_rp + tid, s_rp + tid - 1);
                }
                const T in = v;  // a Swap: v takes running, running takes op(old v, running)
                v = running;  // step: downsweep (raking)
                running = op(in, running);  // step: downsweep (raking)
                probe.swap(v_slot, s_rp + tid);
            }
            if constexpr (MEMOIZE) {
                cache[j] = v;
                probe.copy(g, v_slot);
            }
            temp.grid[seg_place(j)] = v;  // step: downsweep (raking)
        }
    }
    __syncthreads();
    snapshot(BlockRakingPhases::kDownsweepRaking, -1, kSyncThreads);

    // downsweep (registers): read the prefix, scan the items
    x = temp.grid[lay.place(tid)];  // step: downsweep (registers)
    probe.copy(s_x + tid, s_grid + lay.place(tid));
    if (exclusive) {
#pragma unroll
        for (int i = 0; i < ITEMS; ++i) {
            const T in = items[i];  // a Swap: item takes x, x takes op(old item, old x)
            items[i] = x;  // step: downsweep (registers)
            x = op(in, x);  // step: downsweep (registers)
            probe.swap(item_slot(i), s_x + tid);
        }
    } else {
        if (tid > 0) {
            items[0] = op(x, items[0]);  // step: downsweep (registers)
            probe.combine(item_slot(0), s_x + tid, item_slot(0));
        }
#pragma unroll
        for (int i = 1; i < ITEMS; ++i) {
            items[i] = op(items[i - 1], items[i]);  // step: downsweep (registers)
            probe.combine(item_slot(i), item_slot(i - 1), item_slot(i));
        }
    }
    snapshot(BlockRakingPhases::kDownsweepRegisters, -1, kLockstep);
}

}  // namespace scanviz::kern
