// Isolation kernel of block_brent_kung for the SASS view: the routine of
// kernels/block/block_brent_kung/block_brent_kung.cuh in its simplest instantiation
// (int32 add, inclusive, 128 threads, a tile of 256, NoProbe) between global loads and
// stores, and the same kernel without the routine (base_block_brent_kung: the baseline for
// "kernel minus baseline").
#include "kernels/block/block_brent_kung/block_brent_kung.cuh"
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

inline constexpr int kIsoThreads = 128;

extern "C" __global__ void __launch_bounds__(kIsoThreads) iso_block_brent_kung(const int* in, int* out) {
    __shared__ BlockBrentKungStorage<int> s;
    const int t = static_cast<int>(threadIdx.x);
    NoProbe probe;
    s.xy[t] = in[t];
    s.xy[t + kIsoThreads] = in[t + kIsoThreads];
    __syncthreads();
    block_scan_brent_kung(s, 2 * kIsoThreads, OpAdd<int>{}, probe);
    out[t] = s.xy[t];
    out[t + kIsoThreads] = s.xy[t + kIsoThreads];
}

extern "C" __global__ void __launch_bounds__(kIsoThreads) base_block_brent_kung(const int* in, int* out) {
    __shared__ BlockBrentKungStorage<int> s;
    const int t = static_cast<int>(threadIdx.x);
    s.xy[t] = in[t];
    s.xy[t + kIsoThreads] = in[t + kIsoThreads];
    __syncthreads();
    out[t] = s.xy[t];
    out[t + kIsoThreads] = s.xy[t + kIsoThreads];
}

}  // namespace scanviz::kern
