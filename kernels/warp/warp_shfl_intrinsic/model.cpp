// Kogge-Stone warp scan through register shuffles: __shfl_up_sync, then
// `if (lane >= d)` before the operator (CUDA Handbook 13.5.3 in intrinsic
// form). The state is one register per lane; no shared memory is touched.
#include "core/i18n/i18n.hpp"
#include "core/models/model_common.hpp"
#include "core/models/warp_models.hpp"
#include "phases.hpp"

namespace scanviz {

// Also warp_shfl_ptx's model: the PTX form's predicate is false exactly where
// lane < d, so both do the same operations on the same registers.
Trace model_warp_shuffle(const RunSpec& spec) {
    const auto& phases = find_variant(spec.variant)->phases;  // {shuffle up, exclusive shift}
    TraceBuilder b(spec, kWarpLanes);
    const int x = b.add_region(i18n::N_("x (register)"), Space::Registers, kWarpLanes, 0, kWarpLanes);
    const auto in = make_input(spec);
    for (int lane = 0; lane < kWarpLanes; ++lane) b.init(x + lane, in[lane]);

    for (int d = 1; d < kWarpLanes; d *= 2) {
        b.begin_step(phases[0], d, BarrierKind::ShflSync);
        for (int lane = d; lane < kWarpLanes; ++lane) b.combine(lane, x + lane, x + lane - d, x + lane);
        b.end_step();
    }
    // One more shuffle up by one lane; lane 0 takes the identity.
    if (spec.exclusive) warp_exclusive_shift(b, x, kWarpLanes, BarrierKind::ShflSync);
    return b.finish(read_slots(b, x, kWarpLanes));
}

VariantInfo variant_warp_shfl_intrinsic() {
    return VariantInfo{
        .id = "warp_shfl_intrinsic",
        .level = Level::Warp,
        .title = i18n::N_("Shuffle warp scan, __shfl_up_sync with if (lane >= d)"),
        .description = i18n::N_(
            "Registers only: y = __shfl_up_sync(x, d); if (lane >= d) x = y + x; five shuffle steps"),
        .accepts = i18n::N_("n = 32"),
        .source_file = "kernels/warp/warp_shfl_intrinsic/warp_shfl_intrinsic.cuh",
        .phases = phase_list(WarpShflIntrinsicPhases::kNames),
        .default_n = 32,
        .model = model_warp_shuffle,
        .check = check_warp_n,
        .resolve = resolve_warp,
    };
}

}  // namespace scanviz
