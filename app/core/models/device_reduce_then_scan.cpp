// PLACEHOLDER-UNIMPLEMENTED: replaced by the real model of device_reduce_then_scan.
#include <stdexcept>
#include "model_common.hpp"
namespace scanviz {
VariantInfo variant_device_reduce_then_scan() {
    return VariantInfo{
        .id = "device_reduce_then_scan", .level = Level::Device, .title = "device_reduce_then_scan", .description = "not yet implemented",
        .accepts = "n = 32", .source_file = "", .phases = {"scan"}, .default_n = 32,
        .has_items_per_thread = false, .segmented = false,
        .model = [](const RunSpec&) -> Trace { throw std::runtime_error("model of device_reduce_then_scan not implemented yet"); },
        .check = check_warp_n, .resolve = resolve_warp,
    };
}
}  // namespace scanviz
