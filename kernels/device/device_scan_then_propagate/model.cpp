// Scan-then-propagate over a whole array (CMU 15-418 "scanning large arrays"),
// three kernels at tile granularity:
//   1. scan tiles      each thread block scans its tile of threads x items
//                      elements (the WARP_SCANS block scan) into the output and
//                      writes the tile's aggregate;
//   2. scan tile sums  one thread block scans the aggregates (exclusive): the
//                      prefix of every tile;
//   3. add prefixes    every tile but the first combines its prefix into each
//                      of its elements.
// The array is read twice and written twice (plus the tile sums).
#include "core/i18n/i18n.hpp"
#include "core/models/device_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

using P = ScanThenPropagatePhases;

Trace model(const RunSpec& spec) {
    DeviceTrace dt(spec);
    auto& [cfg, tiles, b, r] = dt;

    b.begin_step(P::kNames[P::kScanTiles], -1, BarrierKind::KernelEnd);
    for (int t = 0; t < tiles; ++t) {
        const int first = r.data + r.tile_begin(t), len = r.tile_len(t);
        double aggregate = 0.0;
        const auto out = tile_block_scan(read_slots(b, first, len), b.op(), b.type(), cfg, spec.exclusive,
                                         nullptr, &aggregate);
        for (int i = 0; i < len; ++i) b.poke(t, first + i, out[i]);
        b.poke(t, r.aggregate + t, aggregate);
        auto writes = slot_range(first, len);
        writes.push_back(r.aggregate + t);
        b.record(tile_operation(OpKind::TileScan, t, slot_range(first, len), std::move(writes)));
    }
    b.end_step();

    step_scan_tile_sums(b, r, cfg, "scan tile sums");

    b.begin_step(P::kNames[P::kAddPrefixes], -1, BarrierKind::KernelEnd);
    for (int t = 1; t < tiles; ++t) {
        const int first = r.data + r.tile_begin(t);
        for (int i = 0; i < r.tile_len(t); ++i) b.combine(t, first + i, r.prefix + t, first + i);
    }
    b.end_step();
    return dt.finish();
}

}  // namespace

VariantInfo variant_device_scan_then_propagate() {
    return device_variant(
        "device_scan_then_propagate", i18n::N_("Scan-then-propagate (three passes)"),
        i18n::N_(
            "Scan each tile and write its sum; scan the tile sums; add each tile's prefix to its elements"),
        "kernels/device/device_scan_then_propagate/device_scan_then_propagate.cuh", phase_list(P::kNames),
        model);
}

}  // namespace scanviz
