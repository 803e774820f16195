#include "warp_kernels.hpp"

#include "../race/race_kernels.hpp"

namespace scanviz::kern {

std::vector<KernelEntry> warp_kernels() {
    return {
        with_race(kernel_warp_conditional(), race_warp_conditional, kRaceWarpBarriers),
        with_race(kernel_warp_zeropad(), race_warp_zeropad, kRaceWarpBarriers),
        with_race(kernel_warp_templated(), race_warp_templated, kRaceWarpBarriers),
        kernel_warp_shfl_ptx(),
        kernel_warp_shfl_intrinsic(),
        kernel_warp_segmented(),
        with_race(kernel_warp_legacy_volatile(), race_warp_legacy_volatile, kRaceLegacyBarriers),
    };
}

}  // namespace scanviz::kern
