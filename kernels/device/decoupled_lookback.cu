// The tuned single-pass scan behind decoupled_lookback.hpp: host data in and
// out, and the instrumented run that records the look-back timeline.
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>

#include "../launch.cuh"
#include "core/common/splitmix.hpp"
#include "decoupled_lookback.hpp"
#include "decoupled_lookback_launch.cuh"

namespace scanviz::gpu {

using kern::LookbackTunedPolicy;

std::vector<uint32_t> lookback_scan(const std::vector<uint32_t>& words, ValueType type, Op op, bool exclusive,
                                    int launches, LookbackTuningId tuning) {
    const size_t per = static_cast<size_t>(value_type_bytes(type)) / 4;  // words per element
    if (words.size() % per != 0)
        throw std::invalid_argument("lookback_scan: 8-byte values take an even number of words");
    const size_t n = words.size() / per;
    return kern::dispatch_value_op(type, op, [&](auto scan_op) {
        using ScanOp = decltype(scan_op);
        using T = typename ScanOp::value_type;
        kern::DeviceArray<uint32_t> d_in(words.size()), d_out(words.size());
        d_in.upload(words);
        kern::LookbackWorkspace ws;
        for (int l = 0; l < launches; ++l) {
            d_out.fill_bytes(kern::kPoisonByte);
            const T* in = reinterpret_cast<const T*>(d_in.get());
            T* out = reinterpret_cast<T*>(d_out.get());
            if (tuning == LookbackTuningId::WideHinted)
                kern::launch_decoupled_lookback<kern::LookbackPolicyOf<LookbackTuningId::WideHinted, T>, ScanOp>(
                    in, out, n, exclusive, ws, nullptr);
            else if (tuning == LookbackTuningId::Wide)
                kern::launch_decoupled_lookback<kern::LookbackPolicyOf<LookbackTuningId::Wide, T>, ScanOp>(
                    in, out, n, exclusive, ws, nullptr);
            else if (tuning == LookbackTuningId::Widest)
                kern::launch_decoupled_lookback<kern::LookbackPolicyOf<LookbackTuningId::Widest, T>, ScanOp>(
                    in, out, n, exclusive, ws, nullptr);
            else
                kern::launch_decoupled_lookback<kern::LookbackTunedPolicyFor<T>, ScanOp>(
                    in, out, n, exclusive, ws, nullptr);
            SCANVIZ_CUDA_CHECK(cudaDeviceSynchronize());
        }
        return d_out.download();
    });
}

LookbackShape lookback_tuned_shape(ValueType type, LookbackTuningId tuning) {
    const LookbackTuningShape s = lookback_tuning_shape(tuning);
    return LookbackShape{s.threads(value_type_bytes(type)), s.items(value_type_bytes(type))};
}

// The instrumented kernel runs the timed kernel's policy, so __launch_bounds__ holds it
// to the same resident blocks per SM (kMinBlocks) and the timeline shows as many resident
// tiles as the benchmark runs. The timeline records both occupancies; the GPU test
// compares them.
using TimelinePolicy = LookbackTunedPolicy;

LookbackTimeline capture_lookback_timeline(int64_t n, uint64_t seed) {
    using Probe = kern::LookbackTimelineProbe;
    if (n <= 0) throw std::invalid_argument("look-back timeline: n must be positive");
    const size_t tiles = kern::lookback_tiles<TimelinePolicy>(static_cast<size_t>(n));
    // Input: small random int32 values (0..9), from a splitmix64 stream.
    std::vector<uint32_t> in(static_cast<size_t>(n));
    SplitMix64 rng{seed};
    for (auto& v : in) v = static_cast<uint32_t>(rng.next() % 10);
    kern::DeviceArray<uint32_t> d_in(in.size()), d_out(in.size());
    d_in.upload(in);
    d_out.fill_bytes(kern::kPoisonByte);
    kern::DeviceArray<unsigned char> d_tiles(tiles * sizeof(Probe::TileRecord));
    kern::DeviceArray<unsigned char> d_preds(tiles * Probe::kMaxPreds * sizeof(Probe::PredRecord));
    d_tiles.fill_bytes(0);
    d_preds.fill_bytes(0);
    Probe::Buffer buf;
    buf.tiles = reinterpret_cast<Probe::TileRecord*>(d_tiles.get());
    buf.preds = reinterpret_cast<Probe::PredRecord*>(d_preds.get());
    kern::LookbackWorkspace ws;
    kern::launch_decoupled_lookback<TimelinePolicy, kern::OpAdd<int>, Probe>(
        reinterpret_cast<const int*>(d_in.get()), reinterpret_cast<int*>(d_out.get()), in.size(), false, ws,
        nullptr, buf);
    SCANVIZ_CUDA_CHECK(cudaDeviceSynchronize());

    const auto out = d_out.download();
    uint32_t acc = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        acc += in[i];
        if (out[i] != acc)
            throw std::runtime_error("look-back timeline run: wrong output at element " + std::to_string(i));
    }

    const auto raw_tiles = d_tiles.download();
    const auto raw_preds = d_preds.download();
    LookbackTimeline t;
    int dev = 0;
    SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop{};
    SCANVIZ_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    int driver = 0, clock_khz = 0;
    SCANVIZ_CUDA_CHECK(cudaDriverGetVersion(&driver));
    SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
    t.device = prop.name;
    t.driver = std::to_string(driver / 1000) + "." + std::to_string((driver % 1000) / 10);
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    t.date = date;
    t.n = n;
    t.type = ValueType::I32;
    t.threads = LookbackTunedPolicy::kThreads;
    t.group_tiles = TimelinePolicy::kGroups ? kern::kLbGroupTiles : 0;
    t.tile_items = LookbackTunedPolicy::kTileItems;
    t.sm_clock_ghz = clock_khz * 1e-6;
    SCANVIZ_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &t.blocks_per_sm, kern::decoupled_lookback_kernel<TimelinePolicy, kern::OpAdd<int>, Probe>,
        TimelinePolicy::kThreads, 0));
    SCANVIZ_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &t.timed_blocks_per_sm,
        kern::decoupled_lookback_kernel<LookbackTunedPolicy, kern::OpAdd<int>, kern::LookbackNoProbe>,
        LookbackTunedPolicy::kThreads, 0));

    std::vector<Probe::TileRecord> recs(tiles);
    std::memcpy(recs.data(), raw_tiles.data(), tiles * sizeof(Probe::TileRecord));
    uint64_t t0 = recs.empty() ? 0 : recs[0].t_start;
    for (const auto& r : recs) t0 = r.t_start < t0 ? r.t_start : t0;
    auto ns = [&](uint64_t x) { return static_cast<double>(x - t0); };
    for (size_t i = 0; i < tiles; ++i) {
        const auto& r = recs[i];
        LookbackTileTimes x;
        x.tile = static_cast<int64_t>(i);
        x.sm = static_cast<int>(r.sm);
        x.start_ns = ns(r.t_start);
        x.aggregate_ns = ns(r.t_aggregate);
        x.lookback_start_ns = ns(r.t_lookback_start);
        x.lookback_end_ns = ns(r.t_lookback_end);
        x.inclusive_ns = ns(r.t_inclusive);
        x.end_ns = ns(r.t_end);
        x.distance = static_cast<int>(r.distance);
        for (uint32_t k = 0; k < r.npreds; ++k) {
            Probe::PredRecord p;
            std::memcpy(&p, raw_preds.data() + (i * Probe::kMaxPreds + k) * sizeof p, sizeof p);
            x.preds.push_back({p.tile, static_cast<int>(p.status), p.wait_cycles});
        }
        t.tiles.push_back(std::move(x));
    }
    return t;
}

}  // namespace scanviz::gpu
