// The kernels library's one public header: plain C++, core types only.
// Everything CUDA stays behind it (.cu files), so the CLI and the window
// never include a CUDA header.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/run/runner.hpp"
#include "core/trace/run_spec.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::gpu {

// A failing CUDA call: the message names the call, the file and the line.
class CudaError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct DeviceInfo {
    std::string name;          // "NVIDIA H100 80GB HBM3"
    int sm_major = 0, sm_minor = 0;
    int sm_count = 0;
    uint64_t memory_bytes = 0;
    std::string driver;        // "13.0" (from cudaDriverGetVersion)
    std::string runtime;       // "13.0"
    std::string sm() const { return "sm_" + std::to_string(sm_major * 10 + sm_minor); }
};

// True when this build has the CUDA kernels compiled in.
bool built_with_cuda();

// Looks for a device. No device is not an error: returns nothing and says why
// in `why_not` ("no CUDA driver", "no device", "built without CUDA").
std::optional<DeviceInfo> find_device(std::string* why_not = nullptr);

// True when a GPU kernel exists for this variant.
bool has_kernel(const std::string& variant);

// Instrumented run: the trace of what the GPU did (source.kind = "gpu").
// The spec must be validated (validate_and_resolve) first. Throws CudaError.
Trace capture(const RunSpec& spec);

// Uninstrumented run: the output only. Throws CudaError.
std::vector<double> run(const RunSpec& spec);

// What the Runner (core/run/runner.hpp) is lent: the device found (find_device) with
// has_kernel and capture, or no capture and why not. Throws CudaError when the device
// is there but cannot be queried.
GpuCapture trace_capture();

}  // namespace scanviz::gpu
