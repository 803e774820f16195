// PLACEHOLDER-UNIMPLEMENTED: replaced by the real model of warp_segmented.
#include <stdexcept>
#include "model_common.hpp"
namespace scanviz {
VariantInfo variant_warp_segmented() {
    return VariantInfo{
        .id = "warp_segmented", .level = Level::Warp, .title = "warp_segmented", .description = "not yet implemented",
        .accepts = "n = 32", .source_file = "", .phases = {"scan"}, .default_n = 32,
        .has_items_per_thread = false, .segmented = true,
        .model = [](const RunSpec&) -> Trace { throw std::runtime_error("model of warp_segmented not implemented yet"); },
        .check = check_warp_n, .resolve = resolve_warp,
    };
}
}  // namespace scanviz
