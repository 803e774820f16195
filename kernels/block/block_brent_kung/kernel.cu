// Kernel of the variant block_brent_kung (one block, m / 2 threads for a tile of m): the family's
// pair-tile body (../block_pair_tile.cuh) around this variant's routine.
#include "../../tile.cuh"
#include "../block_pair_tile.cuh"
#include "block_brent_kung.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_brent_kung_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                            bool exclusive, TraceBuffer buf) {
    in += tile_offset(n);  // this block's tile (kernels/tile.cuh)
    out += tile_offset(n);
    block_pair_tile<BrentKungScan, ScanOp, Probe>(in, out, n, exclusive, buf);
}

}  // namespace

KernelEntry kernel_block_brent_kung() {
    return block_kernel_entry("block_brent_kung", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return block_brent_kung_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
