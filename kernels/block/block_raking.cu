// Kernel and launcher of the variant block_raking (one block, items per thread).
#include "block_launch.cuh"
#include "block_raking.cuh"

namespace scanviz::kern {
namespace {

constexpr bool kMemoize = false;

template <class ScanOp, int ITEMS, class Probe>
__global__ void __launch_bounds__(kMaxBlockThreads)
    block_raking_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out, int n,
                        bool exclusive, TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ BlockRakingStorage<T> temp;
    const int tid = static_cast<int>(threadIdx.x);
    const int num_threads = static_cast<int>(blockDim.x);
    Probe probe = make_block_probe<Probe>(buf);
    T items[ITEMS];
    load_blocked<ScanOp>(in, n, items);
    if constexpr (Probe::kOn) {
        const RakingGridLayout lay(num_threads);
        for (int w = tid; w < lay.grid; w += num_threads) temp.grid[w] = T(0);  // padding, shown before use
        for (int i = 0; i < ITEMS; ++i) probe.reg(tid * ITEMS + i, items[i]);
        probe.shared(temp.grid, num_threads * ITEMS + num_threads, lay.grid);
        probe.initial();
    }
    block_scan_raking<kMemoize>(temp, items, num_threads, exclusive, ScanOp{}, probe);
    store_blocked(out, n, items);
}

template <class Probe>
Trace launch(const RunSpec& spec) {
    return launch_block<Probe>(spec,
                               [](auto op, const RunSpec& s, auto in, auto out, const TraceBuffer& buf) {
                                   using ScanOp = decltype(op);
                                   dispatch_items(s.items_per_thread, [&](auto items) {
                                       block_raking_kernel<ScanOp, decltype(items)::value, Probe>
                                           <<<1, s.threads>>>(in, out, s.n, s.exclusive, buf);
                                   });
                               });
}

}  // namespace

KernelEntry kernel_block_raking() {
    return {"block_raking", [](const RunSpec& s) { return launch<TraceProbe>(s); },
            [](const RunSpec& s) { return launch<NoProbe>(s).output; }};
}

}  // namespace scanviz::kern
