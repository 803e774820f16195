// Race lab: the legacy warp-synchronous scan (no barrier to remove: it has
// none), converged or after a data-dependent branch. 8 warps per block.
#include "../../ops.cuh"
#include "warp_legacy_volatile.cuh"
#include "../../race/race_common.cuh"

namespace scanviz::kern {
namespace {

constexpr int kThreads = 256;

template <bool kDiverge>
__global__ void __launch_bounds__(kThreads) race_warp_legacy_kernel(const int* in, int* out) {
    __shared__ int s[kThreads];
    const int tid = static_cast<int>(threadIdx.x);
    const int lane = tid & 31;
    const long long g = static_cast<long long>(blockIdx.x) * kThreads + tid;
    volatile int* s_warp = s + (tid - lane);
    const int x = in[g];
    s_warp[lane] = x;
    out[g] = race::maybe_diverged<kDiverge>(x, [&] {
        NoProbe probe;
        return warp_scan_legacy_volatile<int>(s_warp, lane, OpAdd<int>{}, probe);
    });
}

}  // namespace

RaceRow race_warp_legacy_volatile(const RaceCase& c, const gpu::RaceRunConfig& cfg) {
    if (c.barrier >= 0)
        throw std::invalid_argument("warp_legacy_volatile has no barrier to remove (it relies on lockstep)");
    race::Shape shape{kThreads, kThreads / 32, 32, 256, "warp"};
    shape.blocks = race::default_blocks(shape, cfg.blocks);
    return race::measure(c, shape, cfg, [&](const int* in, int* out, int blocks) {
        if (c.diverged)
            race_warp_legacy_kernel<true><<<blocks, kThreads>>>(in, out);
        else
            race_warp_legacy_kernel<false><<<blocks, kThreads>>>(in, out);
    });
}

}  // namespace scanviz::kern
