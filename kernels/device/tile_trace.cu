// Host side of the tile-level capture (tile_trace.cuh).
#include <cuda_runtime.h>

#include <stdexcept>

#include "../cuda_check.hpp"
#include "core/models/device_common.hpp"
#include "tile_trace.cuh"

namespace scanviz::kern {

TileTraceRecorder::TileTraceRecorder(int tiles) : tiles_(tiles) {
    if (tiles < 1) throw std::invalid_argument("tile trace: no tiles");
    SCANVIZ_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&d_ops_), sizeof(TileOpRecord) * tiles));
}

TileTraceRecorder::~TileTraceRecorder() {
    if (d_ops_) cudaFree(d_ops_);
}

TileProbe TileTraceRecorder::probe(TileSlots slots) {
    // 0xFF bytes: every field -1, kind == kTileOpNone.
    SCANVIZ_CUDA_CHECK(cudaMemset(d_ops_, 0xFF, sizeof(TileOpRecord) * tiles_));
    return TileProbe{d_ops_, slots};
}

Step TileTraceRecorder::step(std::string_view phase, std::vector<double> state) const {
    std::vector<TileOpRecord> recs(static_cast<size_t>(tiles_));
    SCANVIZ_CUDA_CHECK(cudaMemcpy(recs.data(), d_ops_, sizeof(TileOpRecord) * tiles_, cudaMemcpyDeviceToHost));
    Step s;
    s.phase = std::string(phase);
    s.label = step_label(phase, -1);
    s.barrier = std::string(barrier_name(BarrierKind::KernelEnd));
    s.active_mask = make_mask(tiles_, false);
    auto ranges = [](int32_t f0, int32_t c0, int32_t f1, int32_t c1) {
        std::vector<int> v = slot_range(f0, c0 > 0 ? c0 : 0);
        for (int x : slot_range(f1, c1 > 0 ? c1 : 0)) v.push_back(x);
        return v;
    };
    for (int t = 0; t < tiles_; ++t) {
        const TileOpRecord& r = recs[t];
        switch (r.kind) {
            case kTileOpNone: continue;
            case kTileOpReduce:
            case kTileOpScan:
                s.ops.push_back(tile_operation(static_cast<OpKind>(r.kind), t,
                                               ranges(r.r0_first, r.r0_count, r.r1_first, r.r1_count),
                                               ranges(r.w0_first, r.w0_count, r.w1_first, r.w1_count)));
                break;
            case kTileOpAddPrefix:
                if (r.r0_count != 1 || r.r1_count != r.w0_count)
                    throw std::runtime_error("tile trace: malformed add-prefix record of tile " + std::to_string(t));
                for (int i = 0; i < r.w0_count; ++i)
                    s.ops.push_back(Operation{t, OpKind::Combine, {r.r0_first, r.r1_first + i}, {r.w0_first + i}, 1, 1});
                break;
            default:
                throw std::runtime_error("tile trace: tile " + std::to_string(t) + " recorded unknown kind " +
                                         std::to_string(r.kind));
        }
        set_active(s.active_mask, t);
    }
    s.state = std::move(state);
    return s;
}

}  // namespace scanviz::kern
