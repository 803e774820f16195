// Probes of the decoupled look-back: what the kernel calls per tile, compiled away in
// the timed kernel (LookbackNoProbe), or recording the look-back timeline. (The trace
// probe lives with the trace capture: kernels/device/device_decoupled_lookback/kernel.cu.)
#pragma once

#include <cstddef>
#include <cstdint>

namespace scanviz::kern {

// The global nanosecond timer, and the SM this block runs on.
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

}  // namespace scanviz::kern
