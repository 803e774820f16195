// Kernel entry of the variant warp_zeropad (one warp): the family's kernel (warp_kernel.cuh) around
// warp_scan_zeropad.
#include "../../race/race_kernels.hpp"
#include "../warp_kernel.cuh"
#include "warp_zeropad.cuh"

namespace scanviz::kern {
namespace {

struct warp_zeropad_kernel {  // its name is in the kernel's: ncu matches kernels to variants by name
    using Phases = WarpZeropadPhases;
    static constexpr WarpStorage kStorage = WarpStorage::ZeroPadded;
    static constexpr bool kByThread = false;
    template <class T, class ScanOp, class Probe>
    static __device__ __forceinline__ void scan(T* s, int lane, ScanOp op, Probe& probe) {
        warp_scan_zeropad(s, lane, op, probe);
    }
};

}  // namespace

// Its race kernels (race.cu, beside this file) put it in the race lab.
RaceRow race_warp_zeropad(const RaceCase& c, const gpu::RaceRunConfig& cfg);

KernelEntry kernel_warp_zeropad() {
    return with_race(warp_family_entry<warp_zeropad_kernel>("warp_zeropad"), race_warp_zeropad, kRaceWarpBarriers);
}

}  // namespace scanviz::kern
