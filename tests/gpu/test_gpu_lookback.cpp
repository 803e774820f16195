// The tuned single-pass decoupled look-back scan (kernels/device/decoupled_lookback.cuh)
// against a host scan: sizes 1 .. 2^28 including odd ones, int32 / uint32 /
// float32, inclusive and exclusive, add (and max, min for the integers);
// launches that reuse the status words of earlier ones; and the look-back
// timeline of an instrumented run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/bench/lookback_timeline.hpp"
#include "core/common/splitmix.hpp"
#include "core/models/device_common.hpp"
#include "core/models/variants.hpp"
#include "core/trace/compare.hpp"
#include "gpu_test_env.hpp"
#include "kernels/device/decoupled_lookback.hpp"
#include "kernels/gpu.hpp"

using namespace scanviz;

namespace {

// Integers: all 32 bits random (add wraps). Float32: uniform in [-1, 1), so
// prefix sums stay small and one lost element shows against the tolerance.
std::vector<uint32_t> make_words(size_t n, ValueType type, uint64_t seed) {
    std::vector<uint32_t> w(n);
    SplitMix64 r{seed};
    for (auto& x : w) {
        if (type == ValueType::F32) {
            const float f =
                static_cast<float>(static_cast<uint32_t>(r.next() >> 16) >> 8) * (2.0f / 16777216.0f) - 1.0f;
            std::memcpy(&x, &f, 4);
        } else {
            x = static_cast<uint32_t>(r.next() >> 16) ^ (static_cast<uint32_t>(r.next() >> 16) << 16);
        }
    }
    return w;
}

// Empty when right, else the first wrong element. Integers exactly; float32
// within 1e-5 of the running sum of |x| from a double-precision scan.
std::string check(const std::vector<uint32_t>& in, const std::vector<uint32_t>& out, ValueType type, Op op,
                  bool exclusive) {
    if (out.size() != in.size()) return "output has " + std::to_string(out.size()) + " elements";
    if (type == ValueType::F32) {
        double acc = 0, scale = 0;
        for (size_t i = 0; i < in.size(); ++i) {
            float x, y;
            std::memcpy(&x, &in[i], 4);
            std::memcpy(&y, &out[i], 4);
            const double expect = exclusive ? acc : acc + x;
            acc += x;
            scale += std::fabs(x);
            if (!(std::fabs(y - expect) <= 1e-5 * scale + 1e-5))
                return "element " + std::to_string(i) + ": got " + std::to_string(y) + ", expected " +
                       std::to_string(expect);
        }
        return {};
    }
    uint32_t acc = op == Op::Add            ? 0u
                   : type == ValueType::I32 ? (op == Op::Max ? 0x80000000u : 0x7fffffffu)
                                            : (op == Op::Max ? 0u : 0xffffffffu);
    for (size_t i = 0; i < in.size(); ++i) {
        const uint32_t before = acc;
        if (op == Op::Add)
            acc += in[i];
        else if (type == ValueType::I32) {
            const int32_t a = static_cast<int32_t>(acc), b = static_cast<int32_t>(in[i]);
            acc = static_cast<uint32_t>(op == Op::Max ? std::max(a, b) : std::min(a, b));
        } else {
            acc = op == Op::Max ? std::max(acc, in[i]) : std::min(acc, in[i]);
        }
        const uint32_t expect = exclusive ? before : acc;
        if (out[i] != expect)
            return "element " + std::to_string(i) + ": got " + std::to_string(out[i]) + ", expected " +
                   std::to_string(expect) + " (uint32 bits)";
    }
    return {};
}

struct Combo {
    ValueType type;
    Op op;
};
const Combo kCombos[] = {{ValueType::I32, Op::Add}, {ValueType::I32, Op::Max}, {ValueType::I32, Op::Min},
                         {ValueType::U32, Op::Add}, {ValueType::U32, Op::Max}, {ValueType::U32, Op::Min},
                         {ValueType::F32, Op::Add}};

std::string name(const Combo& c, bool exclusive, size_t n) {
    return std::string(to_string(c.type)) + " " + std::string(to_string(c.op)) +
           (exclusive ? " exclusive" : " inclusive") + " n=" + std::to_string(n);
}

void run_case(const Combo& c, bool exclusive, size_t n, uint64_t seed, int launches = 1) {
    const auto in = make_words(n, c.type, seed);
    const auto out = gpu::lookback_scan(in, c.type, c.op, exclusive, launches);
    const std::string bad = check(in, out, c.type, c.op, exclusive);
    EXPECT_TRUE(bad.empty()) << name(c, exclusive, n) << ": " << bad;
}

}  // namespace

// Every combination, sizes around the edges of a warp's chunk, a tile (the
// tuned tile is 4096 items) and the 32-predecessor look-back window.
TEST(GpuLookback, EveryTypeOpModeAtSmallAndOddSizes) {
    SCANVIZ_REQUIRE_GPU();
    const size_t sizes[] = {1,         2,      3,    5,    31,   32,   33,    127,           128,
                            129,       1000,   4095, 4096, 4097, 8191, 12289, 32 * 4096 + 1, 33 * 4096 - 3,
                            65 * 4096, 1000003};
    uint64_t seed = 11;
    for (const auto& c : kCombos)
        for (bool ex : {false, true})
            for (size_t n : sizes) run_case(c, ex, n, ++seed);
}

TEST(GpuLookback, EveryTypeOpModeAt2p24Plus7) {
    SCANVIZ_REQUIRE_GPU();
    uint64_t seed = 101;
    for (const auto& c : kCombos)
        for (bool ex : {false, true}) run_case(c, ex, (size_t{1} << 24) + 7, ++seed);
}

TEST(GpuLookback, LargestSizes2p26Minus1And2p28) {
    SCANVIZ_REQUIRE_GPU();
    run_case({ValueType::I32, Op::Add}, true, (size_t{1} << 26) - 1, 201);
    run_case({ValueType::I32, Op::Add}, false, size_t{1} << 28, 202);
    run_case({ValueType::U32, Op::Max}, true, size_t{1} << 28, 203);
    run_case({ValueType::F32, Op::Add}, false, size_t{1} << 28, 204);
}

// Later launches find the status words of earlier ones (older epochs) in
// place: they must read as "not ready", never as a stale prefix.
TEST(GpuLookback, RepeatedLaunchesOnOneWorkspace) {
    SCANVIZ_REQUIRE_GPU();
    run_case({ValueType::I32, Op::Add}, false, 3 * 4096 * 37 + 11, 301, 5);
    run_case({ValueType::F32, Op::Add}, true, 1 << 20, 302, 3);
}

// The instrumented run: every tile's stamps in order, tile 0 inclusive at
// once, every other tile looking back at least one and stopping at the first
// inclusive predecessor, on more than one SM.
TEST(GpuLookback, TimelineOfAnInstrumentedRun) {
    SCANVIZ_REQUIRE_GPU();
    const int64_t n = (int64_t{1} << 22) + 5;
    const LookbackTimeline t = gpu::capture_lookback_timeline(n, 7);
    ASSERT_GT(t.tile_items, 0);
    const int64_t tiles = (n + t.tile_items - 1) / t.tile_items;
    ASSERT_EQ(static_cast<int64_t>(t.tiles.size()), tiles);
    EXPECT_EQ(check_timeline(t), "");
    EXPECT_EQ(t.tiles[0].distance, 0);
    // The instrumented kernel runs as many tiles per SM as the timed one.
    EXPECT_GT(t.timed_blocks_per_sm, 0);
    EXPECT_EQ(t.blocks_per_sm, t.timed_blocks_per_sm);
    const LookbackSummary s = summarize(t);
    EXPECT_GE(s.mean_distance, 1.0);
    EXPECT_GT(s.sms, 1);
    EXPECT_GT(s.span_ns, 0);
    // The JSON form carries it whole.
    const LookbackTimeline back = timeline_from_json(timeline_to_json(t));
    ASSERT_EQ(back.tiles.size(), t.tiles.size());
    EXPECT_EQ(back.tiles.back().distance, t.tiles.back().distance);
    EXPECT_EQ(back.tiles.back().preds.size(), t.tiles.back().preds.size());
    std::printf(
        "timeline: %d tiles on %d SMs (%d per SM, timed kernel %d), mean look-back distance %.2f (max %d, "
        "%.0f%% at 1), median look-back %.0f ns, span %.1f us\n",
        s.tiles, s.sms, t.blocks_per_sm, t.timed_blocks_per_sm, s.mean_distance, s.max_distance,
        100 * s.fraction_distance_1, s.median_lookback_ns, s.span_ns * 1e-3);
}

// The trace capture (kernels/device/device_decoupled_lookback/kernel.cu) imposes the model's
// schedule: waves of four tiles, so tile t of a wave folds t - first + 1 predecessors
// (its earlier wave-mates' aggregates and the previous wave's last inclusive prefix;
// in wave 0 tile 0's inclusive prefix, so t).
// Every tile configuration of the table, ten tiles (three waves, the last partial, the
// last tile short), int32 and float32: the GPU trace equals the model's step by step and
// the uninstrumented run of the same configuration gives the model's output bit for bit.
TEST(GpuLookbackTrace, CaptureFollowsTheWaveScheduleInEveryConfiguration) {
    SCANVIZ_REQUIRE_GPU();
    uint64_t seed = 401;
    for (const DeviceTileConfig cfg : kDeviceTileConfigs) {
        for (const ElemType type : {ElemType::I32, ElemType::F32}) {
            RunSpec spec;
            spec.variant = "device_decoupled_lookback";
            spec.n = cfg.tile() * 9 + 5;
            spec.threads = cfg.threads;
            spec.items_per_thread = cfg.items;
            spec.type = type;
            spec.exclusive = type == ElemType::F32;
            spec.seed = ++seed;
            ASSERT_FALSE(validate_and_resolve(spec).has_value());
            SCOPED_TRACE(std::to_string(cfg.threads) + "x" + std::to_string(cfg.items) + " " +
                         std::string(to_string(type)));
            const Trace model = run_model(spec);
            const Trace got = gpu::capture(spec);
            EXPECT_EQ(got.source.kind, "gpu");
            const auto mismatch = compare_traces(model, got);
            EXPECT_FALSE(mismatch.has_value()) << (mismatch ? mismatch->what : "");
            int look_backs = 0;
            for (const Step& s : got.steps) {
                if (s.phase != "look back") continue;
                for (const Operation& op : s.ops) {
                    if (op.kind != OpKind::Reduce) continue;  // the waits on each flag
                    // Wave 0: tile 0 publishes its inclusive prefix at once, so tile t folds t.
                    const int expect = op.thread < 4 ? op.thread : op.thread % 4 + 1;
                    EXPECT_EQ(static_cast<int>(op.reads.size()), expect) << "tile " << op.thread;
                    ++look_backs;
                }
            }
            EXPECT_EQ(look_backs, 9);  // every tile but tile 0
            EXPECT_EQ(gpu::run(spec), model.output);
        }
    }
}

// gpu::run past the trace limit with no tile configuration asked for runs the tuned
// kernel (what `scanviz validate` does at 2^20 + 1 and beyond).
TEST(GpuLookbackTrace, RunPastTheTraceLimitIsTheScan) {
    SCANVIZ_REQUIRE_GPU();
    for (const Op op : {Op::Add, Op::Max}) {
        RunSpec spec;
        spec.variant = "device_decoupled_lookback";
        spec.n = (1 << 20) + 1;
        spec.op = op;
        spec.exclusive = op == Op::Max;
        spec.seed = 77;
        const auto out = gpu::run(spec);
        EXPECT_EQ(out, sequential_scan(make_input(spec), spec.op, spec.type, spec.exclusive));
    }
}
