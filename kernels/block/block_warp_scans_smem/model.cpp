// Block scan from warp scans in shared memory (CMU 15-418 scan_block; CUDA
// Handbook 13.4 scanBlock): each warp scans its 32 elements with the
// conditional Kogge-Stone scan (read, __syncwarp(), write, as in
// warp_conditional); lane 31 of each warp writes the warp's total to
// s_warp_sums; warp 0 scans those totals the same way; every warp but the
// first adds the total of the warps before it. Exclusive: one more step
// shifts the block's inclusive scan right by one, the identity first.
// (CMU's listing writes the totals over the data array; a separate
// s_warp_sums, as the Handbook has, avoids the race of warp w writing
// element w while warp 0 still reads it.)
//
// Slots: s_data (threads words at byte 0) and s_warp_sums (one word per warp,
// at byte 4096: the kernel's TempStorage holds 1024 data words then 32 sums).
#include "core/i18n/i18n.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

constexpr int kSumsByteOffset = kBlockMaxThreads * 4;

Trace model(const RunSpec& spec) {
    const int threads = spec.threads, warps = threads / kBlockWarpThreads;
    TraceBuilder b(spec, threads);
    const int s = b.add_region("s_data", Space::Shared, threads, 0, kBlockWarpThreads);
    const int sums = b.add_region("s_warp_sums", Space::Shared, warps, kSumsByteOffset, kBlockWarpThreads);
    init_tile(b, s, threads, make_input(spec));

    for (int d = 1; d < kBlockWarpThreads; d *= 2) {
        b.begin_step(BlockWarpScansSmemPhases::kNames[0], d, BarrierKind::SyncWarp);
        for (int t = 0; t < threads; ++t)
            if (t % kBlockWarpThreads >= d) b.combine(t, s + t, s + t - d, s + t);
        b.end_step();
    }
    b.begin_step(BlockWarpScansSmemPhases::kNames[1], -1, BarrierKind::SyncThreads);
    for (int w = 0; w < warps; ++w) {
        const int last = w * kBlockWarpThreads + kBlockWarpThreads - 1;
        b.copy(last, sums + w, s + last);
    }
    b.end_step();
    for (int d = 1; d < warps; d *= 2) {
        b.begin_step(BlockWarpScansSmemPhases::kNames[2], d,
                     2 * d >= warps ? BarrierKind::SyncThreads : BarrierKind::SyncWarp);
        for (int l = d; l < warps; ++l) b.combine(l, sums + l, sums + l - d, sums + l);
        b.end_step();
    }
    if (warps > 1) {
        b.begin_step(BlockWarpScansSmemPhases::kNames[3], -1, BarrierKind::SyncThreads);
        for (int t = kBlockWarpThreads; t < threads; ++t)
            b.combine(t, s + t, sums + t / kBlockWarpThreads - 1, s + t);
        b.end_step();
    }
    if (spec.exclusive) {
        b.begin_step(BlockWarpScansSmemPhases::kNames[4], -1, BarrierKind::SyncThreads);
        for (int t = threads - 1; t >= 1; --t) b.copy(t, s + t, s + t - 1);
        b.set(0, s, b.identity());
        b.end_step();
    }
    return b.finish(read_slots(b, s, spec.n));
}

}  // namespace

VariantInfo variant_block_warp_scans_smem() {
    return VariantInfo{
        .id = "block_warp_scans_smem",
        .level = Level::Block,
        .title = i18n::N_("Block scan from warp scans, shared memory"),
        .description = i18n::N_(
            "CMU 15-418 scan_block: warp scans, lane 31 writes totals, warp 0 scans them, warps add base"),
        .accepts = i18n::N_("1 <= n <= 1024 (threads: n rounded up to whole warps)"),
        .source_file = "kernels/block/block_warp_scans_smem/block_warp_scans_smem.cuh",
        .phases = phase_list(BlockWarpScansSmemPhases::kNames),
        .default_n = 128,
        .model = model,
        .check = check_whole_warps,
        .resolve = resolve_whole_warps,
        // The race lab: each warp-scan step reads, waits at __syncwarp(), writes, waits again; the
        // one-buffer what-if is CMU's scan_block, which stores the warp totals over the data.
        .race = {.order = 7,
                 .split_phases = {BlockWarpScansSmemPhases::kNames[0], BlockWarpScansSmemPhases::kNames[2]},
                 .one_buffer = true,
                 .one_buffer_what = i18n::N_("warp totals written over the data (CMU's scan_block)"),
                 .alias_from = "s_warp_sums",
                 .alias_onto = "s_data"},
    };
}

}  // namespace scanviz
