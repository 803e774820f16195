// bench.hpp in a build without CUDA: the variants are known, running them is not possible.
#include <stdexcept>

#include "bench.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::bench {

std::vector<std::string> bench_variants() { return default_bench_variants(); }

std::vector<std::string> default_bench_variants() {
    return {std::string(our_scan()), std::string(kBenchCub), std::string(kBenchThrust),
            std::string(kBenchMemcpy), std::string(kBenchCopy)};
}

LookbackDeviceFacts current_device_facts() {
    throw gpu::CudaError("scanviz was built without CUDA: no device to read");
}

BenchReport run_bench(const BenchConfig&, const ProgressFn&) {
    throw gpu::CudaError(
        "scanviz was built without CUDA: the benchmark needs a GPU build (use --from FILE to read results)");
}

}  // namespace scanviz::bench
