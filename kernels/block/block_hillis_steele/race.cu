// Race lab: block_hillis_steele with one barrier left out, or written with one
// buffer instead of two (kernels/block/block_hillis_steele/block_hillis_steele.cuh, kKeep / kOneBuffer).
#include "block_hillis_steele.cuh"
#include "../../ops.cuh"
#include "../../race/race_common.cuh"

namespace scanviz::kern {
namespace {

template <uint32_t kKeep, bool kOneBuffer>
__global__ void __launch_bounds__(kRaceBlockN) race_hillis_steele_kernel(const int* in, int* out) {
    __shared__ BlockHillisSteeleStorage<int> s;
    const int tid = static_cast<int>(threadIdx.x);
    const long long base = static_cast<long long>(blockIdx.x) * kRaceBlockN;
    NoProbe probe;
    s.temp[tid] = in[base + tid];
    __syncthreads();
    out[base + tid] = block_scan_hillis_steele<int, OpAdd<int>, NoProbe, kKeep, kOneBuffer>(
        s, kRaceBlockN, OpAdd<int>{}, probe);
}

}  // namespace

RaceRow race_block_hillis_steele(const RaceCase& c, const gpu::RaceRunConfig& cfg) {
    race::Shape shape{kRaceBlockN, 1, kRaceBlockN, 1024, "block"};
    shape.blocks = race::default_blocks(shape, cfg.blocks);
    if (c.one_buffer)
        return race::measure(c, shape, cfg, [](const int* in, int* out, int blocks) {
            race_hillis_steele_kernel<kAllBarriers, true><<<blocks, kRaceBlockN>>>(in, out);
        });
    RaceRow row;
    race::with_barrier_mask<kRaceHillisSteeleBarriers>(c.barrier, [&](auto mask) {
        row = race::measure(c, shape, cfg, [](const int* in, int* out, int blocks) {
            race_hillis_steele_kernel<decltype(mask)::value, false><<<blocks, kRaceBlockN>>>(in, out);
        });
    });
    return row;
}

}  // namespace scanviz::kern
