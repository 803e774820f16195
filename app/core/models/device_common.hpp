// Shared by the reference models of the whole-array scans (scan-then-propagate,
// reduce-then-scan, decoupled look-back): sizes, tile configurations, the
// trace layout, and host mirrors of the in-tile routines.
//
// Tile-level trace convention (the same for all three whole-array variants,
// models and GPU captures alike; kernels/device/tile_trace.cuh repeats it):
//   - Regions: "data" (Space::Global, n slots: the input at first, the output
//     at the end; slot i holds the latest value of element i, input or
//     output), "tile aggregate" (Space::Tiles, one slot per tile), "tile
//     prefix" (Space::Tiles, one slot per tile: the operator over all tiles
//     before it). Decoupled look-back adds "tile status" (0 = not ready,
//     1 = aggregate published, 2 = inclusive prefix published) and "tile
//     inclusive" (Space::Tiles, one per tile). Tile regions start at the
//     identity (status at 0).
//   - The "thread" of an operation is the tile index: trace.threads = number
//     of tiles, trace.blocks = tiles. One step per pass (or per level):
//     "reduce tiles", "scan tiles", "scan tile sums", "add prefixes", ...;
//     every kernel ends with BarrierKind::KernelEnd.
//   - Operations at tile granularity:
//       OpKind::Reduce    fold a tile into one value: reads = the tile's data
//                         slots, writes = its aggregate slot, applications =
//                         tile length - 1, depth = ceil(log2(tile length)).
//       OpKind::TileScan  scan a tile (or the tile sums) with one thread
//                         block: reads = [seed slot,] the tile's slots, writes
//                         = the scanned slots [, the aggregate slot];
//                         applications = reads - 1, depth = ceil(log2(reads)).
//       OpKind::Combine   "add prefixes": one per element, reads {prefix slot,
//                         data slot}, writes {data slot}.
//   - Values inside a tile are computed in the kernels' order (the host
//     mirrors below), so float32 results match the GPU bit for bit.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"
#include "model_common.hpp"
#include "trace_builder.hpp"

namespace scanviz {

// Traces are drawn at tile granularity for small arrays; `scanviz validate`
// and `scanviz bench` run the GPU kernels at any size the device holds.
inline constexpr int kDeviceTraceMaxN = 65536;

// One thread block scans one tile of threads x items elements (blocked
// arrangement: thread t holds elements [t*items, (t+1)*items) of its tile).
struct DeviceTileConfig {
    int threads;
    int items;
    constexpr int tile() const { return threads * items; }
};

// The configurations the kernels are compiled for (kernels/device/ dispatches
// over this same table). Small tiles make a readable picture; 128 x 8 is the
// default for large arrays.
inline constexpr std::array<DeviceTileConfig, 4> kDeviceTileConfigs = {{
    {32, 4},
    {64, 2},
    {64, 4},
    {128, 8},
}};
inline constexpr DeviceTileConfig kDeviceLargeConfig = {128, 8};

// "32x4, 64x2, 64x4, 128x8"
std::string device_configs_text();
bool is_device_config(int threads, int items);

// Defaults: n <= 16384: 64 x 2 (tiles of 128, 8 tiles at the default n = 1024);
// n <= 65536: 64 x 4; larger (GPU runs only): 128 x 8. A given threads or
// items is kept and the other filled in.
void resolve_device(RunSpec& spec);

// The configuration resolve_device() picks for the spec's n, threads and items.
DeviceTileConfig resolved_device_config(const RunSpec& spec);

// The sizes a whole-array variant accepts, in words (VariantInfo::accepts).
inline constexpr std::string_view kDeviceAccepts =
    i18n::N_("traces: 1 <= n <= 65536; GPU runs: any n the device holds");

// What a trace accepts: 1 <= n <= kDeviceTraceMaxN, a configuration from the table, and
// at most one tile of tile sums (pass 2 is one thread block).
std::optional<std::string> check_device_trace(const RunSpec& spec);

// The registry entry of a whole-array variant: level Device, kDeviceAccepts, default n 1024,
// items per thread, check_device_trace and resolve_device (a variant changes what differs).
VariantInfo device_variant(std::string_view id, std::string_view title, std::string_view description,
                           std::string_view source_file, std::vector<std::string_view> phases, ModelFn model);

// What an uninstrumented GPU run accepts: n >= 1 and a configuration from the
// table (the tile sums are scanned recursively, so any n works).
std::optional<std::string> check_device_run(const RunSpec& spec);

int device_tiles(int n, int tile);

// The three regions every whole-array trace starts with (see above).
struct DeviceRegions {
    int data = 0;
    int aggregate = 0;
    int prefix = 0;
    int n = 0;
    int tile = 0;
    int tiles = 0;
    int tile_begin(int t) const { return t * tile; }
    int tile_len(int t) const { return std::min(tile, n - t * tile); }
};
// Adds "data" (initialised with the input), "tile aggregate" and "tile
// prefix" (initialised with the identity).
DeviceRegions add_device_regions(TraceBuilder& b, const std::vector<double>& input, int tile);

// Slots [first, first + count).
std::vector<int> slot_range(int first, int count);

// The start every whole-array model shares: the spec's tile configuration, one "thread"
// per tile, and the three regions; finish() ends the trace with the data as output.
struct DeviceTrace {
    DeviceTileConfig cfg;
    int tiles = 0;
    TraceBuilder b;
    DeviceRegions r;
    explicit DeviceTrace(const RunSpec& spec);
    // Records tile t's scan seeded with its prefix (no seed for tile 0): an OpKind::TileScan
    // that reads [the prefix slot,] the tile's slots and writes the tile's slots.
    void record_seeded_scan(int t);
    Trace finish() { return b.finish(read_slots(b, r.data, r.n)); }
};

// Host mirrors of the in-tile routines the kernels use, operation for
// operation (float32 results are bit-identical).
//
// Block scan of one tile: kernels/block/block_warp_scans.cuh (our writing of
// CUB's WARP_SCANS strategy with items per thread): sequential reduction in
// registers, Kogge-Stone warp scan of the thread partials, warp aggregates
// folded left to right into each thread's exclusive prefix, sequential scan in
// registers seeded with it. Elements past `vals.size()` are the identity.
// With `seed` (reduce-then-scan, pass 3) the tile is scanned as if the seed
// stood in front of it: element 0 becomes op(seed, element 0) before the block
// scan, and an exclusive scan's element 0 is the seed. Returns the tile's scan
// (inclusive or exclusive); `aggregate` receives the block aggregate.
std::vector<double> tile_block_scan(const std::vector<double>& vals, Op op, ElemType type,
                                    DeviceTileConfig cfg, bool exclusive, const double* seed,
                                    double* aggregate);
// Block reduction of one tile (kernels/device/device_tile.cuh): sequential in registers, a shuffle-down tree in
// each warp, warp partials folded in warp order.
double tile_block_reduce(const std::vector<double>& vals, Op op, ElemType type, DeviceTileConfig cfg);

// A TileScan or Reduce operation with the convention's counts.
Operation tile_operation(OpKind kind, int tile, std::vector<int> reads, std::vector<int> writes);

// Pass 2 of scan-then-propagate and reduce-then-scan: one thread block scans
// the tile aggregates (exclusive) into the tile prefixes. Recorded as one
// TileScan by tile 0.
void step_scan_tile_sums(TraceBuilder& b, const DeviceRegions& r, DeviceTileConfig cfg,
                         std::string_view phase);

}  // namespace scanviz
