// Kernel and launcher of the variant warp_legacy_volatile (one warp): no
// barrier anywhere in the NoProbe instantiation, not even after the load.
#include "../launch.cuh"
#include "../registry.hpp"
#include "core/models/variants.hpp"
#include "warp_common.cuh"
#include "warp_kernels.hpp"
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

template <class Probe>
Trace launch(const RunSpec& spec) {
    const auto& phases = find_variant(spec.variant)->phases;
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using ScanOp = decltype(op);
        using T = typename ScanOp::value_type;
        return run_block_variant<T>(
            spec, Probe::kOn, 8, 2, phases, [&](const T* in, T* out, const TraceBuffer& buf) {
                warp_legacy_volatile_kernel<ScanOp, Probe><<<1, 32>>>(in, out, spec.exclusive, buf);
            });
    });
}

}  // namespace

KernelEntry kernel_warp_legacy_volatile() {
    return {"warp_legacy_volatile", [](const RunSpec& s) { return launch<TraceProbe>(s); },
            [](const RunSpec& s) { return launch<NoProbe>(s).output; }};
}

}  // namespace scanviz::kern
