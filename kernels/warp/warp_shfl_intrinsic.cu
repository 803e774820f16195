// Kernel and launcher of the variant warp_shfl_intrinsic (one warp).
#include "../launch.cuh"
#include "../registry.hpp"
#include "core/models/variants.hpp"
#include "warp_common.cuh"
#include "warp_kernels.hpp"
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

template <class Probe>
Trace launch(const RunSpec& spec) {
    const auto& phases = find_variant(spec.variant)->phases;
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using ScanOp = decltype(op);
        using T = typename ScanOp::value_type;
        return run_block_variant<T>(
            spec, Probe::kOn, 8, 2, phases, [&](const T* in, T* out, const TraceBuffer& buf) {
                warp_shfl_intrinsic_kernel<ScanOp, Probe><<<1, 32>>>(in, out, spec.exclusive, buf);
            });
    });
}

}  // namespace

KernelEntry kernel_warp_shfl_intrinsic() {
    return {"warp_shfl_intrinsic", [](const RunSpec& s) { return launch<TraceProbe>(s); },
            [](const RunSpec& s) { return launch<NoProbe>(s).output; }};
}

}  // namespace scanviz::kern
