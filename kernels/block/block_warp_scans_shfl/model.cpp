// Block scan from warp shuffle scans (CUDA Handbook 13.5.3 scanBlockShuffle):
// each warp scans its values in registers with shfl.sync.up; lane 31 writes
// the warp's total to s_partials; warp 0 loads the totals, scans them with
// shuffles and writes them back; every warp but the first adds the total of
// the warps before it. Exclusive: one more step, a shuffle up by one, where
// lane 0 of warp w takes the total of the warps before it (the identity for
// warp 0).
//
// Slots: val (one register per thread), s_partials (shared, one word per
// warp), t (the register warp 0's lanes scan the totals in).
#include "core/i18n/i18n.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {


Trace model(const RunSpec& spec) {
    const int threads = spec.threads, warps = threads / kBlockWarpThreads;
    TraceBuilder b(spec, threads);
    const int val = b.add_region(i18n::N_("val (register)"), Space::Registers, threads, 0, kBlockWarpThreads);
    const int sp = b.add_region("s_partials", Space::Shared, warps, 0, kBlockWarpThreads);
    const int tw =
        b.add_region(i18n::N_("t (register, warp 0)"), Space::Registers, warps, 0, kBlockWarpThreads);
    init_tile(b, val, threads, make_input(spec));

    for (int d = 1; d < kBlockWarpThreads; d *= 2) {
        b.begin_step(BlockWarpScansShflPhases::kNames[0], d, BarrierKind::ShflSync);
        for (int t = 0; t < threads; ++t)
            if (t % kBlockWarpThreads >= d) b.combine(t, val + t, val + t - d, val + t);
        b.end_step();
    }
    b.begin_step(BlockWarpScansShflPhases::kNames[1], -1, BarrierKind::SyncThreads);
    for (int w = 0; w < warps; ++w) {
        const int last = w * kBlockWarpThreads + kBlockWarpThreads - 1;
        b.copy(last, sp + w, val + last);
    }
    b.end_step();
    // Warp 0 loads t = s_partials[lane] in the first step, stores it back in the last.
    for (int d = 1; d < warps; d *= 2) {
        const bool last = 2 * d >= warps;
        b.begin_step(BlockWarpScansShflPhases::kNames[2], d,
                     last ? BarrierKind::SyncThreads : BarrierKind::ShflSync);
        for (int l = 0; l < warps; ++l) {
            if (d == 1) {
                if (l == 0)
                    b.copy(l, tw, sp);
                else
                    b.combine(l, tw + l, sp + l - 1, sp + l);
            } else if (l >= d) {
                b.combine(l, tw + l, tw + l - d, tw + l);
            }
            if (last) b.copy(l, sp + l, tw + l);
        }
        b.end_step();
    }
    if (warps > 1) {
        b.begin_step(BlockWarpScansShflPhases::kNames[3], -1, BarrierKind::Lockstep);
        for (int t = kBlockWarpThreads; t < threads; ++t)
            b.combine(t, val + t, sp + t / kBlockWarpThreads - 1, val + t);
        b.end_step();
    }
    if (spec.exclusive) {
        b.begin_step(BlockWarpScansShflPhases::kNames[4], -1, BarrierKind::ShflSync);
        for (int t = 0; t < threads; ++t) {
            const int lane = t % kBlockWarpThreads, warp = t / kBlockWarpThreads;
            if (lane > 0)
                b.copy(t, val + t, val + t - 1);
            else if (warp > 0)
                b.copy(t, val + t, sp + warp - 1);
            else
                b.set(t, val + t, b.identity());
        }
        b.end_step();
    }
    return b.finish(read_slots(b, val, spec.n));
}

}  // namespace

VariantInfo variant_block_warp_scans_shfl() {
    return VariantInfo{
        .id = "block_warp_scans_shfl",
        .level = Level::Block,
        .title = i18n::N_("Block scan from warp scans, shuffles"),
        .description =
            i18n::N_("CUDA Handbook scanBlockShuffle: shfl.sync.up warp scans, warp 0 scans the totals"),
        .accepts = i18n::N_("1 <= n <= 1024 (threads: n rounded up to whole warps)"),
        .source_file = "kernels/block/block_warp_scans_shfl/block_warp_scans_shfl.cuh",
        .phases = phase_list(BlockWarpScansShflPhases::kNames),
        .default_n = 128,
        .model = model,
        .check = check_whole_warps,
        .resolve = resolve_whole_warps,
        .profile =
            {.ncu_difference =
                 "the first step of the partials' scan loads each partial once and takes the left "
                 "neighbour's through the shuffle; the trace records that as a read of the neighbour's "
                 "slot"},
    };
}

}  // namespace scanviz
