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
#include "core/i18n/i18n.hpp"
#include "core/models/blelloch_layout.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

using P = BlockBrentKungPhases;

Trace model(const RunSpec& spec) {
    PairTile tile(spec);
    TraceBuilder& b = tile.b;
    const int m = tile.m, threads = tile.threads, s = tile.xy;
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
    return tile.finish();
}

}  // namespace

VariantInfo variant_block_brent_kung() {
    return pair_tile_variant(
        "block_brent_kung", i18n::N_("Brent-Kung block scan (reduction tree, distribution tree)"),
        i18n::N_(
            "PMPP ch. 11: two elements per thread, in place and inclusive; work about 2n, span 2 log n - 2"),
        "kernels/block/block_brent_kung/block_brent_kung.cuh", phase_list(P::kNames), model);
}

}  // namespace scanviz
