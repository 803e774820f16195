// Sklansky scan of one block (divide and conquer; Sklansky 1960): a tile of m = next power
// of two >= n elements (identity past n), m / 2 threads, scanned in place and inclusive. In
// the step of distance d, thread t adds the pivot XY[g*2d + d - 1] of its group g = t / d
// into XY[g*2d + d + t % d]: the scan of each lower half fans out over the upper half. Work
// (m/2) log2(m) operator applications, span log2(m). The pivot's fan-out is d readers.
// Exclusive: the load shifts the input right by one with the identity first.
//
// Slots: XY, the tile in shared memory, one word per element.
#include "core/models/blelloch_layout.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

using P = BlockSklanskyPhases;

Trace model(const RunSpec& spec) {
    const int m = blelloch_tile(spec.n), threads = m / 2;
    TraceBuilder b(spec, threads);
    const int s = b.add_region("XY", Space::Shared, m, 0, kNumBanks);
    init_shifted_tile(b, s, m, make_input(spec), spec.exclusive);
    for (int d = 1; d < m; d *= 2) {
        b.begin_step(P::kNames[P::kFanOut], d, BarrierKind::SyncThreads);
        for (int t = 0; t < threads; ++t) {
            const int group = t / d;
            const int pivot = group * 2 * d + d - 1, dst = group * 2 * d + d + t % d;
            b.combine(t, s + dst, s + pivot, s + dst);
        }
        b.end_step();
    }
    return b.finish(read_slots(b, s, spec.n));
}

}  // namespace

VariantInfo variant_block_sklansky() {
    return VariantInfo{
        .id = "block_sklansky",
        .level = Level::Block,
        .title = "Sklansky block scan (divide and conquer)",
        .description = "Two elements per thread, in place; each half's last sum fans out over the next half; "
                       "work (n/2) log n, span log n",
        .accepts = "1 <= n <= 2048 (tile: next power of two, threads = tile / 2)",
        .source_file = "kernels/block/block_sklansky/block_sklansky.cuh",
        .phases = phase_list(P::kNames),
        .default_n = 64,
        .model = model,
        .check = check_blelloch,  // Blelloch's tile: the next power of two, m / 2 threads
        .resolve = resolve_blelloch,
        .work_span_default = true,
    };
}

}  // namespace scanviz
