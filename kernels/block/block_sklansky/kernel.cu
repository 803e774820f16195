// Kernel of the variant block_sklansky (one block, m / 2 threads for a tile of m): the family's
// pair-tile body (../block_pair_tile.cuh) around this variant's routine.
#include "../../tile.cuh"
#include "../block_pair_tile.cuh"
#include "block_sklansky.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_sklansky_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                            bool exclusive, TraceBuffer buf) {
    in += tile_offset(n);  // this block's tile (kernels/tile.cuh)
    out += tile_offset(n);
    block_pair_tile<SklanskyScan, ScanOp, Probe>(in, out, n, exclusive, buf);
}

}  // namespace

KernelEntry kernel_block_sklansky() {
    return block_kernel_entry("block_sklansky", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return block_sklansky_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
