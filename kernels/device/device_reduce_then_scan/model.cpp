// Reduce-then-scan over a whole array (CMU 15-418 "scanning large arrays";
// CUB's docs call the in-block form "raking reduce-then-scan"), three kernels
// at tile granularity:
//   1. reduce tiles    each thread block folds its tile into one aggregate;
//   2. scan tile sums  one thread block scans the aggregates (exclusive): the
//                      prefix of every tile;
//   3. scan tiles      each thread block scans its tile again, seeded with the
//                      tile's prefix, and writes the output.
// The array is read twice and written once: one pass less of writes than
// scan-then-propagate. Float32 results differ from it: the prefix enters the
// tile scan in front of the first element instead of being added to every
// finished element.
#include "core/models/device_common.hpp"
#include "core/models/model_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

Trace model(const RunSpec& spec) {
    const DeviceTileConfig cfg{spec.threads, spec.items_per_thread};
    const auto input = make_input(spec);
    const int tiles = device_tiles(spec.n, cfg.tile());
    TraceBuilder b(spec, tiles, tiles);
    const DeviceRegions r = add_device_regions(b, input, cfg.tile());

    b.begin_step(ReduceThenScanPhases::kNames[ReduceThenScanPhases::kReduceTiles], -1,
                 BarrierKind::KernelEnd);
    for (int t = 0; t < tiles; ++t) {
        const int first = r.data + r.tile_begin(t), len = r.tile_len(t);
        b.poke(t, r.aggregate + t, tile_block_reduce(read_slots(b, first, len), b.op(), b.type(), cfg));
        b.record(tile_operation(OpKind::Reduce, t, slot_range(first, len), {r.aggregate + t}));
    }
    b.end_step();

    step_scan_tile_sums(b, r, cfg, "scan tile sums");

    b.begin_step(ReduceThenScanPhases::kNames[ReduceThenScanPhases::kScanTiles], -1, BarrierKind::KernelEnd);
    for (int t = 0; t < tiles; ++t) {
        const int first = r.data + r.tile_begin(t), len = r.tile_len(t);
        const double seed = b.value(r.prefix + t);
        const auto out = tile_block_scan(read_slots(b, first, len), b.op(), b.type(), cfg, spec.exclusive,
                                         t > 0 ? &seed : nullptr, nullptr);
        for (int i = 0; i < len; ++i) b.poke(t, first + i, out[i]);
        std::vector<int> reads;
        if (t > 0) reads.push_back(r.prefix + t);
        for (int s : slot_range(first, len)) reads.push_back(s);
        b.record(tile_operation(OpKind::TileScan, t, std::move(reads), slot_range(first, len)));
    }
    b.end_step();
    return b.finish(read_slots(b, r.data, r.n));
}

}  // namespace

VariantInfo variant_device_reduce_then_scan() {
    return VariantInfo{
        .id = "device_reduce_then_scan",
        .level = Level::Device,
        .title = "Reduce-then-scan (three passes)",
        .description =
            "Reduce each tile to its sum; scan the tile sums; scan each tile again seeded with its prefix",
        .accepts = kDeviceAccepts,
        .source_file = "kernels/device/device_reduce_then_scan/device_reduce_then_scan.cuh",
        .phases = phase_list(ReduceThenScanPhases::kNames),
        .default_n = 1024,
        .has_items_per_thread = true,
        .model = model,
        .check = check_device_trace,
        .resolve = resolve_device,
    };
}

}  // namespace scanviz
