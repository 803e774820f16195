#include "warp_kernels.hpp"

namespace scanviz::kern {

std::vector<KernelEntry> warp_kernels() {
    return {
        kernel_warp_conditional(),
    };
}

}  // namespace scanviz::kern
