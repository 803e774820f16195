// Isolation kernel of block_hillis_steele for the SASS view: the routine of
// kernels/block/block_hillis_steele/block_hillis_steele.cuh in its simplest instantiation
// (int32 add, inclusive, 128 threads, NoProbe) between a global load and a global store, and the same kernel
// without the routine (base_block_hillis_steele: the baseline for "kernel minus baseline").
#include "kernels/block/block_hillis_steele/block_hillis_steele.cuh"
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

inline constexpr int kIsoThreads = 128;

extern "C" __global__ void __launch_bounds__(kIsoThreads) iso_block_hillis_steele(const int* in, int* out) {
    __shared__ BlockHillisSteeleStorage<int> s;
    const int tid = static_cast<int>(threadIdx.x);
    NoProbe probe;
    s.temp[tid] = in[tid];
    __syncthreads();
    out[tid] = block_scan_hillis_steele(s, kIsoThreads, OpAdd<int>{}, probe);
}

extern "C" __global__ void __launch_bounds__(kIsoThreads) base_block_hillis_steele(const int* in, int* out) {
    __shared__ BlockHillisSteeleStorage<int> s;
    const int tid = static_cast<int>(threadIdx.x);
    s.temp[tid] = in[tid];
    __syncthreads();
    out[tid] = s.temp[tid];
}

}  // namespace scanviz::kern
