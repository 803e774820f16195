#pragma once

#include "../registry.hpp"

namespace scanviz::kern {

KernelEntry kernel_warp_conditional();

}  // namespace scanviz::kern
