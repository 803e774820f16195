// One tile of the decoupled look-back scan (steps 1 to 5 of decoupled_lookback.cuh):
// load, reduce, publish the aggregate, look back, publish the inclusive prefix, scan
// and store; in registers or staged in shared memory, as the policy says.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bits.cuh"
#include "look_back.cuh"
#include "memory.cuh"
#include "policy.cuh"
#include "status.cuh"
#include "warp.cuh"

namespace scanviz::kern {

// What a launch gives every tile of it.
struct LookbackParams {
    unsigned long long* status;  // [num_tiles] status words
    uint32_t epoch;              // this launch's number (1 .. 2^30 - 1)
    bool exclusive;
    // Unused, where the tile counter and split-tile fields were: keeps the parameters' layout
    // (the probe buffer's offset after this struct) and with it the kernels' SASS. As bytes,
    // not words, it changes code: the compiler then hoists the load of `exclusive`.
    unsigned long long reserved[4];
};

// Scratch a tile needs in shared memory (the caller owns it).
template <class Policy, class T>
struct LookbackTempStorage {
    T warp_aggregate[Policy::kWarps];
    T warp_prefix[Policy::kWarps];
    alignas(16) T items[Policy::kStaged ? Policy::kTileItems : 1];  // the staged tile
};

// One tile (steps 1 to 5), items [first, first + kTileItems) of [0, n), first = tile *
// kTileItems. kFull: the tile lies wholly inside [0, n), so it moves 16-byte vectors with no
// bounds checks; the last, partial tile checks every element.
template <class Policy, bool kFull, class ScanOp, class Probe>
__device__ __forceinline__ void decoupled_lookback_tile(
    const typename ScanOp::value_type* __restrict__ in, typename ScanOp::value_type* __restrict__ out,
    size_t n, uint32_t tile, size_t first, const LookbackParams& p,
    LookbackTempStorage<Policy, typename ScanOp::value_type>& temp, ScanOp op, Probe& probe) {
    using T = typename ScanOp::value_type;
    // Staged tiles move 16-byte vectors: 4 items of 4-byte values, 2 of 8-byte ones
    // (the register path, which the traces run, takes 4-byte values only).
    constexpr int W = Policy::kStaged ? 16 / static_cast<int>(sizeof(T)) : Policy::kVecItems;
    constexpr int V = Policy::kItemsPerThread / W;
    static_assert(Policy::kStaged || sizeof(T) == 4, "8-byte values take the staged path");
    static_assert(V * W == Policy::kItemsPerThread, "whole vectors per thread");
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    const size_t warp_base = first + static_cast<size_t>(warp) * Policy::kWarpItems;
    probe.tile_start();

    // Step 1a: load. Vector k of this lane: elements warp_base + 32 W k + W lane + (0 .. W-1)
    // (staged: the same elements, at the same offsets in the warp's part of temp.items).
    constexpr int kRegV = Policy::kStaged ? 1 : V;  // vectors held in registers
    // The grouped look-back: tile 0 publishes its aggregate like every other tile (only the
    // last tile of a group publishes an inclusive prefix).
    constexpr bool kGrouped = Policy::kGroups;
    const uint32_t first_status = tile == 0 && !kGrouped ? kTileInclusive : kTileAggregate;
    T x[kRegV][W];
    // kLoadGroups: the vectors of one cp.async group, and the wait before the first vector of
    // each group in the early aggregate (a full tile; the partial tile has waited for all).
    static_assert(V % Policy::kLoadGroups == 0, "whole vectors per load group");
    constexpr int kGroupVecs = V / Policy::kLoadGroups;
    const auto wait_group_of = [&](int k) {
        if constexpr (kGroupVecs < V)
            if (kFull && k % kGroupVecs == 0)
                lb_cp_async_wait_pending<Policy::kLoadGroups>(Policy::kLoadGroups - 1 - k / kGroupVecs);
    };
    T* s_warp = temp.items + (Policy::kStaged ? warp * Policy::kWarpItems : 0);
    const auto offset = [&](int k) { return k * 32 * W + W * lane; };
    if constexpr (Policy::kStaged) {
        if constexpr (kFull) {
            [[maybe_unused]] uint64_t drop = 0;
            if constexpr (Policy::kStreamHints) drop = lb_policy_evict_first();
#pragma unroll
            for (int k = 0; k < V; ++k) {
                lb_cp_async16_hint<Policy::kStreamHints>(s_warp + offset(k), in + warp_base + offset(k), drop);
                if constexpr (kGroupVecs < V)
                    if ((k + 1) % kGroupVecs == 0) lb_cp_async_commit();
            }
            if constexpr (kGroupVecs == V) lb_cp_async_wait_all();  // else the early aggregate waits
        } else {
            // The last, partial tile: whole 16-byte vectors where they lie inside [0, n),
            // all in flight together as in a full tile; element by element only across n
            // (version 4 loaded every element of this tile one after another).
#pragma unroll 1
            for (int k = 0; k < V; ++k) {
                const size_t e = warp_base + offset(k);
                if (e + W <= n) {
                    lb_cp_async16(s_warp + offset(k), in + e);
                } else {
                    for (int j = 0; j < W; ++j)
                        s_warp[offset(k) + j] = e + j < n ? in[e + j] : ScanOp::identity();
                }
            }
            lb_cp_async_wait_all();
        }
    } else {
#pragma unroll
        for (int k = 0; k < V; ++k) {
            const size_t e = warp_base + static_cast<size_t>(k) * 32 * W + W * lane;
            if constexpr (kFull)
                lb_load_vec<W>(in + e, x[k]);
            else {
#pragma unroll
                for (int j = 0; j < W; ++j) x[k][j] = e + j < n ? in[e + j] : ScanOp::identity();
            }
        }
    }

    // Step 1b's work on one staged chunk k (lb_scan_chunk): its items become the warp-level
    // inclusive scan; `warp_total` carries the fold of the chunks before it and receives this one's.
    T warp_total = ScanOp::identity();
    [[maybe_unused]] const auto scan_staged_chunk = [&](int k) {
        T y[W];
#pragma unroll
        for (int j = 0; j < W; ++j) y[j] = s_warp[offset(k) + j];
        lb_scan_chunk<W>(y, k, lane, warp_total, op);
#pragma unroll
        for (int j = 0; j < W; ++j) s_warp[offset(k) + j] = y[j];
    };

    // Early aggregate: fold this warp's items in the order the chunk scans would (the
    // same bits), before scanning them.
    if constexpr (Policy::kEarlyAggregate) {
        T wt = ScanOp::identity();
        if constexpr (kLbOrdered<ScanOp>) {
#pragma unroll
            for (int k = 0; k < V; ++k) {
                wait_group_of(k);
                T t = s_warp[offset(k)];
#pragma unroll
                for (int j = 1; j < W; ++j) t = op(t, s_warp[offset(k) + j]);  // step: reduce tiles
                const T incl = lb_warp_inclusive(t, lane, op);
                const T chunk = __shfl_sync(0xffffffffu, incl, 31);
                wt = k == 0 ? chunk : op(wt, chunk);  // step: reduce tiles
            }
        } else {
#pragma unroll
            for (int k = 0; k < V; ++k) {
                wait_group_of(k);
#pragma unroll
                for (int j = 0; j < W; ++j) wt = op(wt, s_warp[offset(k) + j]);  // step: reduce tiles
            }
            wt = lb_warp_reduce(wt, op);  // step: reduce tiles
        }
        if (lane == 0) temp.warp_aggregate[warp] = wt;
        __syncthreads();
    }

    // Step 1b: scan each chunk of the warp (lb_scan_chunk); x (or the staged items)
    // becomes the warp-level inclusive scan, so no per-vector prefix stays live through the
    // look-back. (Early aggregate: warp 0 publishes the aggregate first.)
    [[maybe_unused]] T early_w_incl{}, early_aggregate{};
    if constexpr (Policy::kEarlyAggregate) {
        if (warp == 0) {
            const T wa = lane < Policy::kWarps ? temp.warp_aggregate[lane] : ScanOp::identity();
            early_w_incl = lb_warp_inclusive(wa, lane, op);
            early_aggregate = __shfl_sync(0xffffffffu, early_w_incl, Policy::kWarps - 1);
            if (lane == 0) LbWord<T>::store(p.status, tile, p.epoch, first_status, early_aggregate);  // step: publish aggregates
            probe.aggregate_published(first_status, lb_to_bits(early_aggregate));
        }
    }
    // The chunks, one after another.
#pragma unroll
    for (int k = 0; k < V; ++k) {
        if constexpr (Policy::kStaged)
            scan_staged_chunk(k);
        else
            lb_scan_chunk<W>(x[k], k, lane, warp_total, op);
    }
    if constexpr (!Policy::kEarlyAggregate) {
        if (lane == 0) temp.warp_aggregate[warp] = warp_total;
        __syncthreads();
    }

    // Steps 2 to 4, warp 0: scan the warp aggregates, publish, look back, publish.
    if (warp == 0) {
        T w_incl, aggregate;
        if constexpr (Policy::kEarlyAggregate) {
            w_incl = early_w_incl, aggregate = early_aggregate;
        } else {
            const T wa = lane < Policy::kWarps ? temp.warp_aggregate[lane] : ScanOp::identity();
            w_incl = lb_warp_inclusive(wa, lane, op);
            aggregate = __shfl_sync(0xffffffffu, w_incl, Policy::kWarps - 1);
        }
        const T w_excl = __shfl_up_sync(0xffffffffu, w_incl, 1);
        T tile_exclusive = ScanOp::identity();
        if (tile == 0) {
            if (lane == 0 && !Policy::kEarlyAggregate)
                LbWord<T>::store(p.status, 0, p.epoch, first_status, aggregate);
            if constexpr (!Policy::kEarlyAggregate)
                probe.aggregate_published(first_status, lb_to_bits(aggregate));
            probe.lookback_start();
            probe.lookback_end(0, lb_to_bits(tile_exclusive));
            probe.inclusive_published(lb_to_bits(aggregate));
        } else {
            if (lane == 0 && !Policy::kEarlyAggregate)
                LbWord<T>::store(p.status, tile, p.epoch, kTileAggregate, aggregate);
            if constexpr (!Policy::kEarlyAggregate)
                probe.aggregate_published(kTileAggregate, lb_to_bits(aggregate));
            probe.lookback_start();
            int distance = 0;
            T inclusive;
            bool publish = true;
            if constexpr (kGrouped) {
                tile_exclusive = lb_look_back_grouped<Policy>(p.status, tile, p.epoch, lane, op, probe,  // step: look back
                                                              distance, aggregate, inclusive);
                publish = (tile & 31u) == 31u;  // the last tile of its group
            } else {
                tile_exclusive = lb_look_back<Policy>(p.status, tile, p.epoch, lane, op, probe, distance);  // step: look back
                inclusive = op(tile_exclusive, aggregate);  // step: publish inclusive
            }
            probe.lookback_end(distance, lb_to_bits(tile_exclusive));
            if (lane == 0 && publish) LbWord<T>::store(p.status, tile, p.epoch, kTileInclusive, inclusive);  // step: publish inclusive
            probe.inclusive_published(lb_to_bits(inclusive));
        }
        if (lane < Policy::kWarps) {
            const T within = lane == 0 ? ScanOp::identity() : w_excl;
            temp.warp_prefix[lane] =
                tile == 0 ? within : (lane == 0 ? tile_exclusive : op(tile_exclusive, within));
        }
    }
    __syncthreads();

    // Step 5: combine the items (the warp-level inclusive scan) with the warp's prefix
    // and store them. Exclusive: each item takes the value of the item before it in the
    // warp (the lane before, or lane 31 of the previous chunk), the warp's first item
    // the warp's prefix alone.
    const T warp_prefix = temp.warp_prefix[warp];
    if constexpr (Policy::kStaged) {
        // The item before each item is in shared memory: the same values the register
        // path shuffles (the lane before, or lane 31 of the previous chunk).
        [[maybe_unused]] T carry = ScanOp::identity();
#pragma unroll
        for (int k = 0; k < V; ++k) {
            T xs[W], y[W];
#pragma unroll
            for (int j = 0; j < W; ++j) xs[j] = s_warp[offset(k) + j];
            if (p.exclusive) {
                if constexpr (kFull && Policy::kShuffleExclusive) {
                    // The item before comes by shuffle (lane 0: lane 31's last of the previous
                    // chunk, kept in `carry`), saving the second shared-memory read.
                    const T up = __shfl_up_sync(0xffffffffu, xs[W - 1], 1);
                    y[0] = (k == 0 && lane == 0) ? warp_prefix : op(warp_prefix, lane == 0 ? carry : up);
                    carry = __shfl_sync(0xffffffffu, xs[W - 1], 31);
                } else {
                    y[0] = (k == 0 && lane == 0) ? warp_prefix : op(warp_prefix, s_warp[offset(k) - 1]);  // step: scan tiles
                }
#pragma unroll
                for (int j = 1; j < W; ++j) y[j] = op(warp_prefix, xs[j - 1]);  // step: scan tiles
            } else {
#pragma unroll
                for (int j = 0; j < W; ++j) y[j] = op(warp_prefix, xs[j]);  // step: scan tiles
            }
            const size_t e = warp_base + offset(k);
            if constexpr (kFull && Policy::kStreamHints) {
                LbVec16<T, W> v;
#pragma unroll
                for (int j = 0; j < W; ++j) v.t[j] = y[j];
                lb_st16<true>(out + e, v.u, lb_policy_evict_first());
            } else if constexpr (kFull)
                lb_store16<false>(out + e, y);
            else {
#pragma unroll
                for (int j = 0; j < W; ++j)
                    if (e + j < n) out[e + j] = y[j];
            }
        }
    } else {
#pragma unroll
        for (int k = 0; k < V; ++k) {
            T y[W];
            if (p.exclusive) {
                const T up = __shfl_up_sync(0xffffffffu, x[k][W - 1], 1);
                const T last_of_previous_chunk =
                    k > 0 ? __shfl_sync(0xffffffffu, x[k > 0 ? k - 1 : 0][W - 1], 31) : ScanOp::identity();
                if (lane > 0)
                    y[0] = op(warp_prefix, up);
                else
                    y[0] = k == 0 ? warp_prefix : op(warp_prefix, last_of_previous_chunk);
#pragma unroll
                for (int j = 1; j < W; ++j) y[j] = op(warp_prefix, x[k][j - 1]);
            } else {
#pragma unroll
                for (int j = 0; j < W; ++j) y[j] = op(warp_prefix, x[k][j]);
            }
            const size_t e = warp_base + static_cast<size_t>(k) * 32 * W + W * lane;
            if constexpr (kFull)
                lb_store_vec<W>(out + e, y);
            else {
#pragma unroll
                for (int j = 0; j < W; ++j)
                    if (e + j < n) out[e + j] = y[j];
            }
        }
    }
    probe.tile_end();
}

// The tile at items [first, first + kTileItems): whole vectors where it lies inside [0, n),
// element by element where n cuts it.
template <class Policy, class ScanOp, class Probe>
__device__ __forceinline__ void decoupled_lookback_tile_at(
    const typename ScanOp::value_type* __restrict__ in, typename ScanOp::value_type* __restrict__ out,
    size_t n, uint32_t tile, size_t first, const LookbackParams& p,
    LookbackTempStorage<Policy, typename ScanOp::value_type>& temp, ScanOp op, Probe& probe) {
    if (first + Policy::kTileItems <= n)
        decoupled_lookback_tile<Policy, true>(in, out, n, tile, first, p, temp, op, probe);
    else
        decoupled_lookback_tile<Policy, false>(in, out, n, tile, first, p, temp, op, probe);
}

}  // namespace scanviz::kern
