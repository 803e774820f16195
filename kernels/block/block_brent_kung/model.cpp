// Brent-Kung scan of one block (Programming Massively Parallel Processors, ch. 11): a tile
// of m = next power of two >= n elements (identity past n), m / 2 threads, scanned in place
// and inclusive. The reduction tree is Blelloch's up-sweep; the distribution tree then adds
// each block sum into the elements after it (stride m/4 down to 1), with no clear and no
// swap. Work 2m - 2 - log2(m) operator applications in 2 log2(m) - 1 steps; span
// 2 log2(m) - 2 for m >= 4: the root's last addition feeds no other element, so the longest
// chain climbs the reduction tree to stride m/4 and then takes every distribution level.
// Exclusive: the load shifts the input right by one with the identity first.
//
// Slots: XY, the tile in shared memory, one word per element.
#include "core/models/blelloch_layout.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

using P = BlockBrentKungPhases;

Trace model(const RunSpec& spec) {
    const int m = blelloch_tile(spec.n), threads = m / 2;
    TraceBuilder b(spec, threads);
    const int s = b.add_region("XY", Space::Shared, m, 0, kNumBanks);
    init_shifted_tile(b, s, m, make_input(spec), spec.exclusive);
    for (int stride = 1; stride < m; stride *= 2) {
        b.begin_step(P::kNames[P::kReductionTree], stride, BarrierKind::SyncThreads);
        for (int t = 0; t < threads; ++t) {
            const int index = (t + 1) * 2 * stride - 1;
            if (index < m) b.combine(t, s + index, s + index - stride, s + index);
        }
        b.end_step();
    }
    for (int stride = m / 4; stride > 0; stride /= 2) {
        b.begin_step(P::kNames[P::kDistributionTree], stride, BarrierKind::SyncThreads);
        for (int t = 0; t < threads; ++t) {
            const int index = (t + 1) * 2 * stride - 1;
            if (index + stride < m) b.combine(t, s + index + stride, s + index, s + index + stride);
        }
        b.end_step();
    }
    return b.finish(read_slots(b, s, spec.n));
}

}  // namespace

VariantInfo variant_block_brent_kung() {
    return VariantInfo{
        .id = "block_brent_kung",
        .level = Level::Block,
        .title = "Brent-Kung block scan (reduction tree, distribution tree)",
        .description = "PMPP ch. 11: two elements per thread, in place and inclusive; work about 2n, span 2 log n - 2",
        .accepts = "1 <= n <= 2048 (tile: next power of two, threads = tile / 2)",
        .source_file = "kernels/block/block_brent_kung/block_brent_kung.cuh",
        .phases = phase_list(P::kNames),
        .default_n = 64,
        .model = model,
        .check = check_blelloch,  // Blelloch's tile: the next power of two, m / 2 threads
        .resolve = resolve_blelloch,
        .work_span_default = true,
    };
}

}  // namespace scanviz
