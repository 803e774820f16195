// Tuning policy of the decoupled look-back kernel, and the tuned policies the
// benchmark times.
#pragma once

#include <type_traits>

namespace scanviz::kern {

// Tiles per group of the grouped look-back (LookbackPolicy's Groups): one per lane of
// the warp that looks back.
inline constexpr int kLbGroupTiles = 32;

// ---------------------------------------------------------------------------
// Tuning policy.
//
// Threads x Items: the tile. Every thread moves its items as vectors of
// W = 4 items (16 bytes, uint4) when Items is a multiple of 4 (else 2, else
// 1), Items / W of them, all loads issued before the first is used. Within a
// warp, vector k of lane l covers elements [warp_base + 32 W k + W l, + W):
// each load instruction of the warp reads 32 W contiguous items (with W = 4,
// 512 bytes: fully coalesced, four 128-byte lines), and the scan over that
// chunk is a W-item scan in the thread plus one shuffle warp scan.
// No shared-memory transpose is needed (CUB's BLOCK_LOAD_WARP_TRANSPOSE
// stages through shared memory; we do not).
//
// SleepMinNs / SleepMaxNs: __nanosleep backoff while a predecessor's flag is
// not ready: the first re-read comes at once, then the sleep doubles from
// SleepMinNs up to SleepMaxNs, so a spinning warp does not flood L2 with
// status reads that slow the very tiles it waits for.
//
// TileCounter: a tile takes its index from an atomic counter when its block
// starts (thread 0, shared with the block), not from blockIdx.x, so tile order
// follows the order in which blocks actually start: a tile never waits on a
// predecessor whose block has not been given an SM yet.
//
// Staged: the tile is copied into shared memory with cp.async (LDGSTS, 16
// bytes a thread per instruction; no register holds it in flight), scanned
// there chunk by chunk, and waits through its look-back in shared memory, not
// in registers. Registers per thread fall to what one chunk needs, so shared
// memory (228 KiB per SM on sm_90), not the register file, bounds the tile
// bytes resident per SM. Same arithmetic, same order as the register path.
template <int Threads, int Items, int LanePreds = 1, int MinBlocks = 1, int SleepMinNs = 32,
          int SleepMaxNs = 256, bool TileCounter = false, bool Staged = false, bool EarlyAggregate = false,
          bool StreamHints = false, bool Groups = false>
struct LookbackPolicy {
    static_assert(Threads % 32 == 0 && Threads >= 32 && Threads <= 1024, "whole warps, one block");
    static_assert(Items >= 1, "at least one item per thread");
    static constexpr int kThreads = Threads;
    static constexpr int kItems = Items;                                             // items per thread
    static constexpr int kVecItems = Items % 4 == 0 ? 4 : (Items % 2 == 0 ? 2 : 1);  // W: items per vector
    static constexpr int kVecs = Items / kVecItems;                                  // vectors per thread
    static constexpr int kChunkItems = 32 * kVecItems;  // items one vector load of a warp covers
    static constexpr int kWarps = Threads / 32;
    static constexpr int kWarpItems = 32 * Items;
    static constexpr int kTileItems = Threads * Items;
    static constexpr int kLanePreds = LanePreds;    // predecessors each lane of warp 0 reads per round
    static constexpr int kWindow = 32 * LanePreds;  // predecessors inspected per look-back round
    static constexpr int kMinBlocks = MinBlocks;  // __launch_bounds__: resident blocks per SM asked of ptxas
    static constexpr int kSleepMinNs = SleepMinNs;
    static constexpr int kSleepMaxNs = SleepMaxNs;
    static constexpr bool kTileCounter = TileCounter;
    static constexpr bool kStaged = Staged;
    // EarlyAggregate (staged only): fold the tile to its aggregate and publish it before
    // the chunk scans, which warps 1.. then run while warp 0 looks back (successors wait
    // on the aggregate, not on this tile's scan).
    static constexpr bool kEarlyAggregate = EarlyAggregate;
    static_assert(!EarlyAggregate || Staged, "the early aggregate folds the staged tile");
    // StreamHints (staged only): the tile's loads and stores carry an L2 evict-first hint
    // (neither is read again), leaving L2 to the status words.
    static constexpr bool kStreamHints = StreamHints;
    // Groups: the look-back runs in groups of 32 tiles (lb_look_back_grouped), for every
    // operator, rather than tile by tile (float add: not the left fold over every tile).
    static constexpr bool kGroups = Groups;
    static_assert(!Staged || kVecItems == 4, "cp.async stages 16-byte vectors: items a multiple of 4");
    static_assert(kWarps <= 32, "warp aggregates are scanned by one warp");
};

// The tuning the benchmark times on Hopper (sm_90), int32/uint32/float32:
// 6144 items (24 KiB in, 24 KiB out) per tile staged in shared memory, 9 tiles
// per SM, the aggregate published before the chunk scans (version 8, at the
// end), a look-back window of 32 predecessors (one per lane of warp 0). The
// history, in order: version 3 held the tile in registers as 256 threads x 32
// items; version 4 staged it in shared memory as 128 x 64.
//
// CUB 3.0 picks 128 threads x 24 items (3072 items per tile) for 4-byte types
// on sm_90 (cub/device/dispatch/tuning/tuning_scan.cuh), with warp-transposed
// loads through shared memory and a fixed 648 ns look-back delay. Why ours
// differs, from two GPU runs (kernels/bench/NOTES.md has every figure):
//   - a tile's time is its load latency plus its look-back plus its stores.
//     During the look-back a block holds its tile in registers but moves no
//     data, and in a wave of resident tiles most of the wait is for the
//     predecessors' own loads (mean look-back distance 77 tiles, 2.5 to 3 us
//     of a 5 us tile). What keeps DRAM busy is then the tile data resident
//     per SM: blocks x tile bytes, bounded by the register file.
//   - 32 items = eight 16-byte loads per thread, all in flight before the first
//     use; 64 registers (ptxas), so 4 blocks share an SM: 128 KiB of tile per
//     SM (256 x 16 at 44 registers: 5 x 16 KiB; CUB's 128 x 24 about 9 x 12 KiB).
//   - a bigger tile means fewer tiles: fewer look-backs, a shorter chain of
//     inclusive prefixes.
//   - measured against it: 128x24, 256x16, 256x24, 384x16, 512x16 (run 1),
//     and windows of 64 and 128 predecessors (2 or 4 status loads per lane),
//     128x32, 128x48, 128x64, 64x64 (run 2). The wider windows cost registers
//     (256x32: 64 -> 72, one block less per SM) and were slower: the wait is
//     for predecessors' data, not for status round trips.
//   - a round waits only on the predecessors nearer than the nearest
//     inclusive one, not on the whole window; the __nanosleep backoff
//     (32 -> 256 ns) measured no different from 8 -> 64 or 128 -> 1024 ns.
//
// Run 3 (H100, kernels/bench/NOTES.md "Version 4"): tiles staged in shared memory
// (cp.async) wait there, not in registers, so shared memory bounds the tile bytes
// resident per SM: 128 threads x 64 items (8192 items, 32 KiB, as before), 78
// registers, 6 blocks per SM = 192 KiB of tile per SM instead of 128 KiB. The
// fastest candidate of run 3 at 2^24 and within 0.1% of the fastest at 2^26, 2^28.
//
// Issue 14, run 6 (kernels/bench/NOTES.md "Version 8"): the early aggregate (published
// before the chunk scans) took 128 x 48 s b9 from 0.845 to 0.877 of memcpy at 2^28.
// Version 10 (runs 9 and 10): the look-back in groups of 32 tiles, for every operator:
// int32 add 0.878 -> 0.923 of memcpy at 2^28 (1.13x CUB); float add, which had folded
// tile by tile, 0.808 -> 0.92.
using LookbackTunedPolicy = LookbackPolicy<128, 48, 1, 9, 32, 256, false, true, true, false, true>;
// 8-byte values (int64, float64; issue 14): a 32 KiB tile (128 threads x 32
// items, 16 vectors of 2 per thread), 6 blocks per SM, early aggregate (with 9 or
// 8 blocks of 24 KiB, ptxas spills 64 bytes).
using LookbackTuned64Policy = LookbackPolicy<128, 32, 1, 6, 32, 256, false, true, true, false, true>;
// The whole-array scan `scanviz bench` times (`ours`) for values of type T.
template <class T>
using LookbackTunedPolicyFor = std::conditional_t<sizeof(T) == 8, LookbackTuned64Policy, LookbackTunedPolicy>;
// Blocks of the tuned kernel that share an SM (24.7 KB of shared memory each in
// 228 KiB; __launch_bounds__ holds ptxas to registers for as many); the
// instrumented timeline kernel is held to the same, so its timeline shows as
// many resident tiles.
inline constexpr int kLookbackTunedBlocksPerSm = 9;

}  // namespace scanviz::kern
