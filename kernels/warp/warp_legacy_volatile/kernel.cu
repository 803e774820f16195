// Kernel of the variant warp_legacy_volatile (one warp): no
// barrier anywhere in the NoProbe instantiation, not even after the load.
#include "../../race/race_kernels.hpp"
#include "../warp_common.cuh"
#include "../warp_launch.cuh"
#include "warp_legacy_volatile.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void warp_legacy_volatile_kernel(const typename ScanOp::value_type* in,
                                            typename ScanOp::value_type* out, bool exclusive,
                                            TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ T s_partials[32];
    volatile T* s_warp = s_partials;
    const int lane = threadIdx.x & 31;
    Probe probe = make_probe<Probe>(buf, false);
    s_warp[lane] = in[lane];
    probe.shared(s_partials, 0, 32);
    probe.initial();
    T result = warp_scan_legacy_volatile(s_warp, lane, ScanOp{}, probe);
    if (exclusive) result = warp_exclusive_shift_legacy<T, ScanOp>(s_warp, lane, probe);
    out[lane] = result;
}

}  // namespace

// Its race kernels (race.cu, beside this file) put it in the race lab.
RaceRow race_warp_legacy_volatile(const RaceCase& c, const gpu::RaceRunConfig& cfg);

KernelEntry kernel_warp_legacy_volatile() {
    return with_race(warp_kernel_entry("warp_legacy_volatile",
                                       []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
                                           return warp_legacy_volatile_kernel<ScanOp, Probe>;
                                       }),
                     race_warp_legacy_volatile, kRaceLegacyBarriers);
}

}  // namespace scanviz::kern
