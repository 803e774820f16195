#include "block_kernels.hpp"

namespace scanviz::kern {

// Block-level variants with a GPU kernel.
std::vector<KernelEntry> block_kernels() {
    return {
        kernel_block_hillis_steele(),   kernel_block_blelloch(),        kernel_block_blelloch_padded(),
        kernel_block_warp_scans_smem(), kernel_block_warp_scans_shfl(), kernel_block_raking(),
        kernel_block_raking_memoize(),  kernel_block_warp_scans(),
    };
}

}  // namespace scanviz::kern
