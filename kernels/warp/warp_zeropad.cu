// Kernel of the variant warp_zeropad (one warp).
#include "warp_common.cuh"
#include "warp_kernels.hpp"
#include "warp_launch.cuh"
#include "warp_zeropad.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void warp_zeropad_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out,
                                    bool exclusive, TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ T s_partials[scan_shared_words<true>(32)];
    const int lane = threadIdx.x & 31;
    const int idx = scan_shared_index<true>(lane);
    Probe probe = make_probe<Probe>(buf, false);
    // The Handbook's padding fill (13.5.1): each lane writes the word 16 before
    // its own; lanes 16..31 hit partials that the load below overwrites.
    s_partials[idx - kZeroPadLeading] = ScanOp::identity();
    if (lane == 0) s_partials[kZeroPadStride - 1] = ScanOp::identity();  // the spare word
    __syncwarp();
    s_partials[idx] = in[lane];
    __syncwarp();  // padding and every lane's input are in place before any lane reads a partner
    probe.shared(s_partials, 0, kZeroPadStride);
    probe.initial();
    warp_scan_zeropad(s_partials, lane, ScanOp{}, probe);
    if (exclusive) warp_exclusive_shift_padded(s_partials, lane, WarpZeropadPhases::kExclusiveShift, probe);
    out[lane] = s_partials[idx];
}

}  // namespace

KernelEntry kernel_warp_zeropad() {
    return warp_kernel_entry("warp_zeropad", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return warp_zeropad_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
