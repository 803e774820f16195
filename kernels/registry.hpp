// The GPU side of the variant registry: one entry per variant that has a
// kernel. Each family lists its own (warp/, block/, device/).
#pragma once

#include <string_view>
#include <vector>

#include "core/trace/run_spec.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::kern {

struct KernelEntry {
    std::string_view id;                              // the variant id, as in the core registry
    Trace (*capture)(const RunSpec& spec);            // instrumented run (TraceProbe)
    std::vector<double> (*run)(const RunSpec& spec);  // uninstrumented run (NoProbe): the output
};

std::vector<KernelEntry> warp_kernels();    // kernels/warp/warp_kernels.cpp
std::vector<KernelEntry> block_kernels();   // kernels/block/block_kernels.cpp
std::vector<KernelEntry> device_kernels();  // kernels/device/device_kernels.cpp

}  // namespace scanviz::kern
