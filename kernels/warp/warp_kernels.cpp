#include "warp_kernels.hpp"

namespace scanviz::kern {

std::vector<KernelEntry> warp_kernels() {
    return {
        kernel_warp_conditional(),     kernel_warp_zeropad(),        kernel_warp_templated(),
        kernel_warp_shfl_ptx(),        kernel_warp_shfl_intrinsic(), kernel_warp_segmented(),
        kernel_warp_legacy_volatile(),
    };
}

}  // namespace scanviz::kern
