#include "../registry.hpp"
#include "device_kernels.hpp"

namespace scanviz::kern {

// Whole-array variants with a GPU kernel.
std::vector<KernelEntry> device_kernels() {
    return {
        kernel_device_scan_then_propagate(),
        kernel_device_reduce_then_scan(),
    };
}

}  // namespace scanviz::kern
