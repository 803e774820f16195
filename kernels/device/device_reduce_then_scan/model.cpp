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
#include "core/i18n/i18n.hpp"
#include "core/models/device_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

using P = ReduceThenScanPhases;

Trace model(const RunSpec& spec) {
    DeviceTrace dt(spec);
    auto& [cfg, tiles, b, r] = dt;

    b.begin_step(P::kNames[P::kReduceTiles], -1, BarrierKind::KernelEnd);
    for (int t = 0; t < tiles; ++t) {
        const int first = r.data + r.tile_begin(t), len = r.tile_len(t);
        b.poke(t, r.aggregate + t, tile_block_reduce(read_slots(b, first, len), b.op(), b.type(), cfg));
        b.record(tile_operation(OpKind::Reduce, t, slot_range(first, len), {r.aggregate + t}));
    }
    b.end_step();

    step_scan_tile_sums(b, r, cfg, "scan tile sums");

    b.begin_step(P::kNames[P::kScanTiles], -1, BarrierKind::KernelEnd);
    for (int t = 0; t < tiles; ++t) {
        const int first = r.data + r.tile_begin(t), len = r.tile_len(t);
        const double seed = b.value(r.prefix + t);
        const auto out = tile_block_scan(read_slots(b, first, len), b.op(), b.type(), cfg, spec.exclusive,
                                         t > 0 ? &seed : nullptr, nullptr);
        for (int i = 0; i < len; ++i) b.poke(t, first + i, out[i]);
        dt.record_seeded_scan(t);
    }
    b.end_step();
    return dt.finish();
}

}  // namespace

VariantInfo variant_device_reduce_then_scan() {
    return device_variant(
        "device_reduce_then_scan", i18n::N_("Reduce-then-scan (three passes)"),
        i18n::N_(
            "Reduce each tile to its sum; scan the tile sums; scan each tile again seeded with its prefix"),
        "kernels/device/device_reduce_then_scan/device_reduce_then_scan.cuh", phase_list(P::kNames), model);
}

}  // namespace scanviz
