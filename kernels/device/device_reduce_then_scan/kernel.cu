// Launcher of the variant device_reduce_then_scan: three kernels per level.
#include "../../registry.hpp"
#include "../device_launch.cuh"
#include "device_reduce_then_scan.cuh"

namespace scanviz::kern {
namespace {

struct ReduceThenScan {
    template <class ScanOp, int THREADS, int ITEMS, class Hook>
    static void scan(const typename ScanOp::value_type* d_in, typename ScanOp::value_type* d_out, int64_t n,
                     bool exclusive, Hook& hook) {
        using T = typename ScanOp::value_type;
        using Phases = ReduceThenScanPhases;
        constexpr int kTile = THREADS * ITEMS;
        const int64_t tiles = (n + kTile - 1) / kTile;
        StreamArray<T> d_aggregates(static_cast<size_t>(tiles), stream_of(hook)),
            d_prefixes(static_cast<size_t>(tiles), stream_of(hook));
        hook.begin(d_in, d_out, d_aggregates.get(), d_prefixes.get());

        reduce_tiles_kernel<ScanOp, THREADS, ITEMS><<<grid_of(tiles), THREADS, 0, stream_of(hook)>>>(
            d_in, n, d_aggregates.get(), hook.probe(TileArray::Data, TileArray::Aggregate));
        hook.end_pass(Phases::kReduceTiles, false);

        scan_tile_sums<ReduceThenScan, ScanOp, THREADS, ITEMS>(d_aggregates.get(), d_prefixes.get(), tiles, hook,
                                                               Phases::kScanTileSums);

        scan_tiles_kernel<ScanOp, THREADS, ITEMS><<<grid_of(tiles), THREADS, 0, stream_of(hook)>>>(
            d_in, d_out, n, exclusive, nullptr, d_prefixes.get(), hook.probe(TileArray::Data, TileArray::Data));
        hook.end_pass(Phases::kScanTiles, true);
    }
};

}  // namespace

KernelEntry kernel_device_reduce_then_scan() {
    KernelEntry e{"device_reduce_then_scan", capture_device<ReduceThenScan>, run_device<ReduceThenScan>};
    e.launch_whole = launch_device<ReduceThenScan>;
    return e;
}

}  // namespace scanviz::kern
