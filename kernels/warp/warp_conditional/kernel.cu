// Kernel entry of the variant warp_conditional (one warp): the family's kernel (warp_kernel.cuh) around
// warp_scan_conditional.
#include "../../race/race_kernels.hpp"
#include "../warp_kernel.cuh"
#include "warp_conditional.cuh"

namespace scanviz::kern {
namespace {

struct warp_conditional_kernel {  // its name is in the kernel's: ncu matches kernels to variants by name
    using Phases = WarpConditionalPhases;
    static constexpr WarpStorage kStorage = WarpStorage::Shared;
    static constexpr bool kByThread = false;
    template <class T, class ScanOp, class Probe>
    static __device__ __forceinline__ void scan(T* s, int lane, ScanOp op, Probe& probe) {
        warp_scan_conditional(s, lane, op, probe);
    }
};

}  // namespace

// Its race kernels (race.cu, beside this file) put it in the race lab.
RaceRow race_warp_conditional(const RaceCase& c, const gpu::RaceRunConfig& cfg);

KernelEntry kernel_warp_conditional() {
    return with_race(warp_family_entry<warp_conditional_kernel>("warp_conditional"), race_warp_conditional,
                     kRaceWarpBarriers);
}

}  // namespace scanviz::kern
