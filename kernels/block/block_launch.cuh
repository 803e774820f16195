// Host side shared by the block kernels' launchers: validate the spec, size
// the trace buffer from the model, pick the operator's instantiation, launch
// one block (run_block_variant in launch.cuh does the rest).
#pragma once

#include <stdexcept>

#include "../launch.cuh"
#include "../ops.cuh"
#include "block_kernels.hpp"

namespace scanviz::kern {

// kernel_launch(op, spec, d_in, d_out, buf) launches the variant's kernel for
// the operator functor `op` (OpAdd<int>, ..., OpAdd<float>).
template <class Probe, class KernelLaunch>
Trace launch_block(const RunSpec& given, KernelLaunch kernel_launch) {
    RunSpec spec = given;
    if (auto err = validate_and_resolve(spec)) throw std::invalid_argument(*err);
    const auto& phases = find_variant(spec.variant)->phases;
    const CaptureSize cap = Probe::kOn ? capture_size(spec) : CaptureSize{};
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using T = typename decltype(op)::value_type;
        return run_block_variant<T>(
            spec, Probe::kOn, cap.steps, cap.ops, phases,
            [&](const T* in, T* out, const TraceBuffer& buf) { kernel_launch(op, spec, in, out, buf); });
    });
}

}  // namespace scanviz::kern
