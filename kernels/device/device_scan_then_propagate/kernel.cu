// Launcher of the variant device_scan_then_propagate: three kernels per level.
#include "../../registry.hpp"
#include "../device_launch.cuh"
#include "device_scan_then_propagate.cuh"

namespace scanviz::kern {
namespace {

struct ScanThenPropagate {
    template <class ScanOp, int THREADS, int ITEMS, class Hook>
    static void scan(const typename ScanOp::value_type* d_in, typename ScanOp::value_type* d_out, int64_t n,
                     bool exclusive, Hook& hook) {
        using T = typename ScanOp::value_type;
        using Phases = ScanThenPropagatePhases;
        constexpr int kTile = THREADS * ITEMS;
        const int64_t tiles = (n + kTile - 1) / kTile;
        StreamArray<T> d_aggregates(static_cast<size_t>(tiles), stream_of(hook)),
            d_prefixes(static_cast<size_t>(tiles), stream_of(hook));
        hook.begin(d_in, d_out, d_aggregates.get(), d_prefixes.get());

        scan_tiles_kernel<ScanOp, THREADS, ITEMS><<<grid_of(tiles), THREADS, 0, stream_of(hook)>>>(
            d_in, d_out, n, exclusive, d_aggregates.get(), nullptr, hook.probe(TileArray::Data, TileArray::Data));
        hook.end_pass(Phases::kScanTiles, true);

        scan_tile_sums<ScanThenPropagate, ScanOp, THREADS, ITEMS>(d_aggregates.get(), d_prefixes.get(), tiles, hook,
                                                                  Phases::kScanTileSums);

        add_prefixes_kernel<ScanOp, THREADS, ITEMS><<<grid_of(tiles), THREADS, 0, stream_of(hook)>>>(
            d_out, n, d_prefixes.get(), hook.probe(TileArray::Data, TileArray::Data));
        hook.end_pass(Phases::kAddPrefixes, true);
    }
};

}  // namespace

KernelEntry kernel_device_scan_then_propagate() {
    KernelEntry e{"device_scan_then_propagate", capture_device<ScanThenPropagate>, run_device<ScanThenPropagate>};
    e.launch_whole = launch_device<ScanThenPropagate>;
    return e;
}

}  // namespace scanviz::kern
