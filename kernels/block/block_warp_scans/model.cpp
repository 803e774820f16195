// cub::BLOCK_SCAN_WARP_SCANS written by us, with several items per thread
// (CUB docs, cub::BlockScanAlgorithm; kernel: kernels/block/block_warp_scans.cuh).
// Each thread reduces its items in registers; each warp scans those partials
// with shuffles (Kogge-Stone); the last lane of each warp publishes the warp's
// aggregate; every thread folds the aggregates of the warps before it and the
// lanes before it into its exclusive prefix; each thread scans its items,
// seeded with that prefix. Exclusive costs nothing extra: the last phase is a
// sequential exclusive scan in registers (one Swap per item).
//
// Slots: items (registers, thread t's item i at t*items + i), x (one register
// per thread: partial, then warp-inclusive scan, then exclusive prefix),
// s_warp_aggregates (shared, one word per warp).
#include "core/i18n/i18n.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {


Trace model(const RunSpec& spec) {
    const int threads = spec.threads, items = spec.items_per_thread;
    const int warps = (threads + kBlockWarpThreads - 1) / kBlockWarpThreads;
    TraceBuilder b(spec, threads);
    const int it =
        b.add_region(i18n::N_("items (registers)"), Space::Registers, threads * items, 0, 8 * items);
    const int x = b.add_region(i18n::N_("x: partial, prefix (register)"), Space::Registers, threads, 0,
                               kBlockWarpThreads);
    const int agg = b.add_region("s_warp_aggregates", Space::Shared, warps, 0, kBlockWarpThreads);
    init_tile(b, it, threads * items, make_input(spec));

    b.begin_step(BlockWarpScansPhases::kNames[BlockWarpScansPhases::kUpsweep], -1, BarrierKind::Lockstep);
    for (int t = 0; t < threads; ++t) thread_reduce(b, t, x + t, it + t * items, items);
    b.end_step();

    const int warp_width = std::min(threads, kBlockWarpThreads);
    for (int d = 1; d < warp_width; d *= 2) {
        b.begin_step(BlockWarpScansPhases::kNames[BlockWarpScansPhases::kKoggeStone], d,
                     BarrierKind::ShflSync);
        for (int t = 0; t < threads; ++t)
            if (t % kBlockWarpThreads >= d) b.combine(t, x + t, x + t - d, x + t);
        b.end_step();
    }

    b.begin_step(BlockWarpScansPhases::kNames[BlockWarpScansPhases::kPropagate], -1, BarrierKind::SyncThreads);
    for (int w = 0; w < warps; ++w) {
        const int last = std::min(w * kBlockWarpThreads + kBlockWarpThreads - 1, threads - 1);
        b.copy(last, agg + w, x + last);
    }
    b.end_step();

    b.begin_step(BlockWarpScansPhases::kNames[BlockWarpScansPhases::kPropagate], -1, BarrierKind::Lockstep);
    for (int t = 0; t < threads; ++t) {
        const int lane = t % kBlockWarpThreads, warp = t / kBlockWarpThreads;
        if (warp == 0) {
            if (lane == 0)
                b.set(t, x + t, b.identity());
            else
                b.copy(t, x + t, x + t - 1);
        } else {
            b.copy(t, x + t, agg);
            for (int w = 1; w < warp; ++w) b.combine(t, x + t, x + t, agg + w);
            if (lane > 0) b.combine(t, x + t, x + t, x + t - 1);
        }
    }
    b.end_step();

    b.begin_step(BlockWarpScansPhases::kNames[BlockWarpScansPhases::kDownsweep], -1, BarrierKind::Lockstep);
    for (int t = 0; t < threads; ++t) thread_scan(b, t, it + t * items, items, x + t, spec.exclusive, t > 0);
    b.end_step();

    return b.finish(read_slots(b, it, spec.n));
}

}  // namespace

VariantInfo variant_block_warp_scans() {
    return VariantInfo{
        .id = "block_warp_scans",
        .level = Level::Block,
        .title = i18n::N_("CUB WARP_SCANS strategy, items per thread (ours)"),
        .description =
            i18n::N_("Reduce items in registers, shuffle scan per warp, fold warp aggregates, scan items"),
        .accepts = i18n::N_("1 <= n <= 2048; threads 1 to 1024, items per thread 1, 2, 4 or 8 (default 4)"),
        .source_file = "kernels/block/block_warp_scans.cuh",
        .phases = phase_list(BlockWarpScansPhases::kNames),
        .default_n = 256,
        .has_items_per_thread = true,
        .model = model,
        .check = check_block_items,
        .resolve = resolve_block_items,
        .profile = {.ncu_difference =
                        "the compiler unrolls the loop over the warp aggregates and loads four at a time "
                        "(LDS.128, every lane the same words): fewer loads than the trace's one read per "
                        "aggregate, each wide load two wavefronts and none beyond the ideal (ncu's "
                        "per-instruction source counters show it)"},
    };
}

}  // namespace scanviz
