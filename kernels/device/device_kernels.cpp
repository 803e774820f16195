#include "device_kernels.hpp"

#include "../registry.hpp"

namespace scanviz::kern {

// Whole-array variants with a GPU kernel.
std::vector<KernelEntry> device_kernels() {
    return {
        kernel_device_scan_then_propagate(),
        kernel_device_reduce_then_scan(),
        kernel_device_decoupled_lookback(),
    };
}

}  // namespace scanviz::kern
