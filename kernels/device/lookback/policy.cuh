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
// The tuning the benchmark times (`ours`) on Hopper (sm_90) for 4-byte values (int32,
// uint32, float32): a tile of 128 threads x 48 items = 6144 items (24 KiB in, 24 KiB
// out) staged in shared memory, 9 blocks per SM, the aggregate published before the
// chunk scans, the look-back in groups of 32 tiles with a window of 32 predecessors
// (one per lane of warp 0), a __nanosleep backoff of 32 to 256 ns. The static_assert
// after it holds these numbers to the fields.
//
// How it came to be (lab/NOTES.md has every figure and every candidate):
//   - CUB 3.0 picks 128 threads x 24 items (3072 items per tile) for 4-byte types on
//     sm_90 (cub/device/dispatch/tuning/tuning_scan.cuh), with warp-transposed loads
//     through shared memory and a fixed 648 ns look-back delay.
//   - A tile's time is its load latency plus its look-back plus its stores. During the
//     look-back a block holds its tile but moves no data, and in a wave of resident
//     tiles most of the wait is for the predecessors' own loads (runs 1 and 2: mean
//     look-back distance 77 tiles, 2.5 to 3 us of a 5 us tile). What keeps DRAM busy is
//     then the tile data resident per SM, blocks x tile bytes; and a bigger tile means
//     fewer tiles: fewer look-backs, a shorter chain of inclusive prefixes.
//   - Version 3 (runs 1 and 2) held the tile in registers, 256 threads x 32 items:
//     eight 16-byte loads per thread, all in flight before the first use; 64 registers,
//     4 blocks per SM, 128 KiB of tile per SM. Measured against it: 128x24, 256x16,
//     256x24, 384x16, 512x16, 128x32, 128x48, 128x64, 64x64, and windows of 64 and 128
//     predecessors (2 or 4 status loads per lane), which cost registers and were
//     slower: the wait is for predecessors' data, not for status round trips. A round
//     waits only on the predecessors nearer than the nearest inclusive one; the
//     backoff of 32 to 256 ns measured no different from 8 to 64 or 128 to 1024 ns.
//   - Version 4 (run 3, H100): tiles staged in shared memory (cp.async) wait there, not
//     in registers, so shared memory bounds the tile bytes resident per SM: then 128 x 64
//     items (32 KiB), 78 registers, 6 blocks per SM, 192 KiB of tile per SM.
//   - Version 8 (run 6): the early aggregate took 128 x 48 staged at 9 blocks
//     per SM from 0.845 to 0.877 of memcpy at 2^28.
//   - Version 10 (runs 9 and 10): the look-back in groups of 32 tiles, for every
//     operator: int32 add 0.878 -> 0.923 of memcpy at 2^28 (1.13x CUB); float add, which
//     had folded tile by tile, 0.808 -> 0.92.
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
    // Measured on the H200 at 2^28: exclusive scans at the speed of inclusive ones, float64
    // and int64 add 0.887 / 0.893 -> 0.898 / 0.904 of memcpy, int32 0.922 -> 0.929. Every
    // tuning below inherits it.
    static constexpr bool kShuffleExclusive = true;
};
using LookbackTunedPolicy = LookbackPolicy<LookbackTuned>;
static_assert(LookbackTunedPolicy::kTileItems == 6144 && LookbackTunedPolicy::kMinBlocks == 9 &&
                  LookbackTunedPolicy::kWindow == 32 && kLbGroupTiles == 32,
              "the comment above states the tuned policy: update it with the fields");

// 8-byte values (int64, float64): the same policy with a 32 KiB tile of 128
// threads x 32 items (16 vectors of 2 per thread) at 6 blocks per SM (with 9 or 8 blocks
// of 24 KiB, ptxas spills 64 bytes).
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
// The H200's tunings (lab/NOTES.md has the runs). The H200 moves 4.8 TB/s
// against the H100's 3.35 over the same 132 SMs; with 6144-item tiles a tile then waits
// longer, relative to its own loads, on its predecessors. Tiles over the 48 KiB of static
// shared memory (kDynamicSmem) gave the H200 its limit:
//   - 128 x 144 items (72 KiB, 3 blocks per SM), backoff 8 to 64 ns: from 2^24 up, 0.917 of
//     memcpy at 2^28 (the H100's tuning: 0.863) and 0.904 at 2^26;
//   - 128 x 104 items (52 KiB, 4 blocks per SM) with evict-first hints: while input and
//     output fit in L2 together (2^22 int32: 1.225x CUB; the H100's tuning 1.13x);
//   - up to 8 MiB of input the H100's tuning stays best (big tiles leave SMs idle; run 9).
// core/bench/lookback_policy.cpp names these bands; `scanviz bench --policy` picks.
struct LookbackWideHinted : LookbackTuned {
    static constexpr int kItemsPerThread = 104;
    static constexpr int kMinBlocks = 4;
    static constexpr bool kStreamHints = true;
    static constexpr bool kDynamicSmem = true;
};
struct LookbackWideHinted64 : LookbackWideHinted {
    static constexpr int kItemsPerThread = 52;
};
// Both fold their copies in load groups as they land (runs 14 to 16): 12 groups of
// 3 vectors for 128 x 144 (8-byte 256 x 24: 12 of 1), 13 of 2 for 128 x 104. int32 on the
// H200, against one wait for the tile in the same process: +0.5 points of memcpy on average
// at 2^26 (-0.2 to +1.2 over six pairs), +0.3 to +0.8 at 2^28.
struct LookbackWidest : LookbackTuned {
    static constexpr int kItemsPerThread = 144;
    static constexpr int kMinBlocks = 3;
    static constexpr int kSleepMinNs = 8;
    static constexpr int kSleepMaxNs = 64;
    static constexpr bool kDynamicSmem = true;
    static constexpr int kLoadGroups = 12;
};
// From half the L2 to 64 MiB of input (2^24 int32; run 5): 128 x 104 at 4 blocks per SM with
// Widest's backoff, no hints: 0.868 of memcpy at 2^24 where 128 x 144 gave 0.843-0.856. 8-byte
// values take Widest's 256 x 24 (LookbackPolicyOf).
struct LookbackWide : LookbackWidest {
    static constexpr int kItemsPerThread = 104;
    static constexpr int kMinBlocks = 4;
    static constexpr int kLoadGroups = 13;
};
// 8-byte values (run 5): 256 threads x 24 items (48 KiB, 4 blocks per SM). 128 x 72, the
// same bytes as the 4-byte tile, gave int64 max 0.845 of memcpy at 2^28; the same 72 KiB
// with twice the threads (256 x 36, 3 per SM) 0.938, and 256 x 24 at 4 per SM 0.944 (every
// lane has half the 16-byte loads to issue and fold).
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
