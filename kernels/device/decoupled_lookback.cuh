// Single-pass scan with decoupled look-back (Merrill and Garland 2016,
// "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002).
//
// The array is cut into tiles; one thread block scans one tile. Each tile owns
// a status word in device memory: a flag (not ready / aggregate published /
// inclusive prefix published) and a value, packed into one 64-bit word so that
// a reader always sees a flag together with its own value. A tile
//   1. loads its items and reduces them to the tile aggregate,
//   2. publishes the aggregate (flag 1) at once, so that successors need not
//      wait for this tile's own look-back to finish,
//   3. looks back over its predecessors, a warp-wide window of 32 at a time,
//      folding their aggregates until it meets one that has published its
//      inclusive prefix (flag 2): that ends the look-back,
//   4. publishes its own inclusive prefix (flag 2),
//   5. and only then scans its items with the exclusive prefix and writes them.
// One pass over the data: n reads and n writes, the memcpy floor.
//
// The tuned kernel (issue 14, version 10) looks back in groups of 32 tiles
// (lb_look_back_grouped): only the last tile of a group publishes an inclusive
// prefix, and a look-back reads its own group's earlier aggregates and whole groups
// before it, one warp load per group, until it meets one. Fewer tiles publish, each
// look-back is one or two rounds of loads and warp scans, and the order of
// operations is fixed by tile indices: float sums are deterministic without the
// tile-by-tile left fold. The teaching trace keeps steps 1 to 5 as written.
//
// One implementation, two axes (../../STYLE: one function with a parameter, not copies):
//   Policy  the tuning (tile shape, look-back backoff); LookbackTunedPolicy is
//           the one the benchmark times, a small one serves the teaching trace.
//   Probe   LookbackNoProbe (empty: the timed kernel) or an instrumented probe
//           that records what each tile did and when (the look-back timeline).
#pragma once

#include <cstdint>
#include <type_traits>

#include "../ops.cuh"

namespace scanviz::kern {

// Phases of a tile, in order; the reference model (app/core/models/
// device_decoupled_lookback.cpp) names them, and these are their indices.
struct LookbackPhases {
    enum : int {
        kTileReduce = 0,
        kPublishAggregate = 1,
        kLookBack = 2,
        kPublishInclusive = 3,
        kTileScan = 4
    };
};

// Tiles per group of the grouped look-back (LookbackPolicy's Groups): one per lane of
// the warp that looks back.
inline constexpr int kLbGroupTiles = 32;

// Tile status (what the low two bits of a status word's flag field say).
enum : uint32_t { kTileInvalid = 0, kTileAggregate = 1, kTileInclusive = 2 };

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
// Memory order: the flag and the value travel in one 64-bit word, written
// with st.relaxed.gpu and read with ld.relaxed.gpu. Nothing else is read
// through the flag (the value is in the same word), so no release/acquire
// fence is needed; "relaxed" (not a plain weak access) keeps the spinning
// load from being hoisted out of the loop and makes the 64-bit word atomic.
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

// Bits of 8-byte values.
template <class T>
__device__ __forceinline__ T lb_from_bits64(uint64_t b) {
    if constexpr (std::is_floating_point_v<T>)
        return __longlong_as_double(static_cast<long long>(b));
    else
        return static_cast<T>(b);
}
template <class T>
__device__ __forceinline__ uint64_t lb_to_bits64(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return static_cast<uint64_t>(__double_as_longlong(v));
    else
        return static_cast<uint64_t>(v);
}

// ---------------------------------------------------------------------------
// Bits of 4-byte values (the status word stores the value's bits).
template <class T>
__device__ __forceinline__ T lb_from_bits(uint32_t b) {
    if constexpr (std::is_floating_point_v<T>)
        return __uint_as_float(b);
    else
        return static_cast<T>(b);
}
template <class T>
__device__ __forceinline__ uint32_t lb_to_bits(T v) {
    if constexpr (sizeof(T) == 8)
        return static_cast<uint32_t>(lb_to_bits64(v));  // probes record 32 bits (4-byte types only)
    else if constexpr (std::is_floating_point_v<T>)
        return __float_as_uint(v);
    else
        return static_cast<uint32_t>(v);
}

// Status word: high 32 bits = (epoch << 2) | status, low 32 bits = value.
// The epoch is the launch's number: words left by an earlier launch carry an
// older epoch and read as "not ready", so the status array needs no reset
// (and no second kernel) between launches.
__device__ __forceinline__ uint64_t lb_pack(uint32_t epoch, uint32_t status, uint32_t value_bits) {
    return (static_cast<uint64_t>((epoch << 2) | status) << 32) | value_bits;
}
__device__ __forceinline__ uint32_t lb_status(uint64_t word, uint32_t epoch) {
    const uint32_t flag = static_cast<uint32_t>(word >> 32);
    return (flag >> 2) == (epoch & 0x3fffffffu) ? (flag & 3u) : kTileInvalid;
}

__device__ __forceinline__ uint64_t lb_load_relaxed(const unsigned long long* p) {
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void lb_store_relaxed(unsigned long long* p, uint64_t v) {
    asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(static_cast<unsigned long long>(v))
                 : "memory");
}

// The status of one tile for value type T (LbWord<T>). 4-byte values: the one
// 64-bit word above. 8-byte values do not fit beside a flag in 64 bits: a tile
// owns two 64-bit words, each (epoch << 2 | status) : 32 bits of the value (low
// half, high half), written by one 16-byte store and read by one 16-byte load.
// Each 64-bit half is a relaxed atomic on its own; a reader takes the pair only
// when both halves carry the same flag (the same epoch and status, so the same
// store), else it reads again: a torn read is "not ready", never a wrong value.
// (CUB's tile status for 8-byte values relies on 16-byte accesses being atomic;
// this does not.)
template <class T, bool kWide = (sizeof(T) == 8)>
struct LbWord {
    static_assert(sizeof(T) == 4, "4-byte values");
    using Word = uint64_t;
    static constexpr int kWordsPerTile = 1;
    __device__ static __forceinline__ Word load(const unsigned long long* status, int64_t tile) {
        return lb_load_relaxed(status + tile);
    }
    __device__ static __forceinline__ void store(unsigned long long* status, int64_t tile, uint32_t epoch,
                                                 uint32_t st, T v) {
        lb_store_relaxed(status + tile, lb_pack(epoch, st, lb_to_bits(v)));
    }
    __device__ static __forceinline__ uint32_t status(Word w, uint32_t epoch) { return lb_status(w, epoch); }
    __device__ static __forceinline__ T value(Word w) { return lb_from_bits<T>(static_cast<uint32_t>(w)); }
    // A slot before tile 0: reads as inclusive with the identity (never needed).
    __device__ static __forceinline__ Word identity_word(T id) { return lb_to_bits(id); }
};
template <class T>
struct LbWord<T, true> {
    struct Word {
        uint64_t lo, hi;
    };
    static constexpr int kWordsPerTile = 2;
    __device__ static __forceinline__ Word load(const unsigned long long* status, int64_t tile) {
        Word w;
        asm volatile("ld.relaxed.gpu.global.v2.b64 {%0, %1}, [%2];"
                     : "=l"(w.lo), "=l"(w.hi)
                     : "l"(status + 2 * tile)
                     : "memory");
        return w;
    }
    __device__ static __forceinline__ void store(unsigned long long* status, int64_t tile, uint32_t epoch,
                                                 uint32_t st, T v) {
        const uint64_t b = lb_to_bits64(v);
        const uint64_t lo = lb_pack(epoch, st, static_cast<uint32_t>(b));
        const uint64_t hi = lb_pack(epoch, st, static_cast<uint32_t>(b >> 32));
        asm volatile("st.relaxed.gpu.global.v2.b64 [%0], {%1, %2};" ::"l"(status + 2 * tile), "l"(lo), "l"(hi)
                     : "memory");
    }
    __device__ static __forceinline__ uint32_t status(Word w, uint32_t epoch) {
        return (w.lo >> 32) == (w.hi >> 32) ? lb_status(w.lo, epoch) : kTileInvalid;
    }
    __device__ static __forceinline__ T value(Word w) {
        return lb_from_bits64<T>((w.hi << 32) | (w.lo & 0xffffffffull));
    }
    __device__ static __forceinline__ Word identity_word(T id) {
        const uint64_t b = lb_to_bits64(id);
        return Word{b & 0xffffffffull, b >> 32};
    }
};

__device__ __forceinline__ uint64_t lb_globaltimer() {
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
__device__ __forceinline__ uint32_t lb_smid() {
    uint32_t id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    return id;
}

// ---------------------------------------------------------------------------
// Probes. The look-back kernel calls these per tile (thread 0 of the tile, or
// every lane of warp 0 inside the look-back). LookbackNoProbe is empty: the
// timed kernel is the same code with the calls compiled away.
struct LookbackNoProbe {
    static constexpr bool kOn = false;
    struct Buffer {};
    __device__ explicit LookbackNoProbe(const Buffer&, uint32_t) {}
    // The first tile of this launch (a capture may launch the tiles in waves).
    __device__ static uint32_t tile_offset(const Buffer&) { return 0; }
    __device__ __forceinline__ void tile_start() {}
    // The status and value bits the tile published first (aggregate; tile 0: inclusive).
    __device__ __forceinline__ void aggregate_published(uint32_t, uint32_t) {}
    __device__ __forceinline__ void lookback_start() {}
    // Per lane, per window: this lane's predecessor, the status it settled on,
    // when it was first seen ready (clock64), whether it counted.
    __device__ __forceinline__ void predecessor(int, int64_t, uint32_t, int64_t, bool) {}
    // How many predecessors were folded, and the tile's exclusive prefix (bits).
    __device__ __forceinline__ void lookback_end(int, uint32_t) {}
    __device__ __forceinline__ void inclusive_published(uint32_t) {}
    __device__ __forceinline__ void tile_end() {}
};

// The look-back timeline: per tile, globaltimer stamps of its start, its
// aggregate, the end of its look-back, its inclusive prefix and its end;
// its SM; how far it looked back; and for each predecessor it inspected
// (up to kMaxPreds) the status it found and how long (clock64 cycles, from
// the start of the look-back) it waited for that predecessor's flag.
struct LookbackTimelineProbe {
    static constexpr bool kOn = true;
    static constexpr int kMaxPreds = 64;
    struct TileRecord {
        uint64_t t_start, t_aggregate, t_lookback_start, t_lookback_end, t_inclusive, t_end;
        uint32_t sm, distance, npreds, pad;
    };
    struct PredRecord {
        int64_t tile;          // the predecessor
        uint32_t status;       // kTileAggregate or kTileInclusive, as first seen ready
        uint32_t wait_cycles;  // clock64 cycles from look-back start until its flag was seen ready
    };
    struct Buffer {
        TileRecord* tiles = nullptr;  // [num_tiles]
        PredRecord* preds = nullptr;  // [num_tiles][kMaxPreds]
    };
    Buffer buf;
    uint32_t tile;
    int64_t c_lookback = 0;

    __device__ LookbackTimelineProbe(const Buffer& b, uint32_t t) : buf(b), tile(t) {}
    __device__ static uint32_t tile_offset(const Buffer&) { return 0; }
    __device__ bool leader() const { return threadIdx.x == 0; }
    __device__ void tile_start() {
        if (leader()) {
            buf.tiles[tile].t_start = lb_globaltimer();
            buf.tiles[tile].sm = lb_smid();
        }
    }
    __device__ void aggregate_published(uint32_t, uint32_t) {
        if (leader()) buf.tiles[tile].t_aggregate = lb_globaltimer();
    }
    __device__ void lookback_start() {
        c_lookback = clock64();
        if (leader()) buf.tiles[tile].t_lookback_start = lb_globaltimer();
    }
    __device__ void predecessor(int index, int64_t pred, uint32_t status, int64_t seen_clock, bool counted) {
        if (!counted || index >= kMaxPreds) return;
        PredRecord& r = buf.preds[static_cast<size_t>(tile) * kMaxPreds + index];
        r.tile = pred;
        r.status = status;
        r.wait_cycles = static_cast<uint32_t>(seen_clock > c_lookback ? seen_clock - c_lookback : 0);
    }
    __device__ void lookback_end(int distance, uint32_t) {
        if (leader()) {
            buf.tiles[tile].t_lookback_end = lb_globaltimer();
            buf.tiles[tile].distance = static_cast<uint32_t>(distance);
            buf.tiles[tile].npreds = static_cast<uint32_t>(distance < kMaxPreds ? distance : kMaxPreds);
        }
    }
    __device__ void inclusive_published(uint32_t) {
        if (leader()) buf.tiles[tile].t_inclusive = lb_globaltimer();
    }
    __device__ void tile_end() {
        if (leader()) buf.tiles[tile].t_end = lb_globaltimer();
    }
};

// ---------------------------------------------------------------------------
// Warp-wide helpers.

// Inclusive warp scan with shuffles (CUDA Handbook 13.5, scanWarpShuffle).
template <class T, class ScanOp>
__device__ __forceinline__ T lb_warp_inclusive(T x, int lane, ScanOp op) {
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
        const T y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x = op(y, x);
    }
    return x;
}

// Fold of all 32 lanes' values; every lane gets it. Integer add/max/min use
// the one-instruction redux.sync (sm_80+); float uses a butterfly.
// Turing (sm_75) has no redux.sync: the butterfly serves there.
template <class T, class ScanOp>
__device__ __forceinline__ T lb_warp_reduce(T x, ScanOp op) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    constexpr bool kRedux = false;
#else
    constexpr bool kRedux = true;
#endif
    if constexpr (!kRedux) {
#pragma unroll
        for (int d = 16; d >= 1; d /= 2) x = op(x, __shfl_xor_sync(0xffffffffu, x, d));
        return x;
    } else if constexpr (sizeof(T) != 4) {  // redux.sync takes 32-bit values only
#pragma unroll
        for (int d = 16; d >= 1; d /= 2) x = op(x, __shfl_xor_sync(0xffffffffu, x, d));
        return x;
    } else if constexpr (std::is_same_v<ScanOp, OpAdd<T>> && std::is_integral_v<T>) {
        return __reduce_add_sync(0xffffffffu, x);
    } else if constexpr (std::is_same_v<ScanOp, OpMax<T>> && std::is_integral_v<T>) {
        return __reduce_max_sync(0xffffffffu, x);
    } else if constexpr (std::is_same_v<ScanOp, OpMin<T>> && std::is_integral_v<T>) {
        return __reduce_min_sync(0xffffffffu, x);
    } else {
#pragma unroll
        for (int d = 16; d >= 1; d /= 2) x = op(x, __shfl_xor_sync(0xffffffffu, x, d));
        return x;
    }
}

// Float add is the one operator whose result depends on the order of operations: its
// look-back folds in one canonical order. Float max and min associate exactly (the
// result is one of the operands whatever the order), so they take the integer path.
template <class ScanOp>
inline constexpr bool kLbOrdered = std::is_floating_point_v<typename ScanOp::value_type>&&
    std::is_same_v<ScanOp, OpAdd<typename ScanOp::value_type>>;

// ---------------------------------------------------------------------------
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

// W-item vector loads and stores (16, 8 or 4 bytes), through the read-only path.
template <int W, class T>
__device__ __forceinline__ void lb_load_vec(const T* p, T (&x)[W]) {
    if constexpr (W == 4) {
        const uint4 w = __ldg(reinterpret_cast<const uint4*>(p));
        x[0] = lb_from_bits<T>(w.x), x[1] = lb_from_bits<T>(w.y), x[2] = lb_from_bits<T>(w.z),
        x[3] = lb_from_bits<T>(w.w);
    } else if constexpr (W == 2) {
        const uint2 w = __ldg(reinterpret_cast<const uint2*>(p));
        x[0] = lb_from_bits<T>(w.x), x[1] = lb_from_bits<T>(w.y);
    } else {
        x[0] = __ldg(p);
    }
}
template <int W, class T>
__device__ __forceinline__ void lb_store_vec(T* p, const T (&y)[W]) {
    if constexpr (W == 4)
        *reinterpret_cast<uint4*>(p) =
            make_uint4(lb_to_bits(y[0]), lb_to_bits(y[1]), lb_to_bits(y[2]), lb_to_bits(y[3]));
    else if constexpr (W == 2)
        *reinterpret_cast<uint2*>(p) = make_uint2(lb_to_bits(y[0]), lb_to_bits(y[1]));
    else
        *p = y[0];
}

// 16 bytes as W values of T, and back.
template <class T, int W>
union LbVec16 {
    uint4 u;
    T t[W];
};
template <class T, int W>
__device__ __forceinline__ void lb_unpack16(const uint4& u, T (&x)[W]) {
    LbVec16<T, W> v;
    v.u = u;
#pragma unroll
    for (int j = 0; j < W; ++j) x[j] = v.t[j];
}
template <bool kStream, class T, int W>
__device__ __forceinline__ void lb_store16(T* p, const T (&y)[W]) {
    LbVec16<T, W> v;
#pragma unroll
    for (int j = 0; j < W; ++j) v.t[j] = y[j];
    if constexpr (kStream)
        __stcs(reinterpret_cast<uint4*>(p), v.u);
    else
        *reinterpret_cast<uint4*>(p) = v.u;
}

// Scratch a tile needs in shared memory (the caller owns it).
template <class Policy, class T>
struct LookbackTempStorage {
    T warp_aggregate[Policy::kWarps];
    T warp_prefix[Policy::kWarps];
    alignas(16) T items[Policy::kStaged ? Policy::kTileItems : 1];  // the staged tile
};

// 16 bytes global -> shared without a register (sm_80+), and the wait for this
// thread's copies (each thread reads back only what it copied itself).
// Turing (sm_75) has no cp.async: there the copy goes through a register.
__device__ __forceinline__ void lb_cp_async16(void* smem, const void* gmem) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    *static_cast<int4*>(smem) = __ldcg(static_cast<const int4*>(gmem));
#else
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
#endif
}
__device__ __forceinline__ void lb_cp_async_wait_all() {
#if !(defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800)
    asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
#endif
}

// 16-byte accesses with optional L2 cache-policy hints.
// (sm_80+; older devices take no hint.)
template <bool kLast>
__device__ __forceinline__ uint64_t lb_policy_evict() {
    uint64_t p = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (kLast)
        asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
    else
        asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
#endif
    return p;
}
__device__ __forceinline__ uint64_t lb_policy_evict_last() { return lb_policy_evict<true>(); }
__device__ __forceinline__ uint64_t lb_policy_evict_first() { return lb_policy_evict<false>(); }
__device__ __forceinline__ void lb_cp_async_commit() {
#if !(defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800)
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
__device__ __forceinline__ void lb_cp_async_wait() {
#if !(defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800)
    asm volatile("cp.async.wait_group 0;" ::: "memory");
#endif
}
template <bool kHint>
__device__ __forceinline__ uint4 lb_ld16(const void* g, uint64_t policy) {
    uint4 v;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (kHint)
        asm volatile("ld.global.nc.L1::no_allocate.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(g), "l"(policy));
    else
        asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(g));
#else
    (void)policy;
    v = __ldg(static_cast<const uint4*>(g));
#endif
    return v;
}
template <bool kHint>
__device__ __forceinline__ void lb_cp_async16_hint(void* smem, const void* gmem, uint64_t policy) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    if constexpr (kHint)
        asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;" ::"r"(s), "l"(gmem),
                     "l"(policy)
                     : "memory");
    else
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
#else
    (void)policy;
    lb_cp_async16(smem, gmem);
#endif
}
template <bool kHint>
__device__ __forceinline__ void lb_st16(void* g, const uint4& v, uint64_t policy) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (kHint) {
        asm volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(g), "r"(v.x),
                     "r"(v.y), "r"(v.z), "r"(v.w), "l"(policy)
                     : "memory");
        return;
    }
#endif
    (void)policy;
    *static_cast<uint4*>(g) = v;
}

// One chunk of a warp (step 1b): W items in the thread, then the 32 thread totals
// across the warp; the fold of the warp's items before this lane's vector goes into
// the items (they become the warp-level inclusive scan). `warp_total` carries the
// fold of the warp's earlier chunks (k > 0) and receives this chunk's.
template <int W, class T, class ScanOp>
__device__ __forceinline__ void lb_scan_chunk(T (&x)[W], int k, int lane, T& warp_total, ScanOp op) {
#pragma unroll
    for (int j = 1; j < W; ++j) x[j] = op(x[j - 1], x[j]);
    const T incl = lb_warp_inclusive(x[W - 1], lane, op);
    const T excl = __shfl_up_sync(0xffffffffu, incl, 1);
    const T chunk_total = __shfl_sync(0xffffffffu, incl, 31);
    const bool has_prefix = k > 0 || lane > 0;
    const T lane_prefix = k == 0 ? excl : (lane == 0 ? warp_total : op(warp_total, excl));
    if (has_prefix) {
#pragma unroll
        for (int j = 0; j < W; ++j) x[j] = op(lane_prefix, x[j]);
    }
    warp_total = k == 0 ? chunk_total : op(warp_total, chunk_total);
}

struct LookbackParams {
    unsigned long long* status;  // [num_tiles] status words
    uint32_t epoch;              // this launch's number (1 .. 2^30 - 1)
    bool exclusive;
    // Policies with kTileCounter: tile = atomicAdd(tile_counter, 1) - tile_base (the
    // counter is never reset: tile_base is the count taken by earlier launches).
    unsigned long long* tile_counter;
    unsigned long long tile_base;
};

// One tile (steps 1 to 5). kFull: the tile lies wholly inside [0, n), so it
// moves 16-byte vectors with no bounds checks; the last, partial tile checks
// every element.
template <class Policy, bool kFull, class ScanOp, class Probe>
__device__ __forceinline__ void decoupled_lookback_tile(
    const typename ScanOp::value_type* __restrict__ in, typename ScanOp::value_type* __restrict__ out,
    size_t n, uint32_t tile, const LookbackParams& p,
    LookbackTempStorage<Policy, typename ScanOp::value_type>& temp, ScanOp op, Probe& probe) {
    using T = typename ScanOp::value_type;
    // Staged tiles move 16-byte vectors: 4 items of 4-byte values, 2 of 8-byte ones
    // (the register path, which the traces run, takes 4-byte values only).
    constexpr int W = Policy::kStaged ? 16 / static_cast<int>(sizeof(T)) : Policy::kVecItems;
    constexpr int V = Policy::kItems / W;
    static_assert(Policy::kStaged || sizeof(T) == 4, "8-byte values take the staged path");
    static_assert(V * W == Policy::kItems, "whole vectors per thread");
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    const size_t warp_base =
        static_cast<size_t>(tile) * Policy::kTileItems + static_cast<size_t>(warp) * Policy::kWarpItems;
    probe.tile_start();

    // Step 1a: load. Vector k of this lane: elements warp_base + 32 W k + W lane + (0 .. W-1)
    // (staged: the same elements, at the same offsets in the warp's part of temp.items).
    constexpr int kRegV = Policy::kStaged ? 1 : V;  // vectors held in registers
    // The grouped look-back: tile 0 publishes its aggregate like every other tile (only the
    // last tile of a group publishes an inclusive prefix).
    constexpr bool kGrouped = Policy::kGroups;
    const uint32_t first_status = tile == 0 && !kGrouped ? kTileInclusive : kTileAggregate;
    T x[kRegV][W];
    T* s_warp = temp.items + (Policy::kStaged ? warp * Policy::kWarpItems : 0);
    const auto offset = [&](int k) { return k * 32 * W + W * lane; };
    if constexpr (Policy::kStaged) {
        if constexpr (kFull) {
            [[maybe_unused]] uint64_t drop = 0;
            if constexpr (Policy::kStreamHints) drop = lb_policy_evict_first();
#pragma unroll
            for (int k = 0; k < V; ++k)
                lb_cp_async16_hint<Policy::kStreamHints>(s_warp + offset(k), in + warp_base + offset(k),
                                                         drop);
            lb_cp_async_wait_all();
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

    // Early aggregate: fold this warp's items in the order the chunk scans would (the
    // same bits), before scanning them.
    if constexpr (Policy::kEarlyAggregate) {
        T wt = ScanOp::identity();
        if constexpr (kLbOrdered<ScanOp>) {
#pragma unroll
            for (int k = 0; k < V; ++k) {
                T t = s_warp[offset(k)];
#pragma unroll
                for (int j = 1; j < W; ++j) t = op(t, s_warp[offset(k) + j]);
                const T chunk = __shfl_sync(0xffffffffu, lb_warp_inclusive(t, lane, op), 31);
                wt = k == 0 ? chunk : op(wt, chunk);
            }
        } else {
#pragma unroll
            for (int k = 0; k < V; ++k)
#pragma unroll
                for (int j = 0; j < W; ++j) wt = op(wt, s_warp[offset(k) + j]);
            wt = lb_warp_reduce(wt, op);
        }
        if (lane == 0) temp.warp_aggregate[warp] = wt;
        __syncthreads();
    }

    // Step 1b: scan each chunk of the warp (lb_scan_chunk); x (or the staged items)
    // becomes the warp-level inclusive scan, so no per-vector prefix stays live through
    // the look-back. (Early aggregate: warp 0 publishes the aggregate first.)
    [[maybe_unused]] T early_w_incl{}, early_aggregate{};
    if constexpr (Policy::kEarlyAggregate) {
        if (warp == 0) {
            const T wa = lane < Policy::kWarps ? temp.warp_aggregate[lane] : ScanOp::identity();
            early_w_incl = lb_warp_inclusive(wa, lane, op);
            early_aggregate = __shfl_sync(0xffffffffu, early_w_incl, Policy::kWarps - 1);
            if (lane == 0) LbWord<T>::store(p.status, tile, p.epoch, first_status, early_aggregate);
            probe.aggregate_published(first_status, lb_to_bits(early_aggregate));
        }
    }
    T warp_total = ScanOp::identity();
#pragma unroll
    for (int k = 0; k < V; ++k) {
        if constexpr (Policy::kStaged) {
            T y[W];
#pragma unroll
            for (int j = 0; j < W; ++j) y[j] = s_warp[offset(k) + j];
            lb_scan_chunk<W>(y, k, lane, warp_total, op);
#pragma unroll
            for (int j = 0; j < W; ++j) s_warp[offset(k) + j] = y[j];
        } else {
            lb_scan_chunk<W>(x[k], k, lane, warp_total, op);
        }
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
                tile_exclusive = lb_look_back_grouped<Policy>(p.status, tile, p.epoch, lane, op, probe,
                                                              distance, aggregate, inclusive);
                publish = (tile & 31u) == 31u;  // the last tile of its group
            } else {
                tile_exclusive = lb_look_back<Policy>(p.status, tile, p.epoch, lane, op, probe, distance);
                inclusive = op(tile_exclusive, aggregate);
            }
            probe.lookback_end(distance, lb_to_bits(tile_exclusive));
            if (lane == 0 && publish) LbWord<T>::store(p.status, tile, p.epoch, kTileInclusive, inclusive);
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

// The kernel: one block per tile, tile = blockIdx.x. A tile waits only on
// tiles with a smaller index; the hardware dispatches blocks in index order,
// so every tile waited on has started (CUB relies on the same).
template <class Policy, class ScanOp, class Probe>
__global__ void __launch_bounds__(Policy::kThreads, Policy::kMinBlocks)
    decoupled_lookback_kernel(const typename ScanOp::value_type* __restrict__ in,
                              typename ScanOp::value_type* __restrict__ out, size_t n, LookbackParams p,
                              typename Probe::Buffer probe_buffer) {
    using T = typename ScanOp::value_type;
    __shared__ LookbackTempStorage<Policy, T> temp;
    uint32_t tile;
    if constexpr (Policy::kTileCounter) {
        __shared__ uint32_t s_tile;
        if (threadIdx.x == 0) s_tile = static_cast<uint32_t>(atomicAdd(p.tile_counter, 1ull) - p.tile_base);
        __syncthreads();
        tile = s_tile + Probe::tile_offset(probe_buffer);
    } else {
        tile = blockIdx.x + Probe::tile_offset(probe_buffer);
    }
    Probe probe(probe_buffer, tile);
    if (static_cast<size_t>(tile + 1) * Policy::kTileItems <= n)
        decoupled_lookback_tile<Policy, true>(in, out, n, tile, p, temp, ScanOp{}, probe);
    else
        decoupled_lookback_tile<Policy, false>(in, out, n, tile, p, temp, ScanOp{}, probe);
}

}  // namespace scanviz::kern
