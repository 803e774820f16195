// The kernels library's public entry points (gpu.hpp) over the kernel registry.
#include <cuda_runtime.h>

#include <stdexcept>

#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"
#include "cuda_check.hpp"
#include "gpu.hpp"
#include "launch.cuh"
#include "registry.hpp"

namespace scanviz::kern {

const KernelEntry* find_kernel(std::string_view id) {
    static const std::vector<KernelEntry> all = registered_kernels();
    for (const auto& e : all)
        if (e.id == id) return &e;
    return nullptr;
}

}  // namespace scanviz::kern

namespace scanviz::gpu {
namespace {

const kern::KernelEntry& entry(const std::string& id) {
    if (const kern::KernelEntry* e = kern::find_kernel(id)) return *e;
    throw std::invalid_argument("no GPU kernel for variant '" + id + "'");
}

std::string version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

}  // namespace

bool built_with_cuda() { return true; }

std::optional<DeviceInfo> find_device(std::string* why_not) {
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
        if (why_not) {
            if (err == cudaErrorNoDevice || (err == cudaSuccess && count == 0))
                *why_not = i18n::tr("no CUDA device found");
            else if (err == cudaErrorInsufficientDriver)
                *why_not = i18n::tr("no CUDA driver (or one older than this build needs)");
            else
                *why_not = i18n::format(i18n::tr("no CUDA device: %s"), cudaGetErrorString(err));
        }
        cudaGetLastError();  // clear the sticky error so later calls start clean
        return std::nullopt;
    }
    cudaDeviceProp prop{};
    SCANVIZ_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    DeviceInfo info;
    info.name = prop.name;
    info.sm_major = prop.major;
    info.sm_minor = prop.minor;
    info.sm_count = prop.multiProcessorCount;
    info.memory_bytes = prop.totalGlobalMem;
    int driver = 0, runtime = 0;
    SCANVIZ_CUDA_CHECK(cudaDriverGetVersion(&driver));
    SCANVIZ_CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
    info.driver = version_string(driver);
    info.runtime = version_string(runtime);
    return info;
}

bool has_kernel(const std::string& variant) { return kern::find_kernel(variant) != nullptr; }

Trace capture(const RunSpec& spec) { return entry(spec.variant).capture(spec); }

std::vector<double> run(const RunSpec& spec) { return entry(spec.variant).run(spec); }

GpuCapture trace_capture() {
    GpuCapture g;
    const auto device = find_device(&g.why_not);
    if (!device) return g;
    g.device = device->name;
    g.sm = device->sm();
    g.has_kernel = [](const std::string& variant) { return has_kernel(variant); };
    g.capture = [](const RunSpec& spec) { return capture(spec); };
    return g;
}

}  // namespace scanviz::gpu

namespace scanviz::kern {

Trace trace_skeleton(const RunSpec& spec) {
    Trace t = run_model(spec);
    t.steps.clear();
    t.initial_state.clear();
    t.output.clear();
    t.source = TraceSource{};
    return t;
}

}  // namespace scanviz::kern
