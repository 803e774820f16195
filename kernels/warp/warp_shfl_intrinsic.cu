// Kernel of the variant warp_shfl_intrinsic (one warp).
#include "warp_common.cuh"
#include "warp_kernels.hpp"
#include "warp_launch.cuh"
#include "warp_shfl_intrinsic.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void warp_shfl_intrinsic_kernel(const typename ScanOp::value_type* in,
                                           typename ScanOp::value_type* out, bool exclusive,
                                           TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    const int lane = threadIdx.x & 31;
    Probe probe = make_probe<Probe>(buf, false);
    T x = in[lane];
    probe.reg(lane, x);
    probe.initial();
    x = warp_scan_shfl_intrinsic<T>(x, lane, ScanOp{}, probe);
    if (exclusive)
        x = warp_exclusive_shift_shfl<T, ScanOp>(x, lane, WarpShflIntrinsicPhases::kExclusiveShift, probe);
    out[lane] = x;
}

}  // namespace

KernelEntry kernel_warp_shfl_intrinsic() {
    return warp_kernel_entry("warp_shfl_intrinsic", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return warp_shfl_intrinsic_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
