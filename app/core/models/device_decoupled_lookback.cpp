// PLACEHOLDER-UNIMPLEMENTED: replaced by the real model of device_decoupled_lookback.
#include <stdexcept>
#include "model_common.hpp"
namespace scanviz {
VariantInfo variant_device_decoupled_lookback() {
    return VariantInfo{
        .id = "device_decoupled_lookback", .level = Level::Device, .title = "device_decoupled_lookback", .description = "not yet implemented",
        .accepts = "n = 32", .source_file = "", .phases = {"scan"}, .default_n = 32,
        .has_items_per_thread = false, .segmented = false,
        .model = [](const RunSpec&) -> Trace { throw std::runtime_error("model of device_decoupled_lookback not implemented yet"); },
        .check = check_warp_n, .resolve = resolve_warp,
    };
}
}  // namespace scanviz
