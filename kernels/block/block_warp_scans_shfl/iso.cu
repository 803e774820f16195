// Isolation kernel of block_warp_scans_shfl for the SASS view: the routine of
// kernels/block/block_warp_scans_shfl/block_warp_scans_shfl.cuh in its simplest instantiation
// (int32 add, inclusive, 128 threads, NoProbe) between a global load and a global store, and the same kernel
// without the routine (base_block_warp_scans_shfl: the baseline for "kernel minus baseline").
#include "kernels/block/block_warp_scans_shfl/block_warp_scans_shfl.cuh"
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

inline constexpr int kIsoThreads = 128;

extern "C" __global__ void __launch_bounds__(kIsoThreads) iso_block_warp_scans_shfl(const int* in, int* out) {
    __shared__ BlockWarpScansShflStorage<int> s;
    const int tid = static_cast<int>(threadIdx.x);
    NoProbe probe;
    out[tid] = block_scan_warp_scans_shfl(s, in[tid], kIsoThreads, false, OpAdd<int>{}, probe);
}

extern "C" __global__ void __launch_bounds__(kIsoThreads)
    base_block_warp_scans_shfl(const int* in, int* out) {
    const int tid = static_cast<int>(threadIdx.x);
    out[tid] = in[tid];
}

}  // namespace scanviz::kern
