// The Runner: RunSpec in, Trace out, from the GPU, the open recording or the
// reference model, in one order that the window and every command share.
//
// The order (Runner::choose), for a spec that validate_and_resolve accepted:
//   1. A forced source, when the caller asks for one (scanviz trace --backend gpu|model):
//      the GPU (which must be present and have a kernel for the variant) or the model.
//   2. The GPU, when a device is present and it has a kernel for the variant.
//   3. The open recording, when there is no device and it holds the spec (a device
//      present runs live: the GPU where it has a kernel, else the model).
//   4. The reference model.
// The reason goes into the trace's source (trace.hpp; run/badge.hpp words it):
//   - from the GPU: kind "gpu" with the device (the capture sets it);
//   - from the recording: as_recorded(): kind "recording", its device and date;
//   - the model while a recording is open: note "this input is not in the recording
//     of <GPU>: reference model shown";
//   - the model after a failed GPU capture (OnGpuError::Model, what the window does):
//     note "GPU capture failed (<error>); reference model shown".
// why_not_gpu() says why a variant does not run on the GPU here ("no GPU: <why>",
// "no GPU kernel for this variant yet"), for the line beside the model's traces.
//
// GPU capture is injected (GpuCapture, lent by the kernels library through
// gpu::trace_capture()), so scanviz_core builds and links with no CUDA at all.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/recording/recording.hpp"
#include "core/trace/run_spec.hpp"
#include "core/trace/trace.hpp"

namespace scanviz {

// What the kernels library lends the Runner: the device it found and its capture.
// Without a capture (no device, or a build without CUDA) `why_not` says why.
struct GpuCapture {
    std::string device;   // "NVIDIA H100 80GB HBM3"
    std::string sm;       // "sm_90"
    std::string why_not;  // "no CUDA device found", "this scanviz was built without CUDA"
    // True when a GPU kernel exists for the variant; unset = every variant.
    std::function<bool(const std::string& variant)> has_kernel;
    // The instrumented run (source.kind = "gpu"); throws on a failing CUDA call.
    std::function<Trace(const RunSpec&)> capture;
    bool present() const { return static_cast<bool>(capture); }
};

// Where a trace comes from; Auto = the order above.
enum class RunSource { Auto, Gpu, Recording, Model };

// What run() does when the GPU capture throws: pass the error on (the commands:
// one line and a non-zero exit) or show the model with a note (the window).
enum class OnGpuError { Throw, Model };

std::string_view to_string(RunSource s);

class Runner {
public:
    Runner() = default;  // no GPU, no recording: the reference model
    explicit Runner(GpuCapture gpu, OnGpuError on_gpu_error = OnGpuError::Throw);

    void set_gpu(GpuCapture gpu) { gpu_ = std::move(gpu); }
    void set_recording(std::shared_ptr<const Recording> recording) { recording_ = std::move(recording); }
    void set_on_gpu_error(OnGpuError e) { on_gpu_error_ = e; }

    const GpuCapture& gpu() const { return gpu_; }
    const std::shared_ptr<const Recording>& recording() const { return recording_; }
    bool gpu_present() const { return gpu_.present(); }
    // True when the GPU is present and has a kernel for the variant.
    bool gpu_runs(const std::string& variant) const;
    // Why the variant does not run on the GPU here; empty when it does.
    std::string why_not_gpu(const std::string& variant) const;

    // The source run(spec) takes (Auto resolved; never Auto).
    RunSource choose(const RunSpec& spec, RunSource force = RunSource::Auto) const;
    // The trace of a validated spec from the source chosen, its reason in trace.source.
    // Forcing the GPU where it cannot run, or the recording where it lacks the spec,
    // throws std::runtime_error with one line; so do the model and the capture.
    Trace run(const RunSpec& spec, RunSource force = RunSource::Auto) const;

private:
    GpuCapture gpu_;
    std::shared_ptr<const Recording> recording_;
    OnGpuError on_gpu_error_ = OnGpuError::Throw;
};

}  // namespace scanviz
