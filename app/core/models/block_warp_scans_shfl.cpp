// PLACEHOLDER-UNIMPLEMENTED: replaced by the real model of block_warp_scans_shfl.
#include <stdexcept>
#include "model_common.hpp"
namespace scanviz {
VariantInfo variant_block_warp_scans_shfl() {
    return VariantInfo{
        .id = "block_warp_scans_shfl", .level = Level::Block, .title = "block_warp_scans_shfl", .description = "not yet implemented",
        .accepts = "n = 32", .source_file = "", .phases = {"scan"}, .default_n = 32,
        .has_items_per_thread = false, .segmented = false,
        .model = [](const RunSpec&) -> Trace { throw std::runtime_error("model of block_warp_scans_shfl not implemented yet"); },
        .check = check_warp_n, .resolve = resolve_warp,
    };
}
}  // namespace scanviz
