// cub::BLOCK_SCAN_RAKING_MEMOIZE written by us: RAKING with each raking
// thread's segment kept in registers between the upsweep and the downsweep,
// so the downsweep reads no shared memory (fewer shared reads, more
// registers). The model is block_raking/model.cpp's with memoize on; kernel:
// kernels/block/block_raking.cuh with MEMOIZE = true.
#include "core/i18n/i18n.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {

VariantInfo variant_block_raking_memoize() {
    return VariantInfo{
        .id = "block_raking_memoize",
        .level = Level::Block,
        .title = i18n::N_("CUB RAKING_MEMOIZE strategy, items per thread (ours)"),
        .description =
            i18n::N_("Raking with each segment cached in the raking thread's registers between the sweeps"),
        .accepts = i18n::N_("1 <= n <= 2048; threads 1 to 1024, items per thread 1, 2, 4 or 8 (default 4)"),
        .source_file = "kernels/block/block_raking.cuh",
        .phases = phase_list(BlockRakingMemoizePhases::kNames),
        .default_n = 256,
        .has_items_per_thread = true,
        .model = [](const RunSpec& spec) { return raking_model(spec, true); },
        .check = check_block_items,
        .resolve = resolve_block_items,
    };
}

}  // namespace scanviz
