// Blelloch's scan with GPU Gems 3's conflict-free offset (39.2.3): element i
// lives at word i + CONFLICT_FREE_OFFSET(i), CONFLICT_FREE_OFFSET(i) =
// i >> LOG_NUM_BANKS, so the tree's strided accesses spread over the banks.
// Same steps as block_blelloch (the model is blelloch_model with padding on);
// the padding words are marked in the layout.
#include "core/i18n/i18n.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {

VariantInfo variant_block_blelloch_padded() {
    return VariantInfo{
        .id = "block_blelloch_padded",
        .level = Level::Block,
        .title = i18n::N_("Blelloch scan with conflict-free padding"),
        .description =
            i18n::N_("GPU Gems 3 39.2.3: one padding word per 32 (i + (i >> 5)) against bank conflicts"),
        .accepts = i18n::N_("1 <= n <= 2048 (tile: next power of two, threads = tile / 2)"),
        .source_file = "kernels/block/block_blelloch.cuh",
        .phases = phase_list(BlockBlellochPaddedPhases::kNames),
        .default_n = 128,
        .model = [](const RunSpec& spec) { return blelloch_model(spec, true); },
        .check = check_blelloch,
        .resolve = resolve_blelloch,
        .shared_word = [](int e) { return blelloch_word(e, true); },
        .race =
            {.order = 2,
             .split_phases = {BlockBlellochPaddedPhases::kNames[BlockBlellochPaddedPhases::kInclusiveShift]},
             .stores_two_per_thread = true},
        .profile = {.effects = {{CompilerEffect::SwapRereads, ""}}},
    };
}

}  // namespace scanviz
