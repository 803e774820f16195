// KernelEntry of device_decoupled_lookback: the uninstrumented run (any n)
// and the tile-level trace capture of the same kernel template
// (decoupled_lookback.cuh), which must equal the reference model's trace
// (model.cpp, beside this file) step for step.
//
// The model's schedule: tiles run in waves of kLookbackTraceWave, the tiles of
// a wave in lockstep through the five phases, so a wave's tiles find the
// earlier waves' inclusive prefixes and only their wave-mates' aggregates. On
// the GPU the order is timing; the capture imposes the model's:
//   - one launch per wave (tile = blockIdx.x + the wave's first tile, through
//     the probe's tile_offset), all on one status array and one epoch, so a
//     wave starts only when every earlier wave has published its inclusive
//     prefix;
//   - a barrier of the wave's tiles at the end of the look-back (the probe's
//     lookback_end): no tile publishes its inclusive prefix before every
//     wave-mate has finished looking back, so each sees its wave-mates'
//     aggregates, as the model does.
// The barrier orders the tiles; it changes no value: the arithmetic is the
// kernel's (float32 bit for bit).
//
// The probe records, per tile, the status and value it published first, how
// many predecessors it folded (and which, with the status it found), its
// exclusive prefix and its inclusive prefix; after each wave the host reads
// these, the status words and the output back from the device, checks the
// status words against the records, and writes the wave's five steps.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../capture.cuh"
#include "../../cuda_check.hpp"
#include "../../launch.cuh"
#include "core/models/device_common.hpp"
#include "core/models/model_common.hpp"
#include "core/models/variants.hpp"
#include "../decoupled_lookback_launch.cuh"
#include "../../registry.hpp"
#include "../device_launch.cuh"

namespace scanviz::kern {

// Tiles per wave of the trace schedule; the model's kLookbackWave
// (model.cpp, beside this file) is the same number, and the
// GPU trace test fails if the two differ.
inline constexpr int kLookbackTraceWave = 4;

// The policy of a table configuration (the model's tile shapes): the tile in registers,
// every other field the default (a window of 32, the look-back tile by tile).
template <int Threads, int ItemsPerThread>
struct LookbackTableTuning : LookbackTuningDefaults {
    static constexpr int kThreads = Threads;
    static constexpr int kItemsPerThread = ItemsPerThread;
};
template <int Threads, int ItemsPerThread>
using LookbackTablePolicy = LookbackPolicy<LookbackTableTuning<Threads, ItemsPerThread>>;

// The trace probe (see the top of this file). Hooks run in warp 0 of the tile.
struct LookbackTraceProbe {
    static constexpr bool kOn = true;
    static constexpr int kMaxPreds = 32;  // one look-back window: a wave's look-back fits in it
    static_assert(kLookbackTraceWave <= kMaxPreds, "a wave's look-back fits in one window");
    struct TileRecord {
        uint32_t first_status, first_bits;  // what the tile published first (aggregate; tile 0: inclusive)
        uint32_t distance, exclusive_bits;  // look-back: predecessors folded, the exclusive prefix
        uint32_t inclusive_bits;            // the inclusive prefix it published
    };
    struct PredRecord {
        int32_t tile;     // the predecessor folded
        uint32_t status;  // the status it had when folded (1 aggregate, 2 inclusive)
    };
    struct Buffer {
        TileRecord* tiles = nullptr;  // [tiles]
        PredRecord* preds = nullptr;  // [tiles][kMaxPreds]
        unsigned* arrived = nullptr;  // this wave's barrier counter (zero before the launch)
        uint32_t first_tile = 0;      // the wave's first tile
        uint32_t wave_tiles = 0;      // blocks in this launch
    };
    Buffer buf;
    uint32_t tile;

    __device__ LookbackTraceProbe(const Buffer& b, uint32_t t) : buf(b), tile(t) {}
    __device__ static uint32_t tile_offset(const Buffer& b) { return b.first_tile; }
    __device__ bool leader() const { return threadIdx.x == 0; }
    __device__ void tile_start() {}
    __device__ void aggregate_published(uint32_t status, uint32_t bits) {
        if (leader()) buf.tiles[tile].first_status = status, buf.tiles[tile].first_bits = bits;
    }
    __device__ void lookback_start() {}
    __device__ void predecessor(int index, int64_t pred, uint32_t status, int64_t, bool counted) {
        if (!counted || index >= kMaxPreds) return;
        buf.preds[static_cast<size_t>(tile) * kMaxPreds + index] = {static_cast<int32_t>(pred), status};
    }
    // The wave barrier: thread 0 of every tile of the wave arrives, then waits for all.
    __device__ void lookback_end(int distance, uint32_t exclusive_bits) {
        if (leader()) {
            buf.tiles[tile].distance = static_cast<uint32_t>(distance);
            buf.tiles[tile].exclusive_bits = exclusive_bits;
            __threadfence();
            atomicAdd(buf.arrived, 1u);
            while (*static_cast<volatile unsigned*>(buf.arrived) < buf.wave_tiles) __nanosleep(64);
            __threadfence();
        }
        __syncwarp();
    }
    __device__ void inclusive_published(uint32_t bits) {
        if (leader()) buf.tiles[tile].inclusive_bits = bits;
    }
    __device__ void tile_end() {}
};

namespace {

// The spec's tile configuration, as the model resolves it; past the trace
// limit with no configuration asked for, the tuned one (`tuned` = true).
DeviceTileConfig lookback_run_config(const RunSpec& spec, bool& tuned) {
    tuned = spec.n > kDeviceTraceMaxN && spec.threads == 0 && spec.items_per_thread == 0;
    return resolved_device_config(spec);
}

double value_of(uint32_t bits, ElemType type) { return from_words({bits}, type).at(0); }

// Scans d_in into d_out with the uninstrumented kernel of Policy.
template <class Policy, class ScanOp>
void lookback_run_policy(const uint32_t* d_in, uint32_t* d_out, size_t n, bool exclusive) {
    using T = typename ScanOp::value_type;
    LookbackWorkspace ws;
    launch_decoupled_lookback<Policy, ScanOp>(reinterpret_cast<const T*>(d_in), reinterpret_cast<T*>(d_out),
                                              n, exclusive, ws, nullptr);
    SCANVIZ_CUDA_CHECK_LAUNCH();
}

std::vector<double> run_lookback(const RunSpec& spec) {
    if (auto err = check_device_run(spec)) throw std::invalid_argument(*err);
    if (spec.type == ElemType::F32 && spec.op != Op::Add)
        throw std::invalid_argument("float32 supports only --op add (max and min are int32 only)");
    if (spec.input == InputKind::Given && spec.values.size() != static_cast<size_t>(spec.n))
        throw std::invalid_argument("expected " + std::to_string(spec.n) + " input values, got " +
                                    std::to_string(spec.values.size()));
    bool tuned = false;
    const DeviceTileConfig cfg = lookback_run_config(spec, tuned);
    const size_t n = static_cast<size_t>(spec.n);
    DeviceArray<uint32_t> d_in(n), d_out(n);
    {
        const bool given = spec.input == InputKind::Given;
        const std::vector<double> generated = given ? std::vector<double>{} : make_input(spec);
        d_in.upload(to_words(given ? spec.values : generated, spec.type));
    }
    d_out.fill_bytes(kPoisonByte);
    dispatch_op(spec.op, spec.type, [&](auto op) {
        using ScanOp = decltype(op);
        if (tuned) {
            // The whole-array kernel `scanviz bench` times.
            using T = typename ScanOp::value_type;
            LookbackWorkspace ws;
            launch_decoupled_lookback<LookbackTunedPolicyFor<T>, ScanOp>(
                reinterpret_cast<const T*>(d_in.get()), reinterpret_cast<T*>(d_out.get()), n, spec.exclusive,
                ws, nullptr);
            SCANVIZ_CUDA_CHECK_LAUNCH();
            return;
        }
        // A table configuration: the same arithmetic as the model's (and the capture's).
        dispatch_tile_config(cfg.threads, cfg.items, [&](auto threads, auto items) {
            using Policy = LookbackTablePolicy<decltype(threads)::value, decltype(items)::value>;
            lookback_run_policy<Policy, ScanOp>(d_in.get(), d_out.get(), n, spec.exclusive);
        });
    });
    return from_words(d_out.download(), spec.type);
}

Trace capture_lookback(const RunSpec& spec_in) {
    RunSpec spec = spec_in;
    if (auto err = validate_and_resolve(spec)) throw std::invalid_argument(*err);
    using Probe = LookbackTraceProbe;
    const DeviceTileConfig cfg{spec.threads, spec.items_per_thread};
    const std::vector<double> input = make_input(spec);
    const int n = static_cast<int>(input.size());
    const int tiles = device_tiles(n, cfg.tile());

    // The layout and the phase order are the model's (the test compares them step by step);
    // every value and every look-back read below comes from the device.
    TraceBuilder b(spec, tiles, tiles);
    const DeviceRegions r = add_device_regions(b, input, cfg.tile());
    const int status = b.add_region("tile status", Space::Tiles, tiles);
    const int inclusive = b.add_region("tile inclusive", Space::Tiles, tiles);
    for (int t = 0; t < tiles; ++t) {
        b.init(status + t, 0);
        b.init(inclusive + t, b.identity());
    }
    const auto& phases = find_variant(spec.variant)->phases;
    if (phases.size() != 5)
        throw std::logic_error("look-back capture: the variant lists other than five phases");
    const auto phase = [&](int i) { return phases[static_cast<size_t>(i)]; };

    DeviceArray<uint32_t> d_in(static_cast<size_t>(n)), d_out(static_cast<size_t>(n));
    d_in.upload(to_words(input, spec.type));
    d_out.fill_bytes(kPoisonByte);
    DeviceArray<uint64_t> d_status(static_cast<size_t>(tiles));
    d_status.fill_bytes(0);
    const int waves = (tiles + kLookbackTraceWave - 1) / kLookbackTraceWave;
    DeviceArray<uint32_t> d_arrived(static_cast<size_t>(waves));
    d_arrived.fill_bytes(0);
    DeviceArray<unsigned char> d_tiles(sizeof(Probe::TileRecord) * tiles);
    DeviceArray<unsigned char> d_preds(sizeof(Probe::PredRecord) * tiles * Probe::kMaxPreds);
    d_tiles.fill_bytes(0xFF);
    d_preds.fill_bytes(0xFF);

    dispatch_tile_config(cfg.threads, cfg.items, [&](auto threads, auto items) {
        dispatch_op(spec.op, spec.type, [&](auto op) {
            using ScanOp = decltype(op);
            using T = typename ScanOp::value_type;
            using Policy = LookbackTablePolicy<decltype(threads)::value, decltype(items)::value>;
            LookbackParams p{};
            p.status = reinterpret_cast<unsigned long long*>(d_status.get());
            p.epoch = 1;
            p.exclusive = spec.exclusive;
            for (int w = 0; w < waves; ++w) {
                const int first = w * kLookbackTraceWave, last = std::min(tiles, first + kLookbackTraceWave);
                Probe::Buffer buf;
                buf.tiles = reinterpret_cast<Probe::TileRecord*>(d_tiles.get());
                buf.preds = reinterpret_cast<Probe::PredRecord*>(d_preds.get());
                buf.arrived = d_arrived.get() + w;
                buf.first_tile = static_cast<uint32_t>(first);
                buf.wave_tiles = static_cast<uint32_t>(last - first);
                decoupled_lookback_kernel<Policy, ScanOp, Probe><<<last - first, Policy::kThreads>>>(
                    reinterpret_cast<const T*>(d_in.get()), reinterpret_cast<T*>(d_out.get()),
                    static_cast<size_t>(n), p, buf);
                SCANVIZ_CUDA_CHECK_LAUNCH();

                // What the wave left on the device.
                const auto raw_tiles = d_tiles.download();
                const auto raw_preds = d_preds.download();
                const auto words = d_status.download();
                const auto out = from_words(d_out.download(), spec.type);
                auto rec = [&](int t) {
                    Probe::TileRecord x;
                    std::memcpy(&x, raw_tiles.data() + sizeof x * t, sizeof x);
                    return x;
                };
                auto pred = [&](int t, int k) {
                    Probe::PredRecord x;
                    std::memcpy(&x,
                                raw_preds.data() + sizeof x * (static_cast<size_t>(t) * Probe::kMaxPreds + k),
                                sizeof x);
                    return x;
                };
                for (int t = first; t < last; ++t) {
                    const uint64_t word = words[static_cast<size_t>(t)];
                    const uint32_t flag = static_cast<uint32_t>(word >> 32);
                    if (flag != ((1u << 2) | kTileInclusive) ||
                        static_cast<uint32_t>(word) != rec(t).inclusive_bits)
                        throw std::runtime_error(
                            "look-back capture: tile " + std::to_string(t) +
                            "'s status word does not hold the inclusive prefix it recorded");
                }

                b.begin_step(phase(LookbackPhases::kTileReduce), -1, BarrierKind::Lockstep);
                for (int t = first; t < last; ++t) {
                    const int d = r.data + r.tile_begin(t), len = r.tile_len(t);
                    const uint32_t agg_bits =
                        rec(t).first_bits;  // tile 0: its inclusive prefix = its aggregate
                    b.poke(t, r.aggregate + t, value_of(agg_bits, spec.type));
                    b.record(tile_operation(OpKind::Reduce, t, slot_range(d, len), {r.aggregate + t}));
                }
                b.end_step();

                b.begin_step(phase(LookbackPhases::kPublishAggregate), -1, BarrierKind::FlagPublish);
                for (int t = first; t < last; ++t) {
                    const Probe::TileRecord x = rec(t);
                    if (x.first_status == kTileInclusive) {  // tile 0: its aggregate is its inclusive prefix
                        b.poke(t, inclusive + t, value_of(x.first_bits, spec.type));
                        b.record(Operation{t, OpKind::Copy, {r.aggregate + t}, {inclusive + t}, 0, 0});
                    }
                    b.set(t, status + t, static_cast<double>(x.first_status), OpKind::Flag);
                }
                b.end_step();

                b.begin_step(phase(LookbackPhases::kLookBack), -1, BarrierKind::Lockstep);
                for (int t = std::max(first, 1); t < last; ++t) {
                    const Probe::TileRecord x = rec(t);
                    if (x.distance < 1 || x.distance > static_cast<uint32_t>(Probe::kMaxPreds))
                        throw std::runtime_error("look-back capture: tile " + std::to_string(t) + " folded " +
                                                 std::to_string(static_cast<int32_t>(x.distance)) +
                                                 " predecessors (1 to one window expected)");
                    std::vector<int> reads;
                    for (int k = 0; k < static_cast<int>(x.distance); ++k) {
                        const Probe::PredRecord pr = pred(t, k);
                        if (pr.tile < 0 || pr.tile >= t)
                            throw std::runtime_error("look-back capture: tile " + std::to_string(t) +
                                                     " recorded predecessor " + std::to_string(pr.tile));
                        b.wait(t, status + pr.tile);
                        reads.push_back(pr.status == kTileInclusive ? inclusive + pr.tile
                                                                    : r.aggregate + pr.tile);
                    }
                    b.poke(t, r.prefix + t, value_of(x.exclusive_bits, spec.type));
                    Operation o = tile_operation(OpKind::Reduce, t, std::move(reads), {r.prefix + t});
                    // Integers: the window's butterfly; float32: the canonical left fold.
                    o.depth = spec.type == ElemType::F32 ? o.applications : ceil_log2(Probe::kMaxPreds);
                    b.record(std::move(o));
                }
                b.end_step();

                b.begin_step(phase(LookbackPhases::kPublishInclusive), -1, BarrierKind::FlagPublish);
                for (int t = std::max(first, 1); t < last; ++t) {
                    const uint64_t word = words[static_cast<size_t>(t)];
                    b.poke(t, inclusive + t, value_of(static_cast<uint32_t>(word), spec.type));
                    b.record(Operation{
                        t, OpKind::Combine, {r.prefix + t, r.aggregate + t}, {inclusive + t}, 1, 1});
                    b.set(t, status + t, static_cast<double>((word >> 32) & 3u), OpKind::Flag);
                }
                b.end_step();

                b.begin_step(phase(LookbackPhases::kTileScan), -1,
                             last == tiles ? BarrierKind::KernelEnd : BarrierKind::Lockstep);
                for (int t = first; t < last; ++t) {
                    const int d = r.data + r.tile_begin(t), len = r.tile_len(t);
                    for (int i = 0; i < len; ++i)
                        b.poke(t, d + i, out[static_cast<size_t>(r.tile_begin(t) + i)]);
                    std::vector<int> reads;
                    if (t > 0) reads.push_back(r.prefix + t);
                    for (int s : slot_range(d, len)) reads.push_back(s);
                    b.record(tile_operation(OpKind::TileScan, t, std::move(reads), slot_range(d, len)));
                }
                b.end_step();
            }
        });
    });
    Trace trace = b.finish(from_words(d_out.download(), spec.type));
    stamp_gpu_source(trace);
    return trace;
}

}  // namespace

KernelEntry kernel_device_decoupled_lookback() {
    return {"device_decoupled_lookback", capture_lookback, run_lookback};
}

}  // namespace scanviz::kern
