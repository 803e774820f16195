// decoupled_lookback.hpp in a build without the tuned scan (no CUDA, or SCANVIZ_BENCH off): every
// entry point says so.
#include <stdexcept>

#include "decoupled_lookback.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::gpu {

namespace {
[[noreturn]] void no_cuda() { throw CudaError(
        "this scanviz was built without the tuned single-pass scan (it needs CUDA, and -DSCANVIZ_BENCH=ON where "
        "the build machine has no GPU)"); }
}  // namespace

std::vector<uint32_t> lookback_scan(const std::vector<uint32_t>&, ValueType, Op, bool, int, LookbackTuningId) {
    no_cuda();
}
LookbackTimeline capture_lookback_timeline(int64_t, uint64_t) { no_cuda(); }
LookbackShape lookback_tuned_shape(ValueType, LookbackTuningId) { no_cuda(); }

}  // namespace scanviz::gpu
