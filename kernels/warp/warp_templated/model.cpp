// The CUDA Handbook's templated warp scan, scanWarp<T, bZeroPad> (13.5.2,
// listings 13.15 and 13.16): one routine for the zero-padded and the plain
// layout. This variant runs the bZeroPad = true instantiation; the template
// keeps the running value in a register and stores it after each step, but
// reads and writes the same shared slots as scanWarp0, so its reference
// model is warp_zeropad's (warp_zeropad/model.cpp). The bZeroPad = false
// instantiation does the steps of warp_conditional.
#include "core/i18n/i18n.hpp"
#include "core/models/model_common.hpp"
#include "core/models/warp_models.hpp"
#include "phases.hpp"

namespace scanviz {

VariantInfo variant_warp_templated() {
    return VariantInfo{
        .id = "warp_templated",
        .level = Level::Warp,
        .title = i18n::N_("Templated warp scan scanWarp<T, bZeroPad>, zero-padded instantiation"),
        .description =
            i18n::N_("One template for both layouts; runs bZeroPad=true (the zero-padded layout, no lane "
                     "conditionals, value kept in a register); bZeroPad=false is warp_conditional's form"),
        .accepts = i18n::N_("n = 32"),
        .source_file = "kernels/warp/warp_templated/warp_templated.cuh",
        .phases = phase_list(WarpTemplatedPhases::kNames),
        .default_n = 32,
        .model = model_warp_zero_padded,
        .check = check_warp_n,
        .resolve = resolve_warp,
        .race = {.order = 5, .split_phases = phase_list(WarpTemplatedPhases::kNames)},
        .profile =
            {.ncu_difference =
                 "the padding fill's stores happen before the trace starts; and the compiler keeps each "
                 "lane's own partial in a register, so a step loads only the partner where the trace "
                 "records both reads"},
    };
}

}  // namespace scanviz
