// Kernel of the variant block_warp_scans_smem (one block, whole warps).
#include "../../tile.cuh"
#include "../../race/race_kernels.hpp"
#include "../block_launch.cuh"
#include "block_warp_scans_smem.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_warp_scans_smem_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out,
                                 int n, bool exclusive, TraceBuffer buf) {
    in += tile_offset(n);  // this block's tile (kernels/tile.cuh)
    out += tile_offset(n);
    using T = typename ScanOp::value_type;
    __shared__ BlockWarpScansSmemStorage<T> s;
    const int tid = static_cast<int>(threadIdx.x);
    const int num_threads = static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    s.data[tid] = tid < n ? in[tid] : ScanOp::identity();
    if constexpr (Probe::kOn) {
        if (tid < kWarpThreads) s.warp_sums[tid] = T(0);  // shown before it is written
    }
    __syncthreads();
    probe.shared(s.data, 0, num_threads);
    probe.shared(s.warp_sums, num_threads, num_threads / kWarpThreads);
    probe.initial();
    block_scan_warp_scans_smem(s, num_threads, exclusive, ScanOp{}, probe);
    if (tid < n) out[tid] = s.data[tid];
}

}  // namespace

// Its race kernels (race.cu, beside this file) put it in the race lab.
RaceRow race_block_warp_scans_smem(const RaceCase& c, const gpu::RaceRunConfig& cfg);

KernelEntry kernel_block_warp_scans_smem() {
    return with_race(block_kernel_entry("block_warp_scans_smem",
                                        []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
                                            return block_warp_scans_smem_kernel<ScanOp, Probe>;
                                        }),
                     race_block_warp_scans_smem, kRaceWarpScansSmemBarriers);
}

}  // namespace scanviz::kern
