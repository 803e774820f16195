#include "../registry.hpp"

namespace scanviz::kern {

// Whole-array variants with a GPU kernel.
std::vector<KernelEntry> device_kernels() { return {}; }

}  // namespace scanviz::kern
