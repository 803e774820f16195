// The kernel body of the variants block_raking and block_raking_memoize (one
// block, items per thread): one tile routine, MEMOIZE choosing whether the
// raking threads keep their segment in registers between the sweeps. Each
// variant's .cu wraps it in its own __global__ (ncu's kernels are matched to
// variants by name: core/profile, kernel_name_of) and registers it.
#pragma once

#include "block_launch.cuh"
#include "block_raking.cuh"

namespace scanviz::kern {

template <bool MEMOIZE, class ScanOp, int ITEMS, class Probe>
__device__ __forceinline__ void block_raking_tile(const typename ScanOp::value_type* in,
                                                  typename ScanOp::value_type* out, int n, bool exclusive,
                                                  TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ BlockRakingStorage<T> temp;
    const int tid = static_cast<int>(threadIdx.x);
    const int num_threads = static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    T items[ITEMS];
    load_blocked<ScanOp>(in, n, items);
    if constexpr (Probe::kOn) {
        const RakingGridLayout lay(num_threads);
        for (int w = tid; w < lay.grid; w += num_threads) temp.grid[w] = T(0);  // padding, shown before use
        for (int i = 0; i < ITEMS; ++i) probe.reg(tid * ITEMS + i, items[i]);
        probe.shared(temp.grid, num_threads * ITEMS + num_threads, lay.grid);
        probe.initial();
    }
    block_scan_raking<MEMOIZE>(temp, items, num_threads, exclusive, ScanOp{}, probe);
    store_blocked(out, n, items);
}

}  // namespace scanviz::kern
