// Kernel of the variant block_brent_kung (one block, m / 2 threads for a tile of m).
#include "../block_launch.cuh"
#include "block_brent_kung.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_brent_kung_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                            bool exclusive, TraceBuffer buf) {
    __shared__ BlockBrentKungStorage<typename ScanOp::value_type> s;
    const int t = static_cast<int>(threadIdx.x);
    const int m = 2 * static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    // Each thread loads elements t and t + m/2, as PMPP does; past n, the identity. Exclusive:
    // shifted right by one with the identity first, so the same inclusive steps give it.
    for (int e = t; e < m; e += m / 2) {
        const int from = exclusive ? e - 1 : e;
        s.xy[e] = from >= 0 && from < n ? in[from] : ScanOp::identity();
    }
    __syncthreads();
    probe.shared(s.xy, 0, m);
    probe.initial();
    block_scan_brent_kung(s, m, ScanOp{}, probe);
    for (int e = t; e < m; e += m / 2)
        if (e < n) out[e] = s.xy[e];
}

}  // namespace

KernelEntry kernel_block_brent_kung() {
    return block_kernel_entry("block_brent_kung", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return block_brent_kung_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
