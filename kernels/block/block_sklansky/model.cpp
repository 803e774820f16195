// Sklansky scan of one block (divide and conquer; Sklansky 1960): a tile of m = next power
// of two >= n elements (identity past n), m / 2 threads, scanned in place and inclusive. In
// the step of distance d, thread t adds the pivot XY[g*2d + d - 1] of its group g = t / d
// into XY[g*2d + d + t % d]: the scan of each lower half fans out over the upper half. Work
// (m/2) log2(m) operator applications, span log2(m). The pivot's fan-out is d readers.
// Exclusive: the load shifts the input right by one with the identity first.
//
// Slots: XY, the tile in shared memory, one word per element.
#include "core/i18n/i18n.hpp"
#include "core/models/blelloch_layout.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

using P = BlockSklanskyPhases;

Trace model(const RunSpec& spec) {
    PairTile tile(spec);
    TraceBuilder& b = tile.b;
    const int m = tile.m, threads = tile.threads, s = tile.xy;
    for (int d = 1; d < m; d *= 2) {
        b.begin_step(P::kNames[P::kFanOut], d, BarrierKind::SyncThreads);
        for (int t = 0; t < threads; ++t) {
            const int group = t / d;
            const int pivot = group * 2 * d + d - 1, dst = group * 2 * d + d + t % d;
            b.combine(t, s + dst, s + pivot, s + dst);
        }
        b.end_step();
    }
    return tile.finish();
}

}  // namespace

VariantInfo variant_block_sklansky() {
    return pair_tile_variant(
        "block_sklansky", i18n::N_("Sklansky block scan (divide and conquer)"),
        i18n::N_("Two elements per thread, in place; each half's last sum fans out over the next half; "
                 "work (n/2) log n, span log n"),
        "kernels/block/block_sklansky/block_sklansky.cuh", phase_list(P::kNames), model);
}

}  // namespace scanviz
