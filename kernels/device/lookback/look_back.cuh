// The look-back (step 3 of the decoupled look-back scan): tile by tile over a window
// of predecessors (lb_look_back), or in groups of 32 tiles (lb_look_back_grouped).
#pragma once

#include <cstdint>

#include "../../ops.cuh"
#include "policy.cuh"
#include "status.cuh"
#include "warp.cuh"

namespace scanviz::kern {

// The look-back (step 3), run by every lane of warp 0 of tile `tile` (> 0).
// Returns the tile's exclusive prefix (in every lane) and the look-back
// distance (how many predecessors were folded) in `distance`.
template <class Policy, class ScanOp, class Probe>
__device__ __forceinline__ typename ScanOp::value_type lb_look_back(const unsigned long long* status,
                                                                    uint32_t tile, uint32_t epoch, int lane,
                                                                    ScanOp op, Probe& probe, int& distance) {
    using T = typename ScanOp::value_type;
    T exclusive = ScanOp::identity();
    [[maybe_unused]] bool have = false;
    distance = 0;
    constexpr int K = Policy::kLanePreds;
    int64_t nearest = static_cast<int64_t>(tile) - 1;  // the window's nearest predecessor
    constexpr int kKeepWindows = 3;                    // float add (K == 1): windows kept for the left fold
    [[maybe_unused]] T kept[kKeepWindows];
    [[maybe_unused]] int passed = 0;
    while (true) {
        // Slot q of this lane inspects predecessor nearest - (32 q + lane): slot 0 of all
        // lanes covers the 32 nearest, slot 1 the next 32, ... The K loads are independent,
        // so one round trip to L2 covers the whole window.
        // Slots before tile 0 hold the identity, as if inclusive: they are never needed,
        // since tile 0 always publishes its inclusive prefix.
        using Lw = LbWord<T>;
        typename Lw::Word word[K];
        uint32_t st[K];
        int64_t seen[K];
#pragma unroll
        for (int q = 0; q < K; ++q) {
            const int64_t pred = nearest - (32 * q + lane);
            st[q] = pred >= 0 ? kTileInvalid : kTileInclusive;
            word[q] = Lw::identity_word(ScanOp::identity());
            seen[q] = 0;
        }
        int sleep_ns = Policy::kSleepMinNs;
        unsigned needed[K];
        bool found = false;  // an inclusive predecessor is in this window
        while (true) {
            // Re-read the slots whose predecessor has not yet published its inclusive prefix.
#pragma unroll
            for (int q = 0; q < K; ++q) {
                if (st[q] != kTileInclusive) {
                    word[q] = Lw::load(status, nearest - (32 * q + lane));
                    st[q] = Lw::status(word[q], epoch);
                }
                if constexpr (Probe::kOn)
                    if (seen[q] == 0 && st[q] != kTileInvalid) seen[q] = clock64();
            }
            // Needed: every slot up to and including the nearest inclusive predecessor
            // (the whole window when there is none). Ready: none of those is invalid.
            bool ready = true;
            found = false;
#pragma unroll
            for (int q = 0; q < K; ++q) {
                const unsigned inclusive = __ballot_sync(0xffffffffu, st[q] == kTileInclusive);
                const unsigned invalid = __ballot_sync(0xffffffffu, st[q] == kTileInvalid);
                needed[q] =
                    found ? 0u : (inclusive ? (((inclusive & (0u - inclusive)) << 1) - 1u) : 0xffffffffu);
                found = found || inclusive != 0;
                ready = ready && (invalid & needed[q]) == 0;
            }
            if (ready) break;
            __nanosleep(sleep_ns);
            sleep_ns = sleep_ns * 2 < Policy::kSleepMaxNs ? sleep_ns * 2 : Policy::kSleepMaxNs;
        }
        // Fold this lane's needed slots, then the 32 lanes (any order: add, max and min commute).
        T value = ScanOp::identity();
        const int window_base = distance;  // predecessors folded before this window
#pragma unroll
        for (int q = 0; q < K; ++q) {
            const bool counted = (needed[q] >> lane) & 1u;
            const int64_t pred = nearest - (32 * q + lane);
            probe.predecessor(window_base + 32 * q + lane, pred, st[q], seen[q], counted);
            value = op(value, counted ? Lw::value(word[q]) : ScanOp::identity());
            distance += __popc(needed[q]);
        }
        if constexpr (kLbOrdered<ScanOp>) {
            // Float addition does not associate, and which predecessors a tile folds
            // depends on timing. So floats fold in one canonical order: left to right,
            // from the inclusive prefix found up to the nearest predecessor, one at a
            // time. Every inclusive prefix is then the left fold of all aggregates
            // before it and the tile's own, bit for bit, whatever the schedule (by
            // induction over the tiles): the result does not depend on where a
            // look-back stopped. Nearer windows are read again (a predecessor that has
            // since published its inclusive prefix restarts the fold with it: the same
            // value the fold would reach).
            // The values of the first kKeepWindows windows passed (all aggregates, as no
            // inclusive prefix was in them) stay in registers for the fold; farther ones
            // are read again.
            if (!found) {
                if constexpr (K == 1) {
#pragma unroll
                    for (int i = 0; i < kKeepWindows; ++i)
                        if (i == passed) kept[i] = Lw::value(word[0]);
                    ++passed;
                }
                nearest -= Policy::kWindow;
                continue;
            }
            T acc = ScanOp::identity();
#pragma unroll
            for (int q = K - 1; q >= 0; --q) {
                const T v = Lw::value(word[q]);
                for (int j = 31; j >= 0; --j) {
                    const T vj = __shfl_sync(0xffffffffu, v, j);
                    const bool inclusive = __shfl_sync(0xffffffffu, st[q] == kTileInclusive, j);
                    if ((needed[q] >> j) & 1u) acc = inclusive ? vj : op(acc, vj);
                }
            }
            if constexpr (K == 1) {
                // Windows passed, far to near: window i's nearest predecessor is tile - 1 - 32 i.
                for (int i = passed - 1; i >= 0; --i) {
                    T v = ScanOp::identity();
                    bool inc = false;
                    if (i >= kKeepWindows) {
                        const auto w = Lw::load(status, static_cast<int64_t>(tile) - 1 - 32 * i - lane);
                        v = Lw::value(w);
                        inc = Lw::status(w, epoch) == kTileInclusive;
                    } else {
#pragma unroll
                        for (int q = 0; q < kKeepWindows; ++q)
                            if (q == i) v = kept[q];
                    }
                    for (int j = 31; j >= 0; --j) {
                        const T vj = __shfl_sync(0xffffffffu, v, j);
                        acc = __shfl_sync(0xffffffffu, inc, j) ? vj : op(acc, vj);
                    }
                }
            }
            for (int64_t near = nearest + Policy::kWindow; K > 1 && near <= static_cast<int64_t>(tile) - 1;
                 near += Policy::kWindow) {
#pragma unroll
                for (int q = K - 1; q >= 0; --q) {
                    const auto w = Lw::load(status, near - (32 * q + lane));
                    const T v = Lw::value(w);
                    const bool inc = Lw::status(w, epoch) == kTileInclusive;
                    for (int j = 31; j >= 0; --j) {
                        const T vj = __shfl_sync(0xffffffffu, v, j);
                        acc = __shfl_sync(0xffffffffu, inc, j) ? vj : op(acc, vj);
                    }
                }
            }
            exclusive = acc;
            break;
        } else {
            const T window = lb_warp_reduce(value, op);
            exclusive = have ? op(window, exclusive) : window;
            have = true;
            if (found) break;
            nearest -= Policy::kWindow;
        }
    }
    return exclusive;
}

// ---------------------------------------------------------------------------
// The look-back in groups of 32 tiles (policies with kGroups).
//
// The left fold above is deterministic, but it serializes the look-back: a tile folds
// every predecessor back to the inclusive prefix it found, one shuffle and one add after
// another (~90 of them on an H100 at 2^28), and its successors wait on that. Here the
// order is fixed by tile indices instead, so a look-back combines whole windows in
// parallel and stays as deterministic:
//   - tiles come in groups of 32 (group g: tiles 32 g .. 32 g + 31); the group sum S_g is
//     the Kogge-Stone warp scan (lb_warp_inclusive) of the group's 32 aggregates, lane l
//     holding tile 32 g + l, read at lane 31; at lane r it is L_g(r), the fold of the
//     group's tiles 0..r. Every warp that computes it gets the same bits: the tree
//     depends only on lane positions;
//   - the prefix before group g, Q_g, is the left fold of S_0 .. S_{g-1} (Q_0: nothing);
//   - tile 32 g + r has exclusive prefix Q_g + L_g(r - 1) (r = 0: Q_g), and only the last
//     tile of a group (r = 31) publishes an inclusive prefix: Q_{g+1} = Q_g + S_g. The
//     others publish their aggregate and nothing else, so their status word keeps it.
// A look-back reads its own group's earlier aggregates (lanes below r) and, window by
// window, the groups before it: a group whose last tile is inclusive gives Q at once;
// otherwise all 32 aggregates give S (one warp scan). Then Q is folded left over the few
// groups passed (usually 2 or 3). Whichever group's inclusive prefix a tile finds, it is
// the same left fold of the same group sums (by induction over the groups), so the
// result does not depend on the schedule.
// Returns the exclusive prefix (every lane); `group_inclusive` gets Q_g + S_g (meaningful
// for the last tile of a group). `aggregate` is the tile's own, as published.
template <class Policy, class ScanOp, class Probe>
__device__ __forceinline__ typename ScanOp::value_type lb_look_back_grouped(
    const unsigned long long* status, uint32_t tile, uint32_t epoch, int lane, ScanOp op, Probe& probe,
    int& distance, typename ScanOp::value_type aggregate, typename ScanOp::value_type& group_inclusive) {
    using T = typename ScanOp::value_type;
    using Lw = LbWord<T>;
    constexpr unsigned kAll = 0xffffffffu;
    static_assert(kLbGroupTiles == 32, "a group is one tile per lane");
    const int64_t base = static_cast<int64_t>(tile) & ~int64_t{31};  // this tile's group
    const int r = static_cast<int>(tile & 31u);
    int64_t h = base - 32;  // the group inspected (its first tile); < 0: none left
    typename Lw::Word own = Lw::identity_word(ScanOp::identity()), grp = own;
    // Lanes at or above r have nothing of their own group to wait for.
    uint32_t st_own = lane < r ? kTileInvalid : kTileAggregate, st_grp = kTileInvalid;
    [[maybe_unused]] int64_t seen = 0, seen_grp = 0;  // (probes) when this lane's word was first ready
    T q = ScanOp::identity();                         // Q of the group after the one found inclusive
    bool have = false;            // q holds something (else: no group before, the fold is empty)
    T sums = ScanOp::identity();  // lane i: S of the i-th group passed, nearest first
    int passed = 0;
    bool groups_done = h < 0;
    int sleep_ns = Policy::kSleepMinNs;
    distance = r;
    while (true) {
        if (st_own == kTileInvalid) {
            own = Lw::load(status, base + lane);
            st_own = Lw::status(own, epoch);
            if constexpr (Probe::kOn)
                if (st_own != kTileInvalid) seen = clock64();
        }
        if (!groups_done) {
            if (st_grp != kTileInclusive) {
                grp = Lw::load(status, h + lane);
                st_grp = Lw::status(grp, epoch);
                if constexpr (Probe::kOn)
                    if (seen_grp == 0 && st_grp != kTileInvalid) seen_grp = clock64();
            }
            // Probes record predecessors nearest first: this tile's group (r of them), then
            // each group passed from its last tile down, then the inclusive one found.
            if (__shfl_sync(kAll, st_grp == kTileInclusive, 31)) {
                probe.predecessor(r + 32 * passed, h + lane, st_grp, seen_grp, lane == 31);
                q = __shfl_sync(kAll, Lw::value(grp), 31);
                have = true;
                groups_done = true;
                distance += 1;
            } else if (__all_sync(kAll, st_grp != kTileInvalid)) {
                probe.predecessor(r + 32 * passed + 31 - lane, h + lane, st_grp, seen_grp, true);
                const T s = __shfl_sync(kAll, lb_warp_inclusive(Lw::value(grp), lane, op), 31);
                if (lane == passed) sums = s;  // beyond 32 groups: read again below
                ++passed;
                distance += 32;
                h -= 32;
                st_grp = kTileInvalid;
                seen_grp = 0;
                groups_done = h < 0;
                sleep_ns = Policy::kSleepMinNs;
                continue;  // the next group at once
            }
        }
        if (groups_done && __all_sync(kAll, st_own != kTileInvalid)) break;
        __nanosleep(sleep_ns);
        sleep_ns = sleep_ns * 2 < Policy::kSleepMaxNs ? sleep_ns * 2 : Policy::kSleepMaxNs;
    }
    probe.predecessor(r - 1 - lane, base + lane, st_own, seen, lane < r);
    // Q of this group: from the one found (or nothing) fold the group sums passed, far to
    // near. Groups beyond the 32 kept are read again: a group whose last tile has since
    // published its inclusive prefix gives the value the fold would reach.
    for (int i = passed - 1; i >= 32; --i) {
        const auto w = Lw::load(status, base - 32 * (i + 1) + lane);
        if (__shfl_sync(kAll, Lw::status(w, epoch) == kTileInclusive, 31)) {
            q = __shfl_sync(kAll, Lw::value(w), 31);
        } else {
            const T s = __shfl_sync(kAll, lb_warp_inclusive(Lw::value(w), lane, op), 31);
            q = have ? op(q, s) : s;
        }
        have = true;
    }
    for (int i = (passed < 32 ? passed : 32) - 1; i >= 0; --i) {
        const T s = __shfl_sync(kAll, sums, i);
        q = have ? op(q, s) : s;
        have = true;
    }
    // This tile's group: its earlier tiles' aggregates, its own, identity above.
    const T a = lane < r ? Lw::value(own) : (lane == r ? aggregate : ScanOp::identity());
    const T l = lb_warp_inclusive(a, lane, op);
    const T before = __shfl_sync(kAll, l, r > 0 ? r - 1 : 0);
    const T through = __shfl_sync(kAll, l, r);
    group_inclusive = have ? op(q, through) : through;
    if (r == 0) return q;  // (tile 0: the identity)
    return have ? op(q, before) : before;
}

}  // namespace scanviz::kern
