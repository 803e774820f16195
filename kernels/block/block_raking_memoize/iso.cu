// Isolation kernel of block_raking_memoize for the SASS view: the routine of
// kernels/block/block_raking.cuh in its simplest instantiation
// (MEMOIZE = true: int32 add, inclusive, 128 threads, one item each, NoProbe) between a global load and a
// global store, and the same kernel without the routine (base_block_raking_memoize: the baseline for "kernel
// minus baseline").
#include "kernels/block/block_raking.cuh"
#include "kernels/ops.cuh"
#include "kernels/probe.cuh"

namespace scanviz::kern {

inline constexpr int kIsoThreads = 128;

extern "C" __global__ void __launch_bounds__(kIsoThreads) iso_block_raking_memoize(const int* in, int* out) {
    __shared__ BlockRakingStorage<int> temp;
    const int tid = static_cast<int>(threadIdx.x);
    NoProbe probe;
    int items[1] = {in[tid]};
    block_scan_raking<true>(temp, items, kIsoThreads, false, OpAdd<int>{}, probe);
    out[tid] = items[0];
}

extern "C" __global__ void __launch_bounds__(kIsoThreads) base_block_raking_memoize(const int* in, int* out) {
    const int tid = static_cast<int>(threadIdx.x);
    out[tid] = in[tid];
}

}  // namespace scanviz::kern
