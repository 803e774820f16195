// Kernel of the variant block_warp_scans_shfl (one block, whole warps).
#include "../../tile.cuh"
#include "../block_launch.cuh"
#include "block_warp_scans_shfl.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_warp_scans_shfl_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out,
                                 int n, bool exclusive, TraceBuffer buf) {
    in += tile_offset(n);  // this block's tile (kernels/tile.cuh)
    out += tile_offset(n);
    using T = typename ScanOp::value_type;
    __shared__ BlockWarpScansShflStorage<T> s;
    const int tid = static_cast<int>(threadIdx.x);
    const int num_threads = static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    const T val = tid < n ? in[tid] : ScanOp::identity();
    if constexpr (Probe::kOn) {
        if (tid < kWarpThreads) s.partials[tid] = T(0);  // shown before it is written
        probe.reg(tid, val);
        probe.shared(s.partials, num_threads, num_threads / kWarpThreads);
        probe.initial();
    }
    const T result = block_scan_warp_scans_shfl(s, val, num_threads, exclusive, ScanOp{}, probe);
    if (tid < n) out[tid] = result;
}

}  // namespace

KernelEntry kernel_block_warp_scans_shfl() {
    return block_kernel_entry("block_warp_scans_shfl",
                              []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
                                  return block_warp_scans_shfl_kernel<ScanOp, Probe>;
                              });
}

}  // namespace scanviz::kern
