// Tuning policy of the decoupled look-back kernel: what each field means, the defaults,
// what follows from the fields, and the tuned policies the benchmark times.
#pragma once

#include <type_traits>

#include "core/bench/lookback_policy.hpp"

namespace scanviz::kern {

// Tiles per group of the grouped look-back (a policy's kGroups): one per lane of the
// warp that looks back.
inline constexpr int kLbGroupTiles = 32;

// ---------------------------------------------------------------------------
// A tuning names its fields: a struct that derives from LookbackTuningDefaults and sets
// kThreads, kItemsPerThread and every field it wants otherwise than the defaults.
// LookbackPolicy<Tuning> adds what follows from them; it is the kernel's Policy.
//
// kThreads x kItemsPerThread: the tile. Every thread moves its items as vectors of
// W = 4 items (16 bytes, uint4) when kItemsPerThread is a multiple of 4 (else 2, else
// 1), kItemsPerThread / W of them, all loads issued before the first is used. Within a
// warp, vector k of lane l covers elements [warp_base + 32 W k + W l, + W): each load
// instruction of the warp reads 32 W contiguous items (with W = 4, 512 bytes: fully
// coalesced, four 128-byte lines), and the scan over that chunk is a W-item scan in the
// thread plus one shuffle warp scan. No shared-memory transpose is needed (CUB's
// BLOCK_LOAD_WARP_TRANSPOSE stages through shared memory; we do not).
//
// kLanePreds: predecessors each lane of warp 0 reads per look-back round (a window of
// 32 kLanePreds predecessors per round).
//
// kMinBlocks: resident blocks per SM asked of ptxas (__launch_bounds__), which holds
// the registers per thread to what that many blocks leave.
//
// kSleepMinNs / kSleepMaxNs: __nanosleep backoff while a predecessor's flag is not
// ready: the first re-read comes at once, then the sleep doubles from kSleepMinNs up to
// kSleepMaxNs, so a spinning warp does not flood L2 with status reads that slow the
// very tiles it waits for.
//
// kStaged: the tile is copied into shared memory with cp.async (LDGSTS, 16 bytes a
// thread per instruction; no register holds it in flight), scanned there chunk by
// chunk, and waits through its look-back in shared memory, not in registers. Registers
// per thread fall to what one chunk needs, so shared memory (228 KiB per SM on sm_90),
// not the register file, bounds the tile bytes resident per SM. Same arithmetic, same
// order as the register path.
//
// kEarlyAggregate (staged only): fold the tile to its aggregate and publish it before
// the chunk scans, which warps 1.. then run while warp 0 looks back (successors wait on
// the aggregate, not on this tile's scan).
//
// kStreamHints (staged only): the tile's loads and stores carry an L2 evict-first hint
// (neither is read again), leaving L2 to the status words.
//
// kDynamicSmem (staged only): the tile lives in dynamic shared memory, so it may exceed
// the 48 KiB a block's static shared memory is limited to (the launch opts in to more).
//
// kGroups: the look-back runs in groups of kLbGroupTiles tiles (lb_look_back_grouped),
// for every operator, rather than tile by tile (float add: not the left fold over every
// tile).
//
// kLoadGroups (staged, with the early aggregate): a full tile's copies go in
// kLoadGroups cp.async groups of equal numbers of 16-byte vectors, and the early aggregate
// folds a group's chunks as soon as that group has landed, not after the whole tile: the
// fold runs while the later groups are still in flight. 1: one wait for the whole tile.
//
// kShuffleExclusive (staged): in exclusive mode each item's predecessor comes by shuffle
// (the lane before; lane 0 takes lane 31's last item of the previous chunk) rather than by a
// second shared-memory read of the item before its vector.
//
// Fields that no tuning took were removed; lab/NOTES.md keeps what they measured.
struct LookbackTuningDefaults {
    static constexpr int kLanePreds = 1;
    static constexpr int kMinBlocks = 1;
    static constexpr int kSleepMinNs = 32;
    static constexpr int kSleepMaxNs = 256;
    static constexpr bool kStaged = false;
    static constexpr bool kEarlyAggregate = false;
    static constexpr bool kStreamHints = false;
    static constexpr bool kGroups = false;
    static constexpr bool kDynamicSmem = false;
    static constexpr int kLoadGroups = 1;
    static constexpr bool kShuffleExclusive = false;
};

// A tuning's fields (inherited) and what follows from them.
template <class Tuning>
struct LookbackPolicy : Tuning {
    static_assert(Tuning::kThreads % 32 == 0 && Tuning::kThreads >= 32 && Tuning::kThreads <= 1024,
                  "whole warps, one block");
    static_assert(Tuning::kItemsPerThread >= 1, "at least one item per thread");
    // W: items per vector (16, 8 or 4 bytes of 4-byte values).
    static constexpr int kVecItems =
        Tuning::kItemsPerThread % 4 == 0 ? 4 : (Tuning::kItemsPerThread % 2 == 0 ? 2 : 1);
    static constexpr int kVecs = Tuning::kItemsPerThread / kVecItems;  // vectors per thread
    static constexpr int kChunkItems = 32 * kVecItems;  // items one vector load of a warp covers
    static constexpr int kWarps = Tuning::kThreads / 32;
    static constexpr int kWarpItems = 32 * Tuning::kItemsPerThread;
    static constexpr int kTileItems = Tuning::kThreads * Tuning::kItemsPerThread;
    static constexpr int kWindow = 32 * Tuning::kLanePreds;  // predecessors inspected per look-back round
    static_assert(!Tuning::kEarlyAggregate || Tuning::kStaged, "the early aggregate folds the staged tile");
    static_assert(!Tuning::kStaged || kVecItems == 4,
                  "cp.async stages 16-byte vectors: items a multiple of 4");
    static_assert(kWarps <= 32, "warp aggregates are scanned by one warp");
    static_assert(!Tuning::kDynamicSmem || Tuning::kStaged, "only a staged tile needs dynamic shared memory");
    static_assert(Tuning::kLoadGroups >= 1, "at least one load group");
    static_assert(Tuning::kLoadGroups == 1 || (Tuning::kStaged && Tuning::kEarlyAggregate),
                  "load groups are the early aggregate's, over cp.async copies");
};

// ---------------------------------------------------------------------------
// The tunings. Each is the fields it sets; lab/NOTES.md has the runs that chose it and
// every candidate measured against it (lab/bench_candidates.cu).

// H100, 4-byte values: 128 x 48 staged (24 KiB), 9 blocks per SM, early aggregate, grouped
// look-back, exclusive by shuffle (lab/NOTES.md: versions 4, 8 and 10, the H200's run 17).
struct LookbackTuned : LookbackTuningDefaults {
    static constexpr int kThreads = 128;
    static constexpr int kItemsPerThread = 48;
    static constexpr int kLanePreds = 1;
    static constexpr int kMinBlocks = 9;
    static constexpr int kSleepMinNs = 32;
    static constexpr int kSleepMaxNs = 256;
    static constexpr bool kStaged = true;
    static constexpr bool kEarlyAggregate = true;
    static constexpr bool kStreamHints = false;
    static constexpr bool kGroups = true;
    static constexpr bool kShuffleExclusive = true;
};
using LookbackTunedPolicy = LookbackPolicy<LookbackTuned>;
static_assert(LookbackTunedPolicy::kTileItems == 6144 && LookbackTunedPolicy::kMinBlocks == 9 &&
                  LookbackTunedPolicy::kWindow == 32 && kLbGroupTiles == 32,
              "the comment above states the tuned policy: update it with the fields");

// H100, 8-byte values: 128 x 32 (32 KiB), 6 blocks per SM; 9 or 8 blocks of 24 KiB spill
// (lab/NOTES.md: versions 6 and 8).
struct LookbackTuned64 : LookbackTuned {
    static constexpr int kItemsPerThread = 32;
    static constexpr int kMinBlocks = 6;
};
using LookbackTuned64Policy = LookbackPolicy<LookbackTuned64>;
static_assert(LookbackTuned64Policy::kTileItems * 8 == 32 * 1024 && LookbackTuned64Policy::kMinBlocks == 6,
              "the comment above states the 8-byte policy: update it with the fields");

// The H100's tuning for values of type T (the traces and the timeline run it).
template <class T>
using LookbackTunedPolicyFor = std::conditional_t<sizeof(T) == 8, LookbackTuned64Policy, LookbackTunedPolicy>;

// ---------------------------------------------------------------------------
// Tiles over the 48 KiB of static shared memory (kDynamicSmem) for inputs above 8 MiB; the
// bands of core/bench/lookback_policy.cpp say which input sizes take which (`scanviz bench
// --policy` picks). Up to 8 MiB LookbackTuned stays best: bigger tiles leave SMs idle.

// H200, while input and output fit in L2 together: 128 x 104 (52 KiB), 4 blocks per SM,
// evict-first hints (lab/NOTES.md: the H200's runs 2 to 4 and 9).
struct LookbackWideHinted : LookbackTuned {
    static constexpr int kItemsPerThread = 104;
    static constexpr int kMinBlocks = 4;
    static constexpr bool kStreamHints = true;
    static constexpr bool kDynamicSmem = true;
};
// Its 8-byte values: 128 x 52, the same 52 KiB.
struct LookbackWideHinted64 : LookbackWideHinted {
    static constexpr int kItemsPerThread = 52;
};
// The largest inputs (H200 above 64 MiB, H100 above 8 MiB): 128 x 144 (72 KiB), 3 blocks per
// SM, backoff 8 to 64 ns, 12 load groups (lab/NOTES.md: the H200's runs 4, 9, 14 and 16).
struct LookbackWidest : LookbackTuned {
    static constexpr int kItemsPerThread = 144;
    static constexpr int kMinBlocks = 3;
    static constexpr int kSleepMinNs = 8;
    static constexpr int kSleepMaxNs = 64;
    static constexpr bool kDynamicSmem = true;
    static constexpr int kLoadGroups = 12;
};
// H200, from half the L2 to 64 MiB of input: Widest's fields at 128 x 104, 4 blocks per SM,
// 13 load groups (lab/NOTES.md: the H200's runs 5, 14 and 16). 8-byte values take Widest64.
struct LookbackWide : LookbackWidest {
    static constexpr int kItemsPerThread = 104;
    static constexpr int kMinBlocks = 4;
    static constexpr int kLoadGroups = 13;
};
// 8-byte values of Widest and Wide: 256 x 24 (48 KiB), 4 blocks per SM, 12 load groups of one
// vector (lab/NOTES.md: the H200's runs 5 and 14).
struct LookbackWidest64 : LookbackWidest {
    static constexpr int kThreads = 256;
    static constexpr int kItemsPerThread = 24;
    static constexpr int kMinBlocks = 4;
};

// The kernel's policy for a tuning of core/bench/lookback_policy.hpp and values of type T.
template <LookbackTuningId Id, class T>
using LookbackPolicyOf = LookbackPolicy<std::conditional_t<
    Id == LookbackTuningId::Widest, std::conditional_t<sizeof(T) == 8, LookbackWidest64, LookbackWidest>,
    std::conditional_t<
        Id == LookbackTuningId::Wide, std::conditional_t<sizeof(T) == 8, LookbackWidest64, LookbackWide>,
        std::conditional_t<Id == LookbackTuningId::WideHinted,
                           std::conditional_t<sizeof(T) == 8, LookbackWideHinted64, LookbackWideHinted>,
                           std::conditional_t<sizeof(T) == 8, LookbackTuned64, LookbackTuned>>>>>;

// The shapes core/bench/lookback_policy.hpp states are the kernels'.
template <LookbackTuningId Id>
constexpr bool lookback_shape_matches() {
    constexpr LookbackTuningShape s = lookback_tuning_shape(Id);
    return LookbackPolicyOf<Id, int>::kThreads == s.threads4 && LookbackPolicyOf<Id, int>::kItemsPerThread == s.items4 &&
           LookbackPolicyOf<Id, int>::kMinBlocks == s.blocks4 && LookbackPolicyOf<Id, double>::kThreads == s.threads8 &&
           LookbackPolicyOf<Id, double>::kItemsPerThread == s.items8 &&
           LookbackPolicyOf<Id, double>::kMinBlocks == s.blocks8 &&
           LookbackPolicyOf<Id, int>::kLoadGroups == s.groups4 && LookbackPolicyOf<Id, double>::kLoadGroups == s.groups8;
}
static_assert(lookback_shape_matches<LookbackTuningId::Tuned>() &&
                  lookback_shape_matches<LookbackTuningId::WideHinted>() &&
                  lookback_shape_matches<LookbackTuningId::Wide>() &&
                  lookback_shape_matches<LookbackTuningId::Widest>(),
              "core/bench/lookback_policy.hpp states the tunings' shapes: update it with the fields");

}  // namespace scanviz::kern
