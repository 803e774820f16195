// Kernel and launcher of the variant warp_conditional (one warp).
#include "../launch.cuh"
#include "../registry.hpp"
#include "core/models/variants.hpp"
#include "warp_common.cuh"
#include "warp_conditional.cuh"
#include "warp_kernels.hpp"

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

template <class Probe>
Trace launch(const RunSpec& spec) {
    const auto& phases = find_variant(spec.variant)->phases;
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using ScanOp = decltype(op);
        using T = typename ScanOp::value_type;
        return run_block_variant<T>(
            spec, Probe::kOn, 8, 2, phases, [&](const T* in, T* out, const TraceBuffer& buf) {
                warp_conditional_kernel<ScanOp, Probe><<<1, 32>>>(in, out, spec.exclusive, buf);
            });
    });
}

}  // namespace

KernelEntry kernel_warp_conditional() {
    return {"warp_conditional", [](const RunSpec& s) { return launch<TraceProbe>(s); },
            [](const RunSpec& s) { return launch<NoProbe>(s).output; }};
}

}  // namespace scanviz::kern
