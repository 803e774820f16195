#pragma once

#include "../registry.hpp"

namespace scanviz::kern {

KernelEntry kernel_warp_conditional();
KernelEntry kernel_warp_zeropad();
KernelEntry kernel_warp_templated();
KernelEntry kernel_warp_shfl_ptx();
KernelEntry kernel_warp_shfl_intrinsic();
KernelEntry kernel_warp_segmented();
KernelEntry kernel_warp_legacy_volatile();

}  // namespace scanviz::kern
