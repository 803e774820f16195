// Kernel of the variant block_blelloch (block_blelloch_kernel.cuh with PADDED = false).
#include "block_blelloch_kernel.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_blelloch_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                          bool exclusive, TraceBuffer buf) {
    block_blelloch_tile<false, ScanOp, Probe>(in, out, n, exclusive, buf);
}

}  // namespace

KernelEntry kernel_block_blelloch() {
    return block_kernel_entry("block_blelloch", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return block_blelloch_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
