// Race lab: block_blelloch and block_blelloch_padded with one barrier left out
// (kernels/block/block_blelloch.cuh, kKeep): one kernel and one measurement,
// kPadded choosing the layout; race_<variant>.cu instantiates it.
#pragma once

#include "block_blelloch.cuh"
#include "../ops.cuh"
#include "../race/race_common.cuh"

namespace scanviz::kern {

inline constexpr int kRaceBlellochThreads = kRaceBlockN / 2;

template <bool kPadded, uint32_t kKeep>
__global__ void __launch_bounds__(kRaceBlellochThreads) race_blelloch_kernel(const int* in, int* out) {
    __shared__ BlockBlellochStorage<int, kPadded> s;
    const int thid = static_cast<int>(threadIdx.x);
    constexpr int m = kRaceBlockN;
    const long long base = static_cast<long long>(blockIdx.x) * m;
    NoProbe probe;
    for (int e = thid; e < m; e += m / 2) s.temp[blelloch_word(e, kPadded)] = in[base + e];
    __syncthreads();
    block_scan_blelloch<kPadded, int, OpAdd<int>, NoProbe, kKeep>(s, m, false, OpAdd<int>{}, probe);
    for (int e = thid; e < m; e += m / 2) out[base + e] = s.temp[blelloch_word(e, kPadded)];
}

template <bool kPadded>
RaceRow race_blelloch(const RaceCase& c, const gpu::RaceRunConfig& cfg) {
    race::Shape shape{kRaceBlellochThreads, 1, kRaceBlockN, 1024, "block"};
    shape.blocks = race::default_blocks(shape, cfg.blocks);
    RaceRow row;
    race::with_barrier_mask<kRaceBlellochBarriers>(c.barrier, [&](auto mask) {
        row = race::measure(c, shape, cfg, [](const int* in, int* out, int blocks) {
            race_blelloch_kernel<kPadded, decltype(mask)::value><<<blocks, kRaceBlellochThreads>>>(in, out);
        });
    });
    return row;
}

}  // namespace scanviz::kern
