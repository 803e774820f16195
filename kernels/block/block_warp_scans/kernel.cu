// Kernel of the variant block_warp_scans (one block, items per thread).
#include "../../tile.cuh"
#include "../block_launch.cuh"
#include "../block_warp_scans.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, int ITEMS, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_warp_scans_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                            bool exclusive, TraceBuffer buf) {
    in += tile_offset(n);  // this block's tile (kernels/tile.cuh)
    out += tile_offset(n);
    using T = typename ScanOp::value_type;
    __shared__ BlockWarpScansStorage<T> temp;
    const int num_threads = static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    T items[ITEMS];
    load_blocked<ScanOp>(in, n, items);
    if constexpr (Probe::kOn) {
        const BlockWarpScansSlots slot{num_threads, ITEMS};
        for (int i = 0; i < ITEMS; ++i) probe.reg(slot.item(static_cast<int>(threadIdx.x), i), items[i]);
        probe.initial();
    }
    block_scan_warp_scans(temp, items, num_threads, exclusive, ScanOp{}, probe);
    store_blocked(out, n, items);
}

}  // namespace

KernelEntry kernel_block_warp_scans() {
    return block_kernel_entry("block_warp_scans", []<class ScanOp, int ITEMS, class Probe>(
                                                      ScanOp, ItemsTag<ITEMS>, ProbeTag<Probe>) {
        return block_warp_scans_kernel<ScanOp, ITEMS, Probe>;
    });
}

}  // namespace scanviz::kern
