// Kogge-Stone warp scan through register shuffles, the step in inline PTX
// (CUDA Handbook 13.5.3, listing 13.17, scanWarpShuffle): shfl.sync.up sets
// a predicate that is false where lane < d, and the operator runs predicated
// on it (@p add / max / min), with no lane test. Same operations as the
// intrinsic form, so the same reference model (warp_shfl_intrinsic/model.cpp).
#include "core/i18n/i18n.hpp"
#include "core/models/model_common.hpp"
#include "core/models/warp_models.hpp"
#include "phases.hpp"

namespace scanviz {

VariantInfo variant_warp_shfl_ptx() {
    return VariantInfo{
        .id = "warp_shfl_ptx",
        .level = Level::Warp,
        .title = i18n::N_("Shuffle warp scan, shfl.sync.up with its predicate (PTX)"),
        .description =
            i18n::N_("Registers only: shfl.sync.up.b32 r|p, then @p add (or max, min); the shuffle's "
                     "predicate replaces the lane test; five shuffle steps"),
        .accepts = i18n::N_("n = 32"),
        .source_file = "kernels/warp/warp_shfl_ptx/warp_shfl_ptx.cuh",
        .phases = phase_list(WarpShflPtxPhases::kNames),
        .default_n = 32,
        .model = model_warp_shuffle,
        .check = check_warp_n,
        .resolve = resolve_warp,
        .sass_view_first = true,
    };
}

}  // namespace scanviz
