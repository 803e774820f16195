// Tile-level trace capture for the whole-array scans.
//
// Tile-level trace convention (the same for all three whole-array variants,
// models and GPU captures alike; app/core/models/device_common.hpp repeats it):
//   - Regions: "data" (Space::Global, n slots: the input at first, the output
//     at the end; slot i holds the latest value of element i, input or
//     output), "tile aggregate" (Space::Tiles, one slot per tile), "tile
//     prefix" (Space::Tiles, one slot per tile). Decoupled look-back adds
//     "tile status" (0 = not ready, 1 = aggregate published, 2 = inclusive
//     prefix published) and "tile inclusive". Tile regions start at the
//     identity (status at 0).
//   - The "thread" of an operation is the tile index: trace.threads = number
//     of tiles, trace.blocks = tiles. One step per pass (or per level):
//     "reduce tiles", "scan tiles", "scan tile sums", "add prefixes", ...;
//     every kernel ends with BarrierKind::KernelEnd.
//   - Operations at tile granularity: OpKind::Reduce (a tile folded into its
//     aggregate slot; applications = tile length - 1, depth = ceil(log2(tile
//     length))), OpKind::TileScan (a tile scanned by one block: reads = [seed
//     slot,] the tile's slots, writes = the scanned slots [, the aggregate
//     slot]; applications = reads - 1, depth = ceil(log2(reads))), and one
//     OpKind::Combine per element for "add prefixes" (reads {prefix, element}).
//
// How the capture works: the kernels run one at a time. Thread 0 of every
// block records what its tile did as one TileOpRecord (slot ranges, not
// values) in a per-pass device array; after each kernel the host reads the
// records and the arrays the pass wrote (data, aggregates, prefixes) back from
// the device and makes one Step of them. TileNoProbe records nothing: the
// kernels the benchmark and `scanviz validate` run are the probe-free ones.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/trace/trace.hpp"

namespace scanviz::kern {

enum : int32_t {
    kTileOpNone = -1,                                        // the tile did nothing in this pass
    kTileOpReduce = static_cast<int32_t>(OpKind::Reduce),    // fold the tile into its aggregate
    kTileOpScan = static_cast<int32_t>(OpKind::TileScan),    // scan the tile (seeded or not)
    kTileOpAddPrefix = static_cast<int32_t>(OpKind::Combine) // combine the prefix into each element
};

// What one tile did in one pass: slot ranges [first, first + count). Reads
// are r0 then r1, writes w0 then w1. kTileOpAddPrefix: r0 = the prefix slot,
// r1 = the elements, w0 = the elements (one Combine per element).
struct TileOpRecord {
    int32_t kind;
    int32_t r0_first, r0_count, r1_first, r1_count;
    int32_t w0_first, w0_count, w1_first, w1_count;
};

// Slot of element 0 of each array a kernel touches, in the trace's layout.
struct TileSlots {
    int32_t in_first = 0;         // the array the kernel reads
    int32_t out_first = 0;        // the array the kernel writes
    int32_t aggregate_first = 0;  // "tile aggregate"
    int32_t prefix_first = 0;     // "tile prefix"
};

struct TileNoProbe {
    static constexpr bool kOn = false;
    __device__ __forceinline__ void reduce(int, int, int) const {}
    __device__ __forceinline__ void scan(int, int, int, bool, bool) const {}
    __device__ __forceinline__ void add_prefix(int, int, int) const {}
};

// Called by every thread of the block; thread 0 writes the record.
struct TileProbe {
    static constexpr bool kOn = true;
    TileOpRecord* ops;  // [tiles] for this pass
    TileSlots slots;

    __device__ void put(int tile, TileOpRecord r) const {
        if (threadIdx.x == 0) ops[tile] = r;
    }
    // `first`: the index of the tile's first element in its array (an int:
    // traces are small); `len`: the tile's element count.
    __device__ void reduce(int tile, int first, int len) const {
        put(tile, {kTileOpReduce, 0, 0, slots.in_first + first, len, 0, 0, slots.aggregate_first + tile, 1});
    }
    __device__ void scan(int tile, int first, int len, bool seeded, bool writes_aggregate) const {
        put(tile, {kTileOpScan, slots.prefix_first + tile, seeded ? 1 : 0, slots.in_first + first, len,
                   slots.out_first + first, len, slots.aggregate_first + tile, writes_aggregate ? 1 : 0});
    }
    __device__ void add_prefix(int tile, int first, int len) const {
        put(tile, {kTileOpAddPrefix, slots.prefix_first + tile, 1, slots.in_first + first, len,
                   slots.out_first + first, len, 0, 0});
    }
};

// Host side (tile_trace.cu): the per-pass record array and the decoding of
// records into a Step.
class TileTraceRecorder {
public:
    explicit TileTraceRecorder(int tiles);
    ~TileTraceRecorder();
    TileTraceRecorder(const TileTraceRecorder&) = delete;
    TileTraceRecorder& operator=(const TileTraceRecorder&) = delete;

    // A probe for the next pass (its records cleared to kTileOpNone).
    TileProbe probe(TileSlots slots);
    // After the pass's kernel: its records as one step (phase, kernel end)
    // with the state the host read back from the device.
    Step step(std::string_view phase, std::vector<double> state) const;

private:
    int tiles_;
    TileOpRecord* d_ops_ = nullptr;
};

}  // namespace scanviz::kern
