// Race lab: warp_templated (bZeroPad = true) with one barrier left out
// (warp_templated.cuh, kKeep), converged or after a
// data-dependent branch. 8 warps per block, each its own scan.
#include "../../ops.cuh"
#include "warp_templated.cuh"
#include "../../race/race_common.cuh"

namespace scanviz::kern {
namespace {

constexpr int kThreads = 256;

template <uint32_t kKeep, bool kDiverge>
__global__ void __launch_bounds__(kThreads) race_warp_templated_kernel(const int* in, int* out) {
    __shared__ int s[scan_shared_words<true>(kThreads)];
    const int tid = static_cast<int>(threadIdx.x);
    const int lane = tid & 31;
    const long long g = static_cast<long long>(blockIdx.x) * kThreads + tid;
    const int x = in[g];
    if (lane < kZeroPadLeading) s[kZeroPadStride * (tid >> 5) + lane] = 0;
    s[scan_shared_index<true>(tid)] = x;
    __syncwarp();
    out[g] = race::maybe_diverged<kDiverge>(x, [&] {
        NoProbe probe;
        return warp_scan_templated<int, true, OpAdd<int>, NoProbe, kKeep>(s, tid, OpAdd<int>{}, probe);
    });
}

}  // namespace

RaceRow race_warp_templated(const RaceCase& c, const gpu::RaceRunConfig& cfg) {
    return race::measure_warp<kRaceWarpBarriers>(
        c, cfg, kThreads, [](auto mask, auto diverge, const int* in, int* out, int blocks) {
            race_warp_templated_kernel<decltype(mask)::value, decltype(diverge)::value>
                <<<blocks, kThreads>>>(in, out);
        });
}

}  // namespace scanviz::kern
