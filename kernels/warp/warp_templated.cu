// Kernel of the variant warp_templated (one warp): the
// Handbook's scanWarp<T, bZeroPad> instantiated with bZeroPad = true.
#include "warp_common.cuh"
#include "warp_kernels.hpp"
#include "warp_launch.cuh"
#include "warp_templated.cuh"

namespace scanviz::kern {
namespace {

inline constexpr bool kZeroPad = true;  // the layout this variant shows (see warp_templated.cuh)

template <class ScanOp, class Probe>
__global__ void warp_templated_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out,
                                      bool exclusive, TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ T s_partials[scan_shared_words<kZeroPad>(32)];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int idx = scan_shared_index<kZeroPad>(tid);
    Probe probe = make_probe<Probe>(buf, false);
    s_partials[idx - kZeroPadLeading] = ScanOp::identity();  // padding fill, as in warp_zeropad.cu
    if (lane == 0) s_partials[kZeroPadStride - 1] = ScanOp::identity();
    __syncwarp();
    s_partials[idx] = in[tid];
    __syncwarp();
    probe.shared(s_partials, 0, kZeroPadStride);
    probe.initial();
    warp_scan_templated<T, kZeroPad>(s_partials, tid, ScanOp{}, probe);
    if (exclusive) warp_exclusive_shift_padded(s_partials, lane, WarpTemplatedPhases::kExclusiveShift, probe);
    out[tid] = s_partials[idx];
}

}  // namespace

KernelEntry kernel_warp_templated() {
    return warp_kernel_entry("warp_templated", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return warp_templated_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
