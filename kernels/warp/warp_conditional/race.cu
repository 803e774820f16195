// Race lab: warp_conditional with one barrier left out (warp_conditional.cuh,
// kKeep), converged or after a data-dependent branch. 8 warps per block, each its own scan.
#include "../../ops.cuh"
#include "warp_conditional.cuh"
#include "../../race/race_common.cuh"

namespace scanviz::kern {
namespace {

constexpr int kThreads = 256;

template <uint32_t kKeep, bool kDiverge>
__global__ void __launch_bounds__(kThreads) race_warp_conditional_kernel(const int* in, int* out) {
    __shared__ int s[kThreads];
    const int tid = static_cast<int>(threadIdx.x);
    const int lane = tid & 31;
    const long long g = static_cast<long long>(blockIdx.x) * kThreads + tid;
    int* s_partials = s + (tid - lane);
    const int x = in[g];
    s_partials[lane] = x;
    __syncwarp();
    out[g] = race::maybe_diverged<kDiverge>(x, [&] {
        NoProbe probe;
        return warp_scan_conditional<int, OpAdd<int>, NoProbe, kKeep>(s_partials, lane, OpAdd<int>{}, probe);
    });
}

}  // namespace

RaceRow race_warp_conditional(const RaceCase& c, const gpu::RaceRunConfig& cfg) {
    return race::measure_warp<kRaceWarpBarriers>(
        c, cfg, kThreads, [](auto mask, auto diverge, const int* in, int* out, int blocks) {
            race_warp_conditional_kernel<decltype(mask)::value, decltype(diverge)::value>
                <<<blocks, kThreads>>>(in, out);
        });
}

}  // namespace scanviz::kern
