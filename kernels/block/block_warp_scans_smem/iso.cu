// Isolation kernel of block_warp_scans_smem for the SASS view: the routine of
// kernels/block/block_warp_scans_smem/block_warp_scans_smem.cuh in its simplest instantiation
// (int32 add, inclusive, 128 threads, NoProbe) between a global load and a global store, and the same kernel
// without the routine (base_block_warp_scans_smem: the baseline for "kernel minus baseline").
#include "kernels/block/block_warp_scans_smem/block_warp_scans_smem.cuh"
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

inline constexpr int kIsoThreads = 128;

extern "C" __global__ void __launch_bounds__(kIsoThreads) iso_block_warp_scans_smem(const int* in, int* out) {
    __shared__ BlockWarpScansSmemStorage<int> s;
    const int tid = static_cast<int>(threadIdx.x);
    NoProbe probe;
    s.data[tid] = in[tid];
    __syncthreads();
    block_scan_warp_scans_smem(s, kIsoThreads, false, OpAdd<int>{}, probe);
    __syncthreads();
    out[tid] = s.data[tid];
}

extern "C" __global__ void __launch_bounds__(kIsoThreads)
    base_block_warp_scans_smem(const int* in, int* out) {
    __shared__ BlockWarpScansSmemStorage<int> s;
    const int tid = static_cast<int>(threadIdx.x);
    s.data[tid] = in[tid];
    __syncthreads();
    __syncthreads();
    out[tid] = s.data[tid];
}

}  // namespace scanviz::kern
