// Kernel of the variant block_hillis_steele (one block, n threads).
#include "../../tile.cuh"
#include "../../race/race_kernels.hpp"
#include "../block_launch.cuh"
#include "block_hillis_steele.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_hillis_steele_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                               bool exclusive, TraceBuffer buf) {
    in += tile_offset(n);  // this block's tile (kernels/tile.cuh)
    out += tile_offset(n);
    using T = typename ScanOp::value_type;
    __shared__ BlockHillisSteeleStorage<T> s;
    const int thid = static_cast<int>(threadIdx.x);
    Probe probe = make_block_probe<Probe>(buf);
    // Exclusive: shift right by one and put the identity first (GPU Gems 3, 39.2.1).
    s.temp[thid] = exclusive ? (thid > 0 ? in[thid - 1] : ScanOp::identity()) : in[thid];
    if constexpr (Probe::kOn) s.temp[n + thid] = T(0);  // the second buffer, shown before it is written
    __syncthreads();
    probe.shared(s.temp, 0, 2 * n);
    probe.initial();
    out[thid] = block_scan_hillis_steele(s, n, ScanOp{}, probe);
}

}  // namespace

// Its race kernels (race.cu, beside this file) put it in the race lab.
RaceRow race_block_hillis_steele(const RaceCase& c, const gpu::RaceRunConfig& cfg);

KernelEntry kernel_block_hillis_steele() {
    return with_race(block_kernel_entry("block_hillis_steele",
                                        []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
                                            return block_hillis_steele_kernel<ScanOp, Probe>;
                                        }),
                     race_block_hillis_steele, kRaceHillisSteeleBarriers);
}

}  // namespace scanviz::kern
