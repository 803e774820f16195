// Kernel of the variant block_raking_memoize (block_raking_kernel.cuh with MEMOIZE = true).
#include "../../tile.cuh"
#include "../block_raking_kernel.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, int ITEMS, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_raking_memoize_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out,
                                int n, bool exclusive, TraceBuffer buf) {
    in += tile_offset(n);  // this block's tile (kernels/tile.cuh)
    out += tile_offset(n);
    block_raking_tile<true, ScanOp, ITEMS, Probe>(in, out, n, exclusive, buf);
}

}  // namespace

KernelEntry kernel_block_raking_memoize() {
    return block_kernel_entry("block_raking_memoize", []<class ScanOp, int ITEMS, class Probe>(
                                                          ScanOp, ItemsTag<ITEMS>, ProbeTag<Probe>) {
        return block_raking_memoize_kernel<ScanOp, ITEMS, Probe>;
    });
}

}  // namespace scanviz::kern
