// Kernel and launcher of the variant block_blelloch (one block, tile m =
// next power of two >= n, m / 2 threads)).
#include "block_blelloch.cuh"
#include "block_launch.cuh"

namespace scanviz::kern {
namespace {

constexpr bool kPadded = false;

template <class ScanOp, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_blelloch_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                          bool exclusive, TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ BlockBlellochStorage<T, kPadded> s;
    const int thid = static_cast<int>(threadIdx.x);
    const int m = 2 * static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    if constexpr (Probe::kOn) {  // padding words, shown before anything is written
        for (int w = thid; w < blelloch_words<kPadded>(m); w += blockDim.x) s.temp[w] = T(0);
        __syncthreads();
    }
    // Each thread loads elements thid and thid + m/2 (GPU Gems 3, 39.2.3); past n, the identity.
    for (int e = thid; e < m; e += m / 2)
        s.temp[blelloch_word<kPadded>(e)] = e < n ? in[e] : ScanOp::identity();
    __syncthreads();
    probe.shared(s.temp, 0, blelloch_words<kPadded>(m));
    probe.initial();
    block_scan_blelloch(s, m, exclusive, ScanOp{}, probe);
    for (int e = thid; e < m; e += m / 2)
        if (e < n) out[e] = s.temp[blelloch_word<kPadded>(e)];
}

template <class Probe>
Trace launch(const RunSpec& spec) {
    return launch_block<Probe>(
        spec, [](auto op, const RunSpec& s, auto in, auto out, const TraceBuffer& buf) {
            block_blelloch_kernel<decltype(op), Probe><<<1, s.threads>>>(in, out, s.n, s.exclusive, buf);
        });
}

}  // namespace

KernelEntry kernel_block_blelloch() {
    return {"block_blelloch", [](const RunSpec& s) { return launch<TraceProbe>(s); },
            [](const RunSpec& s) { return launch<NoProbe>(s).output; }};
}

}  // namespace scanviz::kern
