// PLACEHOLDER-UNIMPLEMENTED: replaced by the real model of block_raking.
#include <stdexcept>
#include "model_common.hpp"
namespace scanviz {
VariantInfo variant_block_raking() {
    return VariantInfo{
        .id = "block_raking", .level = Level::Block, .title = "block_raking", .description = "not yet implemented",
        .accepts = "n = 32", .source_file = "", .phases = {"scan"}, .default_n = 32,
        .has_items_per_thread = false, .segmented = false,
        .model = [](const RunSpec&) -> Trace { throw std::runtime_error("model of block_raking not implemented yet"); },
        .check = check_warp_n, .resolve = resolve_warp,
    };
}
}  // namespace scanviz
