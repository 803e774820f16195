// Host side shared by the warp kernels' launchers: one warp of 32 threads,
// the trace buffer sized for a warp scan, the operator's instantiation
// (run_block_variant in launch.cuh does the rest), and the registry entry.
#pragma once

#include <string_view>

#include "../launch.cuh"
#include "../ops.cuh"
#include "../registry.hpp"
#include "core/models/variants.hpp"

namespace scanviz::kern {

// Trace buffer of a warp capture: steps (initial, five scan steps, the
// exclusive shift, one spare) and operations one lane does in one step.
inline constexpr int kWarpCaptureSteps = 8;
inline constexpr int kWarpCaptureOps = 2;

// Launches `kernel(in, out, spec.exclusive, buf)` on one warp, the kernel
// being kernel_of(ScanOp{}, ProbeTag<Probe>{}) for the spec's operator
// functor ScanOp (OpAdd<int>, ..., OpAdd<float>).
template <class Probe, class KernelOf>
Trace launch_warp(const RunSpec& spec, KernelOf kernel_of) {
    const auto& phases = find_variant(spec.variant)->phases;
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using ScanOp = decltype(op);
        using T = typename ScanOp::value_type;
        const auto kernel = kernel_of(op, ProbeTag<Probe>{});
        return run_block_variant<T>(spec, Probe::kOn, kWarpCaptureSteps, kWarpCaptureOps, phases,
                                    [&](const T* in, T* out, const TraceBuffer& buf) {
                                        kernel<<<1, 32>>>(in, out, spec.exclusive, buf);
                                    });
    });
}

// The registry entry of a one-warp variant. KernelOf is a lambda without
// captures that names the variant's kernel for an operator and a probe:
//   []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) { return warp_zeropad_kernel<ScanOp, Probe>; }
template <class KernelOf>
KernelEntry warp_kernel_entry(std::string_view id, KernelOf) {
    return make_kernel_entry(id, []<class Probe>(const RunSpec& spec, ProbeTag<Probe>) {
        return launch_warp<Probe>(spec, KernelOf{});
    });
}

}  // namespace scanviz::kern
