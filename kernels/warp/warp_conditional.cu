// Kernel of the variant warp_conditional (one warp).
#include "warp_common.cuh"
#include "warp_conditional.cuh"
#include "warp_kernels.hpp"
#include "warp_launch.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void warp_conditional_kernel(const typename ScanOp::value_type* in,
                                        typename ScanOp::value_type* out, bool exclusive, TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ T s_partials[32];
    const int lane = threadIdx.x & 31;
    Probe probe = make_probe<Probe>(buf, false);
    s_partials[lane] = in[lane];
    __syncwarp();  // every lane's input is in shared memory before any lane reads a partner
    probe.shared(s_partials, 0, 32);
    probe.initial();
    warp_scan_conditional(s_partials, lane, ScanOp{}, probe);
    if (exclusive)
        warp_exclusive_shift<T, ScanOp>(s_partials, lane, WarpConditionalPhases::kExclusiveShift, probe);
    out[lane] = s_partials[lane];
}

}  // namespace

KernelEntry kernel_warp_conditional() {
    return warp_kernel_entry("warp_conditional", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return warp_conditional_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
