// Isolation kernel of block_blelloch_padded for the SASS view: the routine of
// kernels/block/block_blelloch.cuh in its simplest instantiation
// (PADDED = true: int32 add, inclusive, a tile of 256 over 128 threads, NoProbe) between a global load and a
// global store, and the same kernel without the routine (base_block_blelloch_padded: the baseline for "kernel
// minus baseline").
#include "kernels/block/block_blelloch.cuh"
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

inline constexpr int kIsoThreads = 128;
inline constexpr int kIsoTile = 2 * kIsoThreads;

extern "C" __global__ void __launch_bounds__(kIsoThreads) iso_block_blelloch_padded(const int* in, int* out) {
    __shared__ BlockBlellochStorage<int, true> s;
    const int tid = static_cast<int>(threadIdx.x);
    NoProbe probe;
    s.temp[blelloch_word(tid, true)] = in[tid];
    s.temp[blelloch_word(tid + kIsoThreads, true)] = in[tid + kIsoThreads];
    __syncthreads();
    block_scan_blelloch<true>(s, kIsoTile, false, OpAdd<int>{}, probe);
    __syncthreads();
    out[tid] = s.temp[blelloch_word(tid, true)];
    out[tid + kIsoThreads] = s.temp[blelloch_word(tid + kIsoThreads, true)];
}

extern "C" __global__ void __launch_bounds__(kIsoThreads)
    base_block_blelloch_padded(const int* in, int* out) {
    __shared__ BlockBlellochStorage<int, true> s;
    const int tid = static_cast<int>(threadIdx.x);
    s.temp[blelloch_word(tid, true)] = in[tid];
    s.temp[blelloch_word(tid + kIsoThreads, true)] = in[tid + kIsoThreads];
    __syncthreads();
    __syncthreads();
    out[tid] = s.temp[blelloch_word(tid, true)];
    out[tid + kIsoThreads] = s.temp[blelloch_word(tid + kIsoThreads, true)];
}

}  // namespace scanviz::kern
