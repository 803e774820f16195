// Shared launch plumbing for the variants that run in one thread block:
// upload the input, poison the output, launch, check, decode the trace; and
// the registry entry made from a variant's launcher.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "capture.cuh"
#include "cuda_check.hpp"
#include "ops.cuh"
#include "probe.cuh"
#include "registry.hpp"

namespace scanviz::kern {

// The parts of a trace that describe the run rather than what happened:
// spec, threads, blocks, layout (slot naming, from the variant's model), input,
// heads. Steps, states and output are left empty for the capture to fill.
Trace trace_skeleton(const RunSpec& spec);

// Output buffers are filled with this byte before every launch, so an
// element the kernel forgot to write can never look right.
inline constexpr int kPoisonByte = 0xA5;

// Runs `launch(const T* d_in, T* d_out, const TraceBuffer& buf)` once with the
// spec's input and returns the decoded trace (or, with capture=false, only the
// output in trace.output). `launch` must launch exactly one kernel.
template <class T, class LaunchFn>
Trace run_block_variant(const RunSpec& spec, bool capture, int max_steps, int max_ops,
                        const std::vector<std::string_view>& phases, LaunchFn launch) {
    Trace trace = trace_skeleton(spec);
    const size_t n = trace.input.size();
    DeviceArray<uint32_t> d_in(n), d_out(n);
    d_in.upload(to_words(trace.input, spec.type));
    d_out.fill_bytes(kPoisonByte);
    if (capture) {
        HostTraceBuffer buf(max_steps, trace.threads, trace.layout.slots, max_ops);
        launch(reinterpret_cast<const T*>(d_in.get()), reinterpret_cast<T*>(d_out.get()), buf.device());
        SCANVIZ_CUDA_CHECK_LAUNCH();
        buf.decode(trace, phases);
        stamp_gpu_source(trace);
    } else {
        launch(reinterpret_cast<const T*>(d_in.get()), reinterpret_cast<T*>(d_out.get()), TraceBuffer{});
        SCANVIZ_CUDA_CHECK_LAUNCH();
    }
    trace.output = from_words(d_out.download(), spec.type);
    return trace;
}

// The probe a launcher instantiates its kernel with, as a value:
// launch(spec, ProbeTag<TraceProbe>{}) captures, ProbeTag<NoProbe>{} only runs.
template <class Probe>
struct ProbeTag {
    using type = Probe;
};

// The registry entry of variant `id` whose launcher is `launch(spec, probe_tag)`
// (a lambda without captures): capture runs it with TraceProbe, run with
// NoProbe and keeps the output.
template <class Launch>
KernelEntry make_kernel_entry(std::string_view id, Launch) {
    return {id, [](const RunSpec& s) { return Launch{}(s, ProbeTag<TraceProbe>{}); },
            [](const RunSpec& s) { return Launch{}(s, ProbeTag<NoProbe>{}).output; }};
}

}  // namespace scanviz::kern
