// Zero-padded Kogge-Stone warp scan (CUDA Handbook 13.5.1, listing 13.14,
// scanWarp0), in the form that is correct under independent thread
// scheduling: read the partner, __syncwarp(), combine, __syncwarp().
// The shared layout is the Handbook's (warp_models.hpp): 16 identity words
// before the warp's 32 partials and one spare word after them. The padding
// holds the operator's identity: zeros for add, as in the book; INT_MIN for
// max and INT_MAX for min, so the same trick works for every operator.
#include "core/i18n/i18n.hpp"
#include "core/models/model_common.hpp"
#include "core/models/warp_models.hpp"
#include "phases.hpp"

namespace scanviz {

Trace model_warp_zero_padded(const RunSpec& spec) {
    const auto& phases = find_variant(spec.variant)->phases;  // {kogge-stone, exclusive shift}
    TraceBuilder b(spec, kWarpLanes);
    const int s =
        b.add_region(i18n::N_("s_partials (zero-padded)"), Space::Shared, kZeroPadStride, 0, kZeroPadStride);
    const int data = s + kZeroPadLeading;
    for (int i = 0; i < kZeroPadStride; ++i) {
        if (i >= kZeroPadLeading && i < kZeroPadLeading + kWarpLanes) continue;
        b.mark_padding(s + i);
        b.init(s + i, b.identity());
    }
    const auto in = make_input(spec);
    for (int lane = 0; lane < kWarpLanes; ++lane) b.init(data + lane, in[lane]);

    for (int d = 1; d < kWarpLanes; d *= 2) {
        b.begin_step(phases[0], d, BarrierKind::SyncWarp);
        // No lane test: lanes below d read an identity word of the padding.
        for (int lane = 0; lane < kWarpLanes; ++lane)
            b.combine(lane, data + lane, data + lane - d, data + lane);
        b.end_step();
    }
    if (spec.exclusive) {
        // No lane test here either: lane 0 reads the identity word just before the partials.
        b.begin_step(phases[1], -1, BarrierKind::SyncWarp);
        for (int lane = 0; lane < kWarpLanes; ++lane) b.copy(lane, data + lane, data + lane - 1);
        b.end_step();
    }
    return b.finish(read_slots(b, data, kWarpLanes));
}

VariantInfo variant_warp_zeropad() {
    return VariantInfo{
        .id = "warp_zeropad",
        .level = Level::Warp,
        .title = i18n::N_("Kogge-Stone warp scan, zero padding"),
        .description =
            i18n::N_("Shared memory at 49*warp+16+lane with 16 identity words before the partials: "
                     "every lane does s[i] += s[i-d], no lane conditionals; five steps of __syncwarp()"),
        .accepts = i18n::N_("n = 32"),
        .source_file = "kernels/warp/warp_zeropad/warp_zeropad.cuh",
        .phases = phase_list(WarpZeropadPhases::kNames),
        .default_n = 32,
        .model = model_warp_zero_padded,
        .check = check_warp_n,
        .resolve = resolve_warp,
        .race = {.order = 4, .split_phases = phase_list(WarpZeropadPhases::kNames)},
        .profile =
            {.ncu_difference =
                 "ncu counts the stores of the zero-padding fill (every lane writes the word 16 before "
                 "its own, lane 0 the spare word) that happen before the trace starts"},
        .sass_view_first = true,
    };
}

}  // namespace scanviz
