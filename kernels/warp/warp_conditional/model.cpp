// Kogge-Stone warp scan in shared memory with lane conditionals
// (CUDA Handbook 13.5, listing 13.13), in the form that is correct under
// independent thread scheduling: each lane reads its partner into a register,
// the warp meets at __syncwarp(), then the lanes that have a partner combine.
#include "core/i18n/i18n.hpp"
#include "core/models/model_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

Trace model(const RunSpec& spec) {
    constexpr int kLanes = 32;
    TraceBuilder b(spec, kLanes);
    const int s = b.add_region("s_partials", Space::Shared, kLanes, 0, kLanes);
    const auto in = make_input(spec);
    for (int lane = 0; lane < kLanes; ++lane) b.init(s + lane, in[lane]);

    for (int d = 1; d < kLanes; d *= 2) {
        b.begin_step(WarpConditionalPhases::kNames[WarpConditionalPhases::kKoggeStone], d,
                     BarrierKind::SyncWarp);
        for (int lane = d; lane < kLanes; ++lane) b.combine(lane, s + lane, s + lane - d, s + lane);
        b.end_step();
    }
    if (spec.exclusive) warp_exclusive_shift(b, s, kLanes, BarrierKind::SyncWarp);
    return b.finish(read_slots(b, s, kLanes));
}

}  // namespace

VariantInfo variant_warp_conditional() {
    return VariantInfo{
        .id = "warp_conditional",
        .level = Level::Warp,
        .title = i18n::N_("Kogge-Stone warp scan, lane conditionals"),
        .description = i18n::N_("Shared memory, if (lane >= d) s[i] += s[i-d]; five steps of __syncwarp()"),
        .accepts = i18n::N_("n = 32"),
        .source_file = "kernels/warp/warp_conditional/warp_conditional.cuh",
        .phases = phase_list(WarpConditionalPhases::kNames),
        .default_n = 32,
        .model = model,
        .check = check_warp_n,
        .resolve = resolve_warp,
        .race = {.order = 3, .split_phases = phase_list(WarpConditionalPhases::kNames)},
        .sass_view_first = true,
    };
}

}  // namespace scanviz
