#include "../registry.hpp"

namespace scanviz::kern {

// Block-level variants with a GPU kernel.
std::vector<KernelEntry> block_kernels() { return {}; }

}  // namespace scanviz::kern
