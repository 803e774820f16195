// gpu.hpp for a build without the CUDA toolkit: no kernels, no device; the
// window and the CLI fall back to recordings and the reference models.
#include "gpu.hpp"

#include "core/i18n/i18n.hpp"

namespace scanviz::gpu {

bool built_with_cuda() { return false; }

std::optional<DeviceInfo> find_device(std::string* why_not) {
    if (why_not) *why_not = i18n::tr("this scanviz was built without CUDA");
    return std::nullopt;
}

bool has_kernel(const std::string&) { return false; }

Trace capture(const RunSpec&) { throw CudaError("this scanviz was built without CUDA: no GPU capture"); }

std::vector<double> run(const RunSpec&) { throw CudaError("this scanviz was built without CUDA: no GPU run"); }

GpuCapture trace_capture() {
    GpuCapture g;
    find_device(&g.why_not);
    return g;
}

}  // namespace scanviz::gpu
