// KernelEntry of each whole-array variant whose launcher lives in kernels/device/.
#pragma once

#include "../registry.hpp"

namespace scanviz::kern {

KernelEntry kernel_device_scan_then_propagate();  // device_scan_then_propagate.cu
KernelEntry kernel_device_reduce_then_scan();     // device_reduce_then_scan.cu
KernelEntry kernel_device_decoupled_lookback();   // decoupled_lookback_trace.cu

}  // namespace scanviz::kern
