#include "block_kernels.hpp"

#include "../race/race_kernels.hpp"

namespace scanviz::kern {

// Block-level variants with a GPU kernel.
std::vector<KernelEntry> block_kernels() {
    return {
        with_race(kernel_block_hillis_steele(), race_block_hillis_steele, kRaceHillisSteeleBarriers),
        with_race(kernel_block_blelloch(), race_block_blelloch, kRaceBlellochBarriers),
        with_race(kernel_block_blelloch_padded(), race_block_blelloch_padded, kRaceBlellochBarriers),
        kernel_block_warp_scans_smem(),
        kernel_block_warp_scans_shfl(),
        kernel_block_raking(),
        kernel_block_raking_memoize(),
        kernel_block_warp_scans(),
    };
}

}  // namespace scanviz::kern
