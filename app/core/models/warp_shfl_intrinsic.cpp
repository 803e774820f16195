// PLACEHOLDER-UNIMPLEMENTED: replaced by the real model of warp_shfl_intrinsic.
#include <stdexcept>
#include "model_common.hpp"
namespace scanviz {
VariantInfo variant_warp_shfl_intrinsic() {
    return VariantInfo{
        .id = "warp_shfl_intrinsic", .level = Level::Warp, .title = "warp_shfl_intrinsic", .description = "not yet implemented",
        .accepts = "n = 32", .source_file = "", .phases = {"scan"}, .default_n = 32,
        .has_items_per_thread = false, .segmented = false,
        .model = [](const RunSpec&) -> Trace { throw std::runtime_error("model of warp_shfl_intrinsic not implemented yet"); },
        .check = check_warp_n, .resolve = resolve_warp,
    };
}
}  // namespace scanviz
