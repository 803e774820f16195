// Kernel entry of the variant warp_templated (one warp): the family's kernel (warp_kernel.cuh) around the
// Handbook's scanWarp<T, bZeroPad> with bZeroPad = true, indexed by tid as the Handbook does.
#include "../../race/race_kernels.hpp"
#include "../warp_kernel.cuh"
#include "warp_templated.cuh"

namespace scanviz::kern {
namespace {

struct warp_templated_kernel {  // its name is in the kernel's: ncu matches kernels to variants by name
    using Phases = WarpTemplatedPhases;
    static constexpr WarpStorage kStorage = WarpStorage::ZeroPadded;
    static constexpr bool kByThread = true;
    template <class T, class ScanOp, class Probe>
    static __device__ __forceinline__ void scan(T* s, int tid, ScanOp op, Probe& probe) {
        warp_scan_templated<T, true>(s, tid, op, probe);
    }
};

}  // namespace

// Its race kernels (race.cu, beside this file) put it in the race lab.
RaceRow race_warp_templated(const RaceCase& c, const gpu::RaceRunConfig& cfg);

KernelEntry kernel_warp_templated() {
    return with_race(warp_family_entry<warp_templated_kernel>("warp_templated"), race_warp_templated, kRaceWarpBarriers);
}

}  // namespace scanviz::kern
