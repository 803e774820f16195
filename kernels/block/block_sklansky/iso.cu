// Isolation kernel of block_sklansky for the SASS view: the routine of
// kernels/block/block_sklansky/block_sklansky.cuh in its simplest instantiation
// (int32 add, inclusive, 128 threads, a tile of 256, NoProbe) between global loads and
// stores, and the same kernel without the routine (base_block_sklansky: the baseline for
// "kernel minus baseline").
#include "kernels/block/block_sklansky/block_sklansky.cuh"
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

inline constexpr int kIsoThreads = 128;

extern "C" __global__ void __launch_bounds__(kIsoThreads) iso_block_sklansky(const int* in, int* out) {
    __shared__ BlockSklanskyStorage<int> s;
    const int t = static_cast<int>(threadIdx.x);
    NoProbe probe;
    s.xy[t] = in[t];
    s.xy[t + kIsoThreads] = in[t + kIsoThreads];
    __syncthreads();
    block_scan_sklansky(s, 2 * kIsoThreads, OpAdd<int>{}, probe);
    out[t] = s.xy[t];
    out[t + kIsoThreads] = s.xy[t + kIsoThreads];
}

extern "C" __global__ void __launch_bounds__(kIsoThreads) base_block_sklansky(const int* in, int* out) {
    __shared__ BlockSklanskyStorage<int> s;
    const int t = static_cast<int>(threadIdx.x);
    s.xy[t] = in[t];
    s.xy[t + kIsoThreads] = in[t + kIsoThreads];
    __syncthreads();
    out[t] = s.xy[t];
    out[t + kIsoThreads] = s.xy[t + kIsoThreads];
}

}  // namespace scanviz::kern
