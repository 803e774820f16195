// Kernel of the variant block_blelloch (block_blelloch_kernel.cuh with PADDED = false).
#include "../../tile.cuh"
#include "../../race/race_kernels.hpp"
#include "../block_blelloch_kernel.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_blelloch_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                          bool exclusive, TraceBuffer buf) {
    in += tile_offset(n);  // this block's tile (kernels/tile.cuh)
    out += tile_offset(n);
    block_blelloch_tile<false, ScanOp, Probe>(in, out, n, exclusive, buf);
}

}  // namespace

// Its race kernels (race.cu, beside this file) put it in the race lab.
RaceRow race_block_blelloch(const RaceCase& c, const gpu::RaceRunConfig& cfg);

KernelEntry kernel_block_blelloch() {
    return with_race(block_kernel_entry("block_blelloch",
                                        []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
                                            return block_blelloch_kernel<ScanOp, Probe>;
                                        }),
                     race_block_blelloch, kRaceBlellochBarriers);
}

}  // namespace scanviz::kern
