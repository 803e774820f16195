// Single-pass scan with decoupled look-back (Merrill and Garland 2016,
// "Single-pass Parallel Prefix Scan with Decoupled Look-back"), at tile
// granularity. One kernel; each tile (one thread block)
//   1. reduce tiles        folds its elements into its aggregate;
//   2. publish aggregates  writes the aggregate with status 1 ("aggregate
//                          published"); tile 0, which has no predecessor,
//                          writes its inclusive prefix with status 2 at once;
//   3. look back           reads its predecessors' status words, nearest first,
//                          folding aggregates until it meets one with status 2
//                          (inclusive prefix): that value ends the look-back,
//                          and the fold is the tile's exclusive prefix;
//   4. publish inclusive   writes prefix (+) aggregate with status 2, so its
//                          successors can stop their look-back here;
//   5. scan tiles          scans its elements, seeded with the prefix, and
//                          writes them: after its inclusive prefix is out.
// The array is read once and written once.
//
// On the GPU the order in which tiles reach each phase depends on timing; the
// model fixes one schedule that shows the idea: tiles run in waves of
// kLookbackWave resident tiles, the tiles of a wave in lockstep. A wave's
// tiles find the earlier waves' inclusive prefixes published and their own
// wave-mates' aggregates only, so tile t looks back to the last tile of the
// previous wave: a short look-back however long the array. The look-back
// timeline (`scanviz bench --timeline`, core/bench/lookback_timeline.hpp) shows what
// a real run did.
//
// Values inside a tile are computed in the tuned kernel's order
// (kernels/device/lookback/tile.cuh: W-item vectors per lane, a
// Kogge-Stone shuffle scan per warp chunk, warp aggregates scanned by warp 0,
// the look-back window folded by a butterfly), so float32 results match it.
#include <algorithm>
#include <stdexcept>

#include "core/i18n/i18n.hpp"
#include "core/models/device_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

// Tiles the model runs in lockstep before the next wave starts. The GPU capture
// (kernels/device/device_decoupled_lookback/kernel.cu, kLookbackTraceWave) imposes the same
// schedule: one launch per wave and a barrier of the wave's tiles before any of them
// publishes its inclusive prefix.
constexpr int kLookbackWave = 4;
// Predecessors one look-back round inspects: one per lane of a warp.
constexpr int kLookbackWindow = 32;
static_assert(kLookbackWave <= kLookbackWindow, "a wave's look-back fits in one window");

// Values of the "tile status" slots.
constexpr double kNotReady = 0, kAggregatePublished = 1, kInclusivePublished = 2;

// Host mirror of decoupled_lookback_tile's in-tile arithmetic, step for step.
class TileMirror {
public:
    TileMirror(const std::vector<double>& vals, DeviceTileConfig cfg, Op op, ElemType type)
        : cfg_(cfg), op_(op), type_(type) {
        w_ = cfg.items % 4 == 0 ? 4 : (cfg.items % 2 == 0 ? 2 : 1);
        v_ = cfg.items / w_;
        warps_ = cfg.threads / 32;
        const double id = identity(op, type);
        x_.assign(static_cast<size_t>(cfg.tile()), id);
        for (size_t i = 0; i < vals.size() && i < x_.size(); ++i) x_[i] = vals[i];
        std::vector<double> warp_aggregate(32, id);
        for (int w = 0; w < warps_; ++w) {
            double warp_total = id;
            for (int k = 0; k < v_; ++k) {
                std::vector<double> totals(32);
                for (int l = 0; l < 32; ++l) {
                    double* x = &x_[index(w, k, l, 0)];
                    for (int j = 1; j < w_; ++j) x[j] = f(x[j - 1], x[j]);
                    totals[l] = x[w_ - 1];
                }
                const auto incl = kogge_stone(totals);
                // The fold of the warp's items before lane l's vector k goes into its items:
                // x becomes the warp-level inclusive scan.
                for (int l = 0; l < 32; ++l) {
                    if (k == 0 && l == 0) continue;
                    const double lane_prefix =
                        k == 0 ? incl[l - 1] : (l == 0 ? warp_total : f(warp_total, incl[l - 1]));
                    double* x = &x_[index(w, k, l, 0)];
                    for (int j = 0; j < w_; ++j) x[j] = f(lane_prefix, x[j]);
                }
                warp_total = k == 0 ? incl[31] : f(warp_total, incl[31]);
            }
            warp_aggregate[w] = warp_total;
        }
        const auto w_incl = kogge_stone(warp_aggregate);
        aggregate_ = w_incl[warps_ - 1];
        warp_excl_.assign(static_cast<size_t>(warps_), id);
        for (int w = 1; w < warps_; ++w) warp_excl_[w] = w_incl[w - 1];
    }

    double aggregate() const { return aggregate_; }

    // Step 5: the tile's outputs (first `len`), seeded with its exclusive prefix (none for
    // tile 0): the warp's prefix combined with the warp-level inclusive scan, or, exclusive,
    // with the item before (the warp's first item takes the warp's prefix alone).
    std::vector<double> scan(int len, bool first_tile, double tile_exclusive, bool exclusive) const {
        const double id = identity(op_, type_);
        std::vector<double> out(static_cast<size_t>(cfg_.tile()));
        for (int w = 0; w < warps_; ++w) {
            const double within = w == 0 ? id : warp_excl_[w];
            const double warp_prefix =
                first_tile ? within : (w == 0 ? tile_exclusive : f(tile_exclusive, within));
            for (int k = 0; k < v_; ++k)
                for (int l = 0; l < 32; ++l)
                    for (int j = 0; j < w_; ++j) {
                        const int i = index(w, k, l, j);
                        if (!exclusive)
                            out[i] = f(warp_prefix, x_[i]);
                        else if (j > 0)
                            out[i] = f(warp_prefix, x_[i - 1]);
                        else if (l > 0)
                            out[i] = f(warp_prefix, x_[index(w, k, l - 1, w_ - 1)]);
                        else
                            out[i] = k == 0 ? warp_prefix : f(warp_prefix, x_[index(w, k - 1, 31, w_ - 1)]);
                    }
        }
        out.resize(static_cast<size_t>(len));
        return out;
    }

private:
    int index(int w, int k, int l, int j) const { return w * 32 * cfg_.items + k * 32 * w_ + l * w_ + j; }
    double f(double a, double b) const { return apply_op(op_, type_, a, b); }
    // Inclusive Kogge-Stone over 32 lanes (shfl_up; lane >= d combines).
    std::vector<double> kogge_stone(std::vector<double> x) const {
        for (int d = 1; d < 32; d *= 2) {
            const auto old = x;
            for (int l = d; l < 32; ++l) x[l] = f(old[l - d], old[l]);
        }
        return x;
    }

    DeviceTileConfig cfg_;
    Op op_;
    ElemType type_;
    int w_ = 4, v_ = 1, warps_ = 1;
    std::vector<double> x_;          // items after the warp-level scan
    std::vector<double> warp_excl_;  // [warp]
    double aggregate_ = 0;
};

// The look-back window's fold: lane j holds predecessor t-1-j's value (or the
// identity). Integers: the butterfly of lb_warp_reduce; every lane gets lane 0's.
// (A lane of the kernel first folds its slots into the identity; with one value
// per lane, as in this schedule, that fold is exact.) Float32: left to right from
// the furthest lane (the inclusive prefix) to lane 0, one value at a time: the
// kernel's canonical order, which makes every float prefix independent of where a
// look-back stopped.
double window_fold(const std::vector<double>& lanes, Op op, ElemType type) {
    if (type == ElemType::F32) {
        double acc = lanes.back();
        for (size_t i = lanes.size() - 1; i-- > 0;) acc = apply_op(op, type, acc, lanes[i]);
        return acc;
    }
    std::vector<double> x(lanes);
    x.resize(32, identity(op, type));
    for (int d = 16; d >= 1; d /= 2) {
        const auto old = x;
        for (int l = 0; l < 32; ++l) x[l] = apply_op(op, type, old[l], old[l ^ d]);
    }
    return x[0];
}

Trace model(const RunSpec& spec) {
    DeviceTrace dt(spec);
    auto& [cfg, tiles, b, r] = dt;
    const int status = b.add_region(i18n::N_("tile status"), Space::Tiles, tiles);
    const int inclusive = b.add_region(i18n::N_("tile inclusive"), Space::Tiles, tiles);
    for (int t = 0; t < tiles; ++t) {
        b.init(status + t, kNotReady);
        b.init(inclusive + t, b.identity());
    }

    std::vector<TileMirror> mirrors;
    mirrors.reserve(static_cast<size_t>(tiles));
    for (int first = 0; first < tiles; first += kLookbackWave) {
        const int last = std::min(tiles, first + kLookbackWave);

        b.begin_step(LookbackPhases::kNames[LookbackPhases::kTileReduce], -1, BarrierKind::Lockstep);
        for (int t = first; t < last; ++t) {
            const int d = r.data + r.tile_begin(t), len = r.tile_len(t);
            mirrors.emplace_back(read_slots(b, d, len), cfg, spec.op, spec.type);
            b.poke(t, r.aggregate + t, mirrors.back().aggregate());
            b.record(tile_operation(OpKind::Reduce, t, slot_range(d, len), {r.aggregate + t}));
        }
        b.end_step();

        b.begin_step(LookbackPhases::kNames[LookbackPhases::kPublishAggregate], -1, BarrierKind::FlagPublish);
        for (int t = first; t < last; ++t) {
            if (t == 0) {
                b.copy(t, inclusive, r.aggregate);
                b.set(t, status, kInclusivePublished, OpKind::Flag);
            } else {
                b.set(t, status + t, kAggregatePublished, OpKind::Flag);
            }
        }
        b.end_step();

        b.begin_step(LookbackPhases::kNames[LookbackPhases::kLookBack], -1, BarrierKind::Lockstep);
        for (int t = std::max(first, 1); t < last; ++t) {
            std::vector<double> lanes;
            std::vector<int> reads;
            for (int p = t - 1; p >= 0; --p) {
                const double st = b.wait(t, status + p);
                if (st == kNotReady) throw std::logic_error("look-back model: a predecessor is not ready");
                const int slot = st == kInclusivePublished ? inclusive + p : r.aggregate + p;
                lanes.push_back(b.value(slot));
                reads.push_back(slot);
                if (st == kInclusivePublished) break;
            }
            if (static_cast<int>(lanes.size()) > kLookbackWindow)
                throw std::logic_error("look-back model: longer than one window");
            b.poke(t, r.prefix + t, window_fold(lanes, spec.op, spec.type));
            Operation op = tile_operation(OpKind::Reduce, t, std::move(reads), {r.prefix + t});
            // Integers: the butterfly's five levels; float32: one application after another.
            op.depth = spec.type == ElemType::F32 ? op.applications : ceil_log2(kLookbackWindow);
            b.record(std::move(op));
        }
        b.end_step();

        b.begin_step(LookbackPhases::kNames[LookbackPhases::kPublishInclusive], -1, BarrierKind::FlagPublish);
        for (int t = std::max(first, 1); t < last; ++t) {
            b.combine(t, inclusive + t, r.prefix + t, r.aggregate + t);
            b.set(t, status + t, kInclusivePublished, OpKind::Flag);
        }
        b.end_step();

        const bool final_wave = last == tiles;
        b.begin_step(LookbackPhases::kNames[LookbackPhases::kTileScan], -1,
                     final_wave ? BarrierKind::KernelEnd : BarrierKind::Lockstep);
        for (int t = first; t < last; ++t) {
            const int d = r.data + r.tile_begin(t), len = r.tile_len(t);
            const auto out =
                mirrors[static_cast<size_t>(t)].scan(len, t == 0, b.value(r.prefix + t), spec.exclusive);
            for (int i = 0; i < len; ++i) b.poke(t, d + i, out[static_cast<size_t>(i)]);
            dt.record_seeded_scan(t);
        }
        b.end_step();
    }
    return dt.finish();
}

std::optional<std::string> check(const RunSpec& spec) {
    if (spec.n < 1 || spec.n > kDeviceTraceMaxN)
        return "variant '" + spec.variant + "' traces 1 <= n <= " + std::to_string(kDeviceTraceMaxN) +
               ", got " + std::to_string(spec.n);
    return check_device_run(spec);  // a tile configuration of the table (defaults resolved)
}

}  // namespace

VariantInfo variant_device_decoupled_lookback() {
    VariantInfo v = device_variant(
        "device_decoupled_lookback", i18n::N_("Single-pass scan, decoupled look-back"),
        i18n::N_("Each tile publishes its aggregate, looks back to the nearest inclusive prefix, publishes "
                 "its own, then scans: one pass over the data"),
        "kernels/device/lookback/tile.cuh", phase_list(LookbackPhases::kNames), model);
    v.check = check;
    v.benchmarked = true;
    return v;
}

}  // namespace scanviz
