// The lines a learner's kernel program writes when a run fails (the CPU engine's program,
// assets/kernels/scanviz_cpu*.hpp, and the GPU child, kernels/learner/gpu_child.cpp) are English:
// the CPU program has no catalog, and they are kept in the records file as written. This shows
// one in the reader's language: a line of a known shape is written again from the catalog with
// its values; any other line (a compiler's, the driver's name for an error) as it is.
#pragma once

#include <string>
#include <string_view>

namespace scanviz {

std::string kernel_error_shown(std::string_view line);

}  // namespace scanviz
