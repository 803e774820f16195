// Isolation kernel of block_warp_scans for the SASS view: the routine of
// kernels/block/block_warp_scans.cuh in its simplest instantiation (int32 add, inclusive, 128 threads, one
// item per thread, NoProbe) between a global load and a global store, and the same kernel without the routine
// (base_block_warp_scans: the baseline for "kernel minus baseline").
#include "kernels/block/block_warp_scans.cuh"
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

inline constexpr int kIsoBlockThreads = 128;

extern "C" __global__ void __launch_bounds__(kIsoBlockThreads) iso_block_warp_scans(const int* in, int* out) {
    __shared__ BlockWarpScansStorage<int> temp;
    const int tid = static_cast<int>(threadIdx.x);
    NoProbe probe;
    int items[1] = {in[tid]};
    block_scan_warp_scans(temp, items, kIsoBlockThreads, false, OpAdd<int>{}, probe);
    out[tid] = items[0];
}

extern "C" __global__ void __launch_bounds__(kIsoBlockThreads)
    base_block_warp_scans(const int* in, int* out) {
    const int tid = static_cast<int>(threadIdx.x);
    out[tid] = in[tid];
}

}  // namespace scanviz::kern
