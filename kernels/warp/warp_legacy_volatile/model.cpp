// The legacy warp-synchronous Kogge-Stone scan (CUDA Handbook 13.5, listing
// 13.13, as printed): volatile shared memory, `if (lane >= d) s[0] += s[-d]`,
// and no barrier. Each step's loads happen before its stores only because
// the warp executes in lockstep, which GPUs before Volta guarantee and
// Volta and later do not. The trace's step semantics (trace.hpp) are the
// lockstep ones, so the model shows what the form means on a lockstep warp.
#include "core/i18n/i18n.hpp"
#include "core/models/model_common.hpp"
#include "core/models/warp_models.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

Trace model(const RunSpec& spec) {
    const auto& phases = find_variant(spec.variant)->phases;  // {kogge-stone, exclusive shift}
    TraceBuilder b(spec, kWarpLanes);
    const int s = b.add_region(i18n::N_("s_partials (volatile)"), Space::Shared, kWarpLanes, 0, kWarpLanes);
    const auto in = make_input(spec);
    for (int lane = 0; lane < kWarpLanes; ++lane) b.init(s + lane, in[lane]);

    for (int d = 1; d < kWarpLanes; d *= 2) {
        b.begin_step(phases[0], d, BarrierKind::Lockstep);
        for (int lane = d; lane < kWarpLanes; ++lane) b.combine(lane, s + lane, s + lane - d, s + lane);
        b.end_step();
    }
    if (spec.exclusive) warp_exclusive_shift(b, s, kWarpLanes, BarrierKind::Lockstep);
    return b.finish(read_slots(b, s, kWarpLanes));
}

}  // namespace

VariantInfo variant_warp_legacy_volatile() {
    return VariantInfo{
        .id = "warp_legacy_volatile",
        .level = Level::Warp,
        .title = i18n::N_("Legacy warp-synchronous scan (volatile, no __syncwarp)"),
        .description =
            i18n::N_("if (lane >= d) s[0] += s[-d] on volatile shared memory with no barrier: only correct "
                     "on pre-Volta lockstep warps; a data race under independent thread scheduling"),
        .accepts = i18n::N_("n = 32"),
        .source_file = "kernels/warp/warp_legacy_volatile/warp_legacy_volatile.cuh",
        .phases = phase_list(WarpLegacyVolatilePhases::kNames),
        .default_n = 32,
        .model = model,
        .check = check_warp_n,
        .resolve = resolve_warp,
        .race = {.order = 6, .lockstep = true},
    };
}

}  // namespace scanviz
