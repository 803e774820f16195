// cub::BLOCK_SCAN_RAKING written by us, with several items per thread (CUB
// docs, cub::BlockScanAlgorithm; kernel: kernels/block/block_raking.cuh).
// Five phases: each thread reduces its items in registers and places the
// partial in the raking grid (cub::BlockRakingLayout: segments of
// `segment` words, padded by one word when the segment is even and longer
// than 2); the raking threads of warp 0 each reduce one segment; they scan
// those segment totals with shuffles (exclusive); each rakes its segment
// again, writing the exclusive scan back; each thread reads its prefix from
// the grid and scans its items in registers.
//
// RAKING_MEMOIZE (block_raking_memoize/model.cpp) is the same with the segment kept
// in registers ("cached segment") between the two raking passes, so the
// downsweep does not read shared memory again.
//
// Slots: items (registers), x (one register per thread: partial, then prefix),
// s_raking_grid (shared, padding marked), raking partial (one register per
// raking thread), and for memoize the cached segments (registers).
#include "core/i18n/i18n.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {

Trace raking_model(const RunSpec& spec, bool memoize) {
    const int threads = spec.threads, items = spec.items_per_thread;
    const RakingLayout lay(threads);
    TraceBuilder b(spec, threads);
    const int it =
        b.add_region(i18n::N_("items (registers)"), Space::Registers, threads * items, 0, 8 * items);
    const int x = b.add_region(i18n::N_("x: partial, prefix (register)"), Space::Registers, threads, 0,
                               kBlockWarpThreads);
    const int grid = b.add_region("s_raking_grid", Space::Shared, lay.grid, 0, lay.segment + lay.pad);
    const int rp = b.add_region(i18n::N_("raking partial (register)"), Space::Registers, lay.raking_threads,
                                0, kBlockWarpThreads);
    const int cache = memoize ? b.add_region(i18n::N_("cached segment (registers)"), Space::Registers,
                                             lay.raking_threads * lay.segment, 0, lay.segment)
                              : -1;
    std::vector<bool> used(lay.grid, false);
    for (int t = 0; t < threads; ++t) used[lay.place(t)] = true;
    for (int k = 0; k < lay.grid; ++k)
        if (!used[k]) b.mark_padding(grid + k);
    init_tile(b, it, threads * items, make_input(spec));

    // Grid slots of raking thread r's segment (guarded: the last may be short).
    auto segment_slots = [&](int r) {
        std::vector<int> s;
        for (int j = 0; j < lay.segment && r * lay.segment + j < threads; ++j)
            s.push_back(grid + lay.place(r * lay.segment + j));
        return s;
    };

    b.begin_step(BlockRakingPhases::kNames[BlockRakingPhases::kUpsweepRegisters], -1,
                 BarrierKind::SyncThreads);
    for (int t = 0; t < threads; ++t) {
        thread_reduce(b, t, x + t, it + t * items, items);
        b.copy(t, grid + lay.place(t), x + t);
    }
    b.end_step();

    b.begin_step(BlockRakingPhases::kNames[BlockRakingPhases::kUpsweepRaking], -1, BarrierKind::Lockstep);
    for (int r = 0; r < lay.raking_threads; ++r) {
        const auto seg = segment_slots(r);
        for (size_t j = 0; j < seg.size(); ++j) {
            int v = seg[j];
            if (memoize) {
                v = cache + r * lay.segment + static_cast<int>(j);
                b.copy(r, v, seg[j]);
            }
            if (j == 0)
                b.copy(r, rp + r, v);
            else
                b.combine(r, rp + r, rp + r, v);
        }
    }
    b.end_step();

    for (int d = 1; d < lay.raking_threads; d *= 2) {
        b.begin_step(BlockRakingPhases::kNames[BlockRakingPhases::kKoggeStone], d, BarrierKind::ShflSync);
        for (int r = d; r < lay.raking_threads; ++r) b.combine(r, rp + r, rp + r - d, rp + r);
        b.end_step();
    }

    b.begin_step(BlockRakingPhases::kNames[BlockRakingPhases::kDownsweepRaking], -1, BarrierKind::SyncThreads);
    // Raking thread r seeds its running value with the scanned total of the
    // segments before it (a shuffle up by one); raking thread 0 has none: its
    // running value starts as its first element, which takes the identity.
    for (int r = 0; r < lay.raking_threads; ++r) {
        const auto seg = segment_slots(r);
        for (size_t j = 0; j < seg.size(); ++j) {
            const int v = memoize ? cache + r * lay.segment + static_cast<int>(j) : seg[j];
            if (j == 0 && r == 0) {
                b.copy(r, rp, v);
                b.set(r, v, b.identity());
            } else {
                if (j == 0) b.copy(r, rp + r, rp + r - 1);
                b.swap_combine(r, v, rp + r);
            }
            if (memoize) b.copy(r, seg[j], v);
        }
    }
    b.end_step();

    b.begin_step(BlockRakingPhases::kNames[BlockRakingPhases::kDownsweepRegisters], -1, BarrierKind::Lockstep);
    for (int t = 0; t < threads; ++t) {
        b.copy(t, x + t, grid + lay.place(t));
        thread_scan(b, t, it + t * items, items, x + t, spec.exclusive, t > 0);
    }
    b.end_step();

    return b.finish(read_slots(b, it, spec.n));
}

VariantInfo variant_block_raking() {
    return VariantInfo{
        .id = "block_raking",
        .level = Level::Block,
        .title = i18n::N_("CUB RAKING strategy, items per thread (ours)"),
        .description = i18n::N_(
            "Partials into a padded raking grid; warp 0 rakes, scans, rakes back; threads scan items"),
        .accepts = i18n::N_("1 <= n <= 2048; threads 1 to 1024, items per thread 1, 2, 4 or 8 (default 4)"),
        .source_file = "kernels/block/block_raking.cuh",
        .phases = phase_list(BlockRakingPhases::kNames),
        .default_n = 256,
        .has_items_per_thread = true,
        .model = [](const RunSpec& spec) { return raking_model(spec, false); },
        .check = check_block_items,
        .resolve = resolve_block_items,
        .profile =
            {.ncu_difference =
                 "ncu's per-instruction source counters of this kernel give exactly our load wavefronts "
                 "and conflicts; the kernel-level l1tex counters add a few load wavefronts that no "
                 "instruction carries (the down-sweep's loads are each followed by a store to the same "
                 "word)"},
    };
}

}  // namespace scanviz
