// bench.hpp in a build without the harness (no CUDA, or SCANVIZ_BENCH off: the default on a
// machine with no GPU): the variants are known, running them is not possible.
#include <stdexcept>

#include "bench.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::bench {

std::vector<std::string> bench_variants() { return default_bench_variants(); }

std::vector<std::string> default_bench_variants() {
    std::vector<std::string> v = {std::string(our_scan()), std::string(kBenchCub), std::string(kBenchThrust),
                                  std::string(kBenchMemcpy), std::string(kBenchCopy)};
    for (auto& t : tile_bench_variants()) v.push_back(std::move(t));
    return v;
}

// Without the harness neither list runs (the no-CUDA build has no kernels to ask).
std::vector<std::string> tile_bench_variants() { return {}; }
std::vector<std::string> multipass_bench_variants() { return {}; }

LookbackDeviceFacts current_device_facts() {
    throw gpu::CudaError("this scanviz was built without the benchmark harness: no device to read");
}

BenchReport run_bench(const BenchConfig&, const ProgressFn&) {
    throw gpu::CudaError(
        "this scanviz was built without the benchmark harness (it needs CUDA, and -DSCANVIZ_BENCH=ON where "
        "the build machine has no GPU); use --from FILE to read results");
}

}  // namespace scanviz::bench
