// Kernel and launcher of the variant warp_templated (one warp): the
// Handbook's scanWarp<T, bZeroPad> instantiated with bZeroPad = true.
#include "../launch.cuh"
#include "../registry.hpp"
#include "core/models/variants.hpp"
#include "warp_common.cuh"
#include "warp_kernels.hpp"
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

template <class Probe>
Trace launch(const RunSpec& spec) {
    const auto& phases = find_variant(spec.variant)->phases;
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using ScanOp = decltype(op);
        using T = typename ScanOp::value_type;
        return run_block_variant<T>(
            spec, Probe::kOn, 8, 2, phases, [&](const T* in, T* out, const TraceBuffer& buf) {
                warp_templated_kernel<ScanOp, Probe><<<1, 32>>>(in, out, spec.exclusive, buf);
            });
    });
}

}  // namespace

KernelEntry kernel_warp_templated() {
    return {"warp_templated", [](const RunSpec& s) { return launch<TraceProbe>(s); },
            [](const RunSpec& s) { return launch<NoProbe>(s).output; }};
}

}  // namespace scanviz::kern
