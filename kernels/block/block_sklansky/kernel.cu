// Kernel of the variant block_sklansky (one block, m / 2 threads for a tile of m).
#include "../block_launch.cuh"
#include "block_sklansky.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_sklansky_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                            bool exclusive, TraceBuffer buf) {
    __shared__ BlockSklanskyStorage<typename ScanOp::value_type> s;
    const int t = static_cast<int>(threadIdx.x);
    const int m = 2 * static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    // Each thread loads elements t and t + m/2; past n, the identity. Exclusive:
    // shifted right by one with the identity first, so the same inclusive steps give it.
    for (int e = t; e < m; e += m / 2) {
        const int from = exclusive ? e - 1 : e;
        s.xy[e] = from >= 0 && from < n ? in[from] : ScanOp::identity();
    }
    __syncthreads();
    probe.shared(s.xy, 0, m);
    probe.initial();
    block_scan_sklansky(s, m, ScanOp{}, probe);
    for (int e = t; e < m; e += m / 2)
        if (e < n) out[e] = s.xy[e];
}

}  // namespace

KernelEntry kernel_block_sklansky() {
    return block_kernel_entry("block_sklansky", []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return block_sklansky_kernel<ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
