// PLACEHOLDER-UNIMPLEMENTED: replaced by the real model of warp_legacy_volatile.
#include <stdexcept>
#include "model_common.hpp"
namespace scanviz {
VariantInfo variant_warp_legacy_volatile() {
    return VariantInfo{
        .id = "warp_legacy_volatile", .level = Level::Warp, .title = "warp_legacy_volatile", .description = "not yet implemented",
        .accepts = "n = 32", .source_file = "", .phases = {"scan"}, .default_n = 32,
        .has_items_per_thread = false, .segmented = false,
        .model = [](const RunSpec&) -> Trace { throw std::runtime_error("model of warp_legacy_volatile not implemented yet"); },
        .check = check_warp_n, .resolve = resolve_warp,
    };
}
}  // namespace scanviz
