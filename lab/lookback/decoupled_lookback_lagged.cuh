// The whole-array scan with a lagged look-back (issue 14, version 7): each tile's
// data is read from DRAM once to reduce it, and read again from L2, a fixed number
// of tiles later, to scan it.
//
// Why (kernels/bench/NOTES.md, versions 1 to 6): in the one-tile-per-block look-back
// kernel a tile holds its data (registers or shared memory) through its look-back,
// and most of the look-back is a wait for the predecessors' own loads: the tiles
// resident together load together, and each waits for the slowest of the tiles
// before it. The persistent grid (version 5) moved in lockstep instead. Both left
// DRAM waiting on look-backs: 0.834 of memcpy at best.
//
// Here block s of a grid of T + D blocks (T tiles, lag D) does two things:
//   1. reduce tile s (s < T): load it (the one DRAM read of these bytes), fold it to
//      its aggregate, publish the aggregate; it holds nothing after that;
//   2. scan tile u = s - D (s >= D): read its data again (it was read D blocks ago,
//      so it is in L2: a 50 MB L2 holds D tiles of 16 to 32 KiB many times over),
//      look back over u's predecessors, whose aggregates were published D blocks
//      ago, so the look-back rarely waits on anything, then scan and store.
// Both reads are issued at the block's start, so their latencies overlap. DRAM
// moves n reads and n writes, as in a copy; L2 serves n more reads.
//
// The look-back publishes what it learns: every tile in the window it scanned gets
// its inclusive prefix ("back-fill"), so the next tile's look-back usually ends one
// predecessor back. Its window is 32 predecessors, lane l holding predecessor
// nearest - 31 + l (ascending), scanned from the highest lane that holds an inclusive
// prefix. Integer operators and float max/min (which associate exactly) scan with
// shuffles; float add folds left to right, one predecessor after another, from the
// inclusive prefix found, so that every inclusive prefix is the left fold of the
// aggregates before it, bit for bit, whatever the schedule (as lb_look_back).
//
// In-tile arithmetic is kernels/device/lookback/tile.cuh's staged tile, operation for
// operation (the reduce of step 1 folds in the scan's order). The tile kernel's float
// sums now go across tiles in groups of 32 (version 10); this kernel keeps the left
// fold over tiles, so its float sums differ from the tile kernel's in the last bits
// (each is deterministic).
//
// Measured (kernels/bench/NOTES.md, version 7): slower than the tile kernel at every
// size. Under a full-bandwidth stream, L2 keeps a line for about a megabyte of traffic:
// with lags large enough for the aggregates to be ready the re-read comes from DRAM.
// So `ours` does not use it; it stays as bench candidates and as
// gpu::LookbackKernel::Lagged, tested at every edge size (its launcher:
// decoupled_lookback_experiments_launch.cuh).
#pragma once

#include <cstdint>
#include <type_traits>

#include "experiment_memory.cuh"
#include "kernels/device/decoupled_lookback.cuh"

namespace scanviz::kern {

// Threads x Vecs: 16-byte vectors per thread (tile bytes = 16 Threads Vecs);
// Blocks: resident blocks per SM asked of ptxas (__launch_bounds__);
// Hints: L2 eviction hints: the reduce's loads evict-last (the lines must stay until
//        the re-read), the re-read and the output stores evict-first.
template <int Threads, int Vecs, int Blocks, bool Hints = false, int SleepMinNs = 32, int SleepMaxNs = 256>
struct LaggedPolicy {
    static_assert(Threads % 32 == 0 && Threads >= 32 && Threads <= 1024, "whole warps, one block");
    static_assert(Vecs >= 1, "at least one vector per thread");
    static constexpr int kThreads = Threads;
    static constexpr int kVecs = Vecs;
    static constexpr int kMinBlocks = Blocks;
    static constexpr bool kHints = Hints;
    static constexpr int kSleepMinNs = SleepMinNs;
    static constexpr int kSleepMaxNs = SleepMaxNs;
    static constexpr int kWarps = Threads / 32;
    static constexpr int kTileBytes = Threads * Vecs * 16;
    template <class T>
    static constexpr int kVecItems = 16 / static_cast<int>(sizeof(T));  // W
    template <class T>
    static constexpr int kTileItems = kTileBytes / static_cast<int>(sizeof(T));
    template <class T>
    static constexpr int kWarpItems = kTileItems<T> / kWarps;
    static_assert(kWarps <= 32, "warp aggregates are scanned by one warp");
};

// The lagged kernel gpu::lookback_scan runs, every type (a tile is 32 KiB of 16-byte
// vectors whatever the type), and its default lag in resident blocks.
using LookbackLaggedTunedPolicy = LaggedPolicy<128, 16, 6>;
inline constexpr double kLookbackLaggedTunedLag = 1.0;

struct LaggedParams {
    unsigned long long* status;  // [tiles] status words (LbWord)
    uint32_t epoch;              // this launch's number
    bool exclusive;
    uint32_t tiles;  // T
    uint32_t lag;    // D, 1 <= D <= T
};

// The fold of one lane's items of one chunk, and of a warp's chunks, in the order
// lb_scan_chunk scans them: W items left to right, the 32 lane totals by the
// Kogge-Stone shuffle scan (its lane 31), the chunks left to right. Operators that
// associate exactly fold all of a thread's items first and reduce the warp once.
template <class ScanOp, int W, int V>
__device__ __forceinline__ typename ScanOp::value_type lb_warp_fold(
    const typename ScanOp::value_type (&x)[V][W], int lane, ScanOp op) {
    using T = typename ScanOp::value_type;
    if constexpr (kLbOrdered<ScanOp>) {
        T warp_total = ScanOp::identity();
#pragma unroll
        for (int k = 0; k < V; ++k) {
            T t = x[k][0];
#pragma unroll
            for (int j = 1; j < W; ++j) t = op(t, x[k][j]);
            const T chunk = __shfl_sync(0xffffffffu, lb_warp_inclusive(t, lane, op), 31);
            warp_total = k == 0 ? chunk : op(warp_total, chunk);
        }
        return warp_total;
    } else {
        T t = ScanOp::identity();
#pragma unroll
        for (int k = 0; k < V; ++k)
#pragma unroll
            for (int j = 0; j < W; ++j) t = op(t, x[k][j]);
        return lb_warp_reduce(t, op);
    }
}

// The lagged look-back, run by every lane of warp 0 for tile u > 0: returns u's
// exclusive prefix, and publishes the inclusive prefix of every predecessor it
// scanned that had only its aggregate published.
template <class Policy, class ScanOp>
__device__ __forceinline__ typename ScanOp::value_type lb_lagged_look_back(unsigned long long* status,
                                                                           uint32_t u, uint32_t epoch,
                                                                           int lane, ScanOp op) {
    using T = typename ScanOp::value_type;
    using Lw = LbWord<T>;
    // Window w covers predecessors [top - 31, top], lane l holding top - 31 + l;
    // slots before tile 0 read as inclusive identity (never reached: tile 0 is
    // always inclusive).
    const auto read = [&](int64_t top, typename Lw::Word& word, uint32_t& st) {
        const int64_t pred = top - 31 + lane;
        if (pred < 0) {
            word = Lw::identity_word(ScanOp::identity());
            st = kTileInclusive;
        } else {
            word = Lw::load(status, pred);
            st = Lw::status(word, epoch);
        }
    };
    // 1. Walk back to the nearest window holding an inclusive prefix, waiting only
    //    for the slots from that prefix up (all of them in a window without one).
    int64_t top = static_cast<int64_t>(u) - 1;
    typename Lw::Word word;
    uint32_t st;
    unsigned inclusive;
    while (true) {
        read(top, word, st);
        int sleep_ns = Policy::kSleepMinNs;
        while (true) {
            inclusive = __ballot_sync(0xffffffffu, st == kTileInclusive);
            const unsigned invalid = __ballot_sync(0xffffffffu, st == kTileInvalid);
            const unsigned needed = inclusive ? ~((1u << (31 - __clz(inclusive))) - 1u) : 0xffffffffu;
            if ((invalid & needed) == 0) break;
            __nanosleep(sleep_ns);
            sleep_ns = sleep_ns * 2 < Policy::kSleepMaxNs ? sleep_ns * 2 : Policy::kSleepMaxNs;
            if (st == kTileInvalid) read(top, word, st);
        }
        if (inclusive) break;
        top -= 32;
    }
    // 2. Scan forward window by window up to u - 1, starting at the inclusive prefix,
    //    and publish each inclusive prefix that was not yet published.
    T carry = ScanOp::identity();
    bool first = true;
    while (true) {
        if (!first) read(top, word, st);  // nearer windows: ready since step 1 (inclusive or aggregate)
        const bool inc = st == kTileInclusive;
        const unsigned inc_mask = __ballot_sync(0xffffffffu, inc);
        const int from = inc_mask ? 31 - __clz(inc_mask) : -1;  // slots below `from` do not count
        T v = Lw::value(word);
        T scanned;
        if constexpr (kLbOrdered<ScanOp>) {
            // Left to right from the carry (or from the inclusive prefix that resets it).
            T acc = carry;
            scanned = acc;
            for (int j = 0; j < 32; ++j) {
                const T vj = __shfl_sync(0xffffffffu, v, j);
                const bool ij = (inc_mask >> j) & 1u;
                if (j >= from) acc = ij ? vj : op(acc, vj);
                if (lane == j) scanned = acc;
            }
        } else {
            // Segmented Kogge-Stone scan: an inclusive slot starts a segment.
            T x = lane < from ? ScanOp::identity() : v;
            bool head = inc && lane >= from;
#pragma unroll
            for (int d = 1; d < 32; d *= 2) {
                const T y = __shfl_up_sync(0xffffffffu, x, d);
                const bool h = __shfl_up_sync(0xffffffffu, head, d);
                if (lane >= d && !head) {
                    x = op(y, x);
                    head = h;
                }
            }
            scanned = head || from >= 0 ? x : op(carry, x);
        }
        const int64_t pred = top - 31 + lane;
        if (st == kTileAggregate && lane > from && pred >= 0)
            Lw::store(status, pred, epoch, kTileInclusive, scanned);
        carry = __shfl_sync(0xffffffffu, scanned, 31);
        first = false;
        if (top >= static_cast<int64_t>(u) - 1) break;
        top += 32;
    }
    return carry;
}

// Shared memory of one block: the re-read tile and the warp partials.
template <class Policy, class T>
struct LaggedTempStorage {
    T warp_aggregate[Policy::kWarps];
    T warp_prefix[Policy::kWarps];
    T reduce_partial[Policy::kWarps];
    alignas(16) T items[Policy::template kTileItems<T>];
};

namespace {  // internal linkage: one launcher-owned attribute setup per translation unit

template <class Policy, class ScanOp>
__global__ void __launch_bounds__(Policy::kThreads, Policy::kMinBlocks)
    lookback_lagged_kernel(const typename ScanOp::value_type* __restrict__ in,
                           typename ScanOp::value_type* __restrict__ out, size_t n, LaggedParams p) {
    using T = typename ScanOp::value_type;
    constexpr int W = Policy::template kVecItems<T>;
    constexpr int V = Policy::kVecs;
    constexpr int kTile = Policy::template kTileItems<T>;
    constexpr int kWarpItems = Policy::template kWarpItems<T>;
    __shared__ LaggedTempStorage<Policy, T> temp;
    const ScanOp op{};
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    const uint32_t s = blockIdx.x;
    const bool reduces = s < p.tiles;
    const bool scans = s >= p.lag;
    const uint32_t u = s - p.lag;  // the tile this block scans (when it scans)
    const auto offset = [&](int k) { return k * 32 * W + W * lane; };
    uint64_t keep = 0, drop = 0;
    if constexpr (Policy::kHints) keep = lb_policy_evict_last(), drop = lb_policy_evict_first();

    // Issue both reads: the scan's re-read into shared memory (cp.async), the reduce's
    // loads into registers.
    T* s_warp = temp.items + warp * kWarpItems;
    const size_t u_base = static_cast<size_t>(u) * kTile + static_cast<size_t>(warp) * kWarpItems;
    const bool u_full = scans && static_cast<size_t>(u + 1) * kTile <= n;
    if (scans) {
#pragma unroll
        for (int k = 0; k < V; ++k) {
            const size_t e = u_base + offset(k);
            if (u_full || e + W <= n)
                lb_cp_async16_hint<Policy::kHints>(s_warp + offset(k), in + e, drop);
            else
                for (int j = 0; j < W; ++j)
                    s_warp[offset(k) + j] = e + j < n ? in[e + j] : ScanOp::identity();
        }
        lb_cp_async_commit();
    }
    if (reduces) {
        T x[V][W];
        const size_t base = static_cast<size_t>(s) * kTile + static_cast<size_t>(warp) * kWarpItems;
        const bool full = static_cast<size_t>(s + 1) * kTile <= n;
#pragma unroll
        for (int k = 0; k < V; ++k) {
            const size_t e = base + offset(k);
            if (full || e + W <= n) {
                lb_unpack16<T, W>(lb_ld16<Policy::kHints>(in + e, keep), x[k]);
            } else {
#pragma unroll
                for (int j = 0; j < W; ++j) x[k][j] = e + j < n ? in[e + j] : ScanOp::identity();
            }
        }
        const T wt = lb_warp_fold<ScanOp>(x, lane, op);
        if (lane == 0) temp.reduce_partial[warp] = wt;
    }
    __syncthreads();
    if (reduces && warp == 0) {
        const T wa = lane < Policy::kWarps ? temp.reduce_partial[lane] : ScanOp::identity();
        const T aggregate = __shfl_sync(0xffffffffu, lb_warp_inclusive(wa, lane, op), Policy::kWarps - 1);
        if (lane == 0)
            LbWord<T>::store(p.status, s, p.epoch, s == 0 ? kTileInclusive : kTileAggregate, aggregate);
    }
    if (!scans) return;

    // Scan tile u out of shared memory, as decoupled_lookback_tile does.
    lb_cp_async_wait_group<0>();
    T warp_total = ScanOp::identity();
#pragma unroll
    for (int k = 0; k < V; ++k) {
        T y[W];
#pragma unroll
        for (int j = 0; j < W; ++j) y[j] = s_warp[offset(k) + j];
        lb_scan_chunk<W>(y, k, lane, warp_total, op);
#pragma unroll
        for (int j = 0; j < W; ++j) s_warp[offset(k) + j] = y[j];
    }
    if (lane == 0) temp.warp_aggregate[warp] = warp_total;
    __syncthreads();
    if (warp == 0) {
        const T wa = lane < Policy::kWarps ? temp.warp_aggregate[lane] : ScanOp::identity();
        const T w_incl = lb_warp_inclusive(wa, lane, op);
        const T w_excl = __shfl_up_sync(0xffffffffu, w_incl, 1);
        const T aggregate = __shfl_sync(0xffffffffu, w_incl, Policy::kWarps - 1);
        T tile_exclusive = ScanOp::identity();
        if (u > 0) {
            tile_exclusive = lb_lagged_look_back<Policy>(p.status, u, p.epoch, lane, op);
            if (lane == 0)
                LbWord<T>::store(p.status, u, p.epoch, kTileInclusive, op(tile_exclusive, aggregate));
        }
        if (lane < Policy::kWarps) {
            const T within = lane == 0 ? ScanOp::identity() : w_excl;
            temp.warp_prefix[lane] =
                u == 0 ? within : (lane == 0 ? tile_exclusive : op(tile_exclusive, within));
        }
    }
    __syncthreads();
    const T warp_prefix = temp.warp_prefix[warp];
#pragma unroll
    for (int k = 0; k < V; ++k) {
        T xs[W], y[W];
#pragma unroll
        for (int j = 0; j < W; ++j) xs[j] = s_warp[offset(k) + j];
        if (p.exclusive) {
            y[0] = (k == 0 && lane == 0) ? warp_prefix : op(warp_prefix, s_warp[offset(k) - 1]);
#pragma unroll
            for (int j = 1; j < W; ++j) y[j] = op(warp_prefix, xs[j - 1]);
        } else {
#pragma unroll
            for (int j = 0; j < W; ++j) y[j] = op(warp_prefix, xs[j]);
        }
        const size_t e = u_base + offset(k);
        if (u_full || e + W <= n) {
            LbVec16<T, W> v;
#pragma unroll
            for (int j = 0; j < W; ++j) v.t[j] = y[j];
            lb_st16<Policy::kHints>(out + e, v.u, drop);
        } else {
#pragma unroll
            for (int j = 0; j < W; ++j)
                if (e + j < n) out[e + j] = y[j];
        }
    }
}

}  // namespace

}  // namespace scanviz::kern
