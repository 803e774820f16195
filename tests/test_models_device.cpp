// Whole-array scans at tile granularity (scan-then-propagate, reduce-then-scan):
// tile aggregates and prefixes, the final output against a sequential scan,
// float32 error within a bound from the order of operations, the trace shape
// of the tile-level convention, and the size checks.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/models/device_common.hpp"
#include "core/models/variants.hpp"
#include "core/trace/replay.hpp"
#include "support/spec_cases.hpp"

using namespace scanviz;
using namespace scanviz::test;

namespace {

const char* const kVariants[] = {"device_scan_then_propagate", "device_reduce_then_scan"};

// Wide int32 values (both signs, sums that wrap) given explicitly.
std::vector<double> wide_values(int n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int32_t> d(INT32_MIN, INT32_MAX);
    std::vector<double> v(static_cast<size_t>(n));
    for (auto& x : v) x = d(rng);
    return v;
}

const Region& region(const Trace& t, const std::string& name) {
    for (const auto& r : t.layout.regions)
        if (r.name == name) return r;
    throw std::runtime_error("no region " + name);
}

// The step that first writes the tile aggregates (pass 1 of both variants).
const Step& step_named(const Trace& t, const std::string& phase) {
    for (const auto& s : t.steps)
        if (s.phase == phase) return s;
    throw std::runtime_error("no step " + phase);
}

double fold(const std::vector<double>& v, size_t first, size_t count, Op op, ElemType type) {
    double acc = v[first];
    for (size_t i = 1; i < count; ++i) acc = apply_op(op, type, acc, v[first + i]);
    return acc;
}

const int kSizes[] = {1, 2, 3, 31, 32, 127, 128, 129, 255, 1000, 1024, 4097, 16384, 16385, 40000, 65536};

}  // namespace

TEST(DeviceModels, OutputEqualsSequentialScanForManySizes) {
    for (const char* v : kVariants) {
        for (int n : kSizes) {
            for (const Case& c : all_cases()) {
                if (c.type == ElemType::F32) continue;  // float: see the bound test
                RunSpec spec = spec_of(v, n, c, 1000 + n);
                if (c.op == Op::Add) {
                    spec.input = InputKind::Given;
                    spec.values = wide_values(n, n);
                }
                ASSERT_FALSE(validate_and_resolve(spec).has_value()) << v << " n=" << n;
                SCOPED_TRACE(std::string(v) + " n=" + std::to_string(n) + " op=" +
                             std::string(to_string(c.op)) + (c.exclusive ? " exclusive" : " inclusive"));
                const Trace t = run_model(spec);
                EXPECT_EQ(t.output, sequential_scan(t.input, c.op, c.type, c.exclusive));
                // The data region after the last step is the output.
                const Region& data = region(t, "data");
                ASSERT_EQ(data.count, n);
                const auto& last = t.steps.back().state;
                EXPECT_TRUE(std::equal(t.output.begin(), t.output.end(), last.begin() + data.first_slot));
            }
        }
    }
}

TEST(DeviceModels, TileAggregatesAndPrefixesAreRight) {
    for (const char* v : kVariants) {
        for (int n : {1, 100, 128, 1000, 5000, 65536}) {
            for (const Case& c : all_cases()) {
                if (c.type == ElemType::F32) continue;
                RunSpec spec = spec_of(v, n, c, 7 + n);
                ASSERT_FALSE(validate_and_resolve(spec).has_value());
                SCOPED_TRACE(std::string(v) + " n=" + std::to_string(n) +
                             " op=" + std::string(to_string(c.op)));
                const Trace t = run_model(spec);
                const int tile = spec.threads * spec.items_per_thread;
                const int tiles = (n + tile - 1) / tile;
                EXPECT_EQ(t.threads, tiles);
                EXPECT_EQ(t.blocks, tiles);
                const Region& agg = region(t, "tile aggregate");
                const Region& pre = region(t, "tile prefix");
                ASSERT_EQ(agg.count, tiles);
                ASSERT_EQ(pre.count, tiles);
                EXPECT_EQ(agg.space, Space::Tiles);
                const Step& pass1 = t.steps[0];
                const Step& pass2 = step_named(t, "scan tile sums");
                double running = identity(c.op, c.type);
                for (int k = 0; k < tiles; ++k) {
                    const size_t first = static_cast<size_t>(k) * tile;
                    const size_t len = std::min<size_t>(tile, n - first);
                    const double expect_agg = fold(t.input, first, len, c.op, c.type);
                    EXPECT_EQ(pass1.state[agg.first_slot + k], expect_agg) << "tile " << k;
                    EXPECT_EQ(pass2.state[pre.first_slot + k], running) << "tile " << k;
                    running = apply_op(c.op, c.type, running, expect_agg);
                }
            }
        }
    }
}

TEST(DeviceModels, TraceFollowsTheTileConvention) {
    RunSpec spec;
    spec.variant = "device_scan_then_propagate";
    spec.n = find_variant(spec.variant)->default_n;
    ASSERT_FALSE(validate_and_resolve(spec).has_value());
    EXPECT_EQ(spec.n, 1024) << "default n";
    EXPECT_EQ(spec.threads * spec.items_per_thread, 128) << "default: 8 tiles of 128";
    spec.n = 1000;  // last tile short: 7 full tiles and one of 104
    const Trace stp = run_model(spec);
    ASSERT_EQ(stp.steps.size(), 3u);
    EXPECT_EQ(stp.steps[0].label, "scan tiles");
    EXPECT_EQ(stp.steps[1].label, "scan tile sums");
    EXPECT_EQ(stp.steps[2].label, "add prefixes");
    for (const auto& s : stp.steps) EXPECT_EQ(s.barrier, barrier_name(BarrierKind::KernelEnd));
    ASSERT_EQ(stp.steps[0].ops.size(), 8u);
    const Operation& last_tile = stp.steps[0].ops[7];
    EXPECT_EQ(last_tile.kind, OpKind::TileScan);
    EXPECT_EQ(last_tile.thread, 7);
    EXPECT_EQ(last_tile.reads.size(), 104u);
    EXPECT_EQ(last_tile.writes.size(), 105u) << "the tile's elements and its aggregate";
    EXPECT_EQ(last_tile.applications, 103);
    EXPECT_EQ(last_tile.depth, 7);
    ASSERT_EQ(stp.steps[1].ops.size(), 1u);
    EXPECT_EQ(stp.steps[1].ops[0].thread, 0);
    EXPECT_EQ(stp.steps[1].ops[0].reads.size(), 8u);
    // Pass 3: one combine per element outside tile 0; tile 0 is not active.
    EXPECT_EQ(stp.steps[2].ops.size(), 1000u - 128u);
    EXPECT_FALSE(is_active(stp.steps[2].active_mask, 0));
    EXPECT_TRUE(is_active(stp.steps[2].active_mask, 7));
    for (const auto& o : stp.steps[2].ops) ASSERT_EQ(o.kind, OpKind::Combine);

    spec.variant = "device_reduce_then_scan";
    const Trace rts = run_model(spec);
    ASSERT_EQ(rts.steps.size(), 3u);
    EXPECT_EQ(rts.steps[0].label, "reduce tiles");
    EXPECT_EQ(rts.steps[2].label, "scan tiles");
    const Operation& reduce7 = rts.steps[0].ops[7];
    EXPECT_EQ(reduce7.kind, OpKind::Reduce);
    EXPECT_EQ(reduce7.writes.size(), 1u);
    EXPECT_EQ(reduce7.applications, 103);
    EXPECT_EQ(reduce7.depth, 7);
    // Pass 3 of tile k > 0 reads its prefix first, then its elements.
    const Operation& scan3 = rts.steps[2].ops[3];
    EXPECT_EQ(scan3.reads.front(), region(rts, "tile prefix").first_slot + 3);
    EXPECT_EQ(scan3.reads.size(), 129u);
    EXPECT_EQ(rts.steps[2].ops[0].reads.size(), 128u) << "tile 0 has no prefix";
    // The operations explain every state (replay takes tile-op values from the state).
    for (const Trace* t : {&stp, &rts}) {
        const auto m = replay(*t);
        EXPECT_FALSE(m.has_value()) << (m ? m->what : "");
    }
    // Data stays the input until pass 3 of reduce-then-scan writes the output.
    const Region& data = region(rts, "data");
    EXPECT_TRUE(std::equal(rts.input.begin(), rts.input.end(), rts.steps[1].state.begin() + data.first_slot));
}

TEST(DeviceModels, SingleElementAndSingleTile) {
    for (const char* v : kVariants) {
        for (bool ex : {false, true}) {
            RunSpec spec = spec_of(v, 1, {Op::Add, ElemType::I32, ex}, 1);
            spec.input = InputKind::Given;
            spec.values = {42};
            ASSERT_FALSE(validate_and_resolve(spec).has_value());
            const Trace t = run_model(spec);
            ASSERT_EQ(t.output.size(), 1u);
            EXPECT_EQ(t.output[0], ex ? 0.0 : 42.0) << v;
            EXPECT_EQ(t.threads, 1);
        }
    }
}

// Float32: every output element is within a bound derived from the longest
// chain of roundings an element goes through (in-tile upsweep, warp scan,
// warp prefixes, downsweep, on both levels, plus the prefix): |error| <=
// chain * 2^-24 * sum |x_j| over the elements it covers.
TEST(DeviceModels, Float32WithinTheOrderOfOperationsBound) {
    for (const char* v : kVariants) {
        for (int n : {1, 129, 1000, 16385, 65536}) {
            for (bool ex : {false, true}) {
                RunSpec spec = spec_of(v, n, {Op::Add, ElemType::F32, ex}, 99 + n);
                ASSERT_FALSE(validate_and_resolve(spec).has_value());
                const Trace t = run_model(spec);
                const int warps = spec.threads / 32;
                const int per_level = 2 * spec.items_per_thread + 5 + warps + 2;
                const double chain = 2.0 * per_level + 1;
                double exact = 0.0, abs_sum = 0.0, worst = 0.0;
                for (int i = 0; i < n; ++i) {
                    if (!ex) exact += t.input[i], abs_sum += std::fabs(t.input[i]);
                    const double err = std::fabs(t.output[i] - exact);
                    const double bound = chain * std::ldexp(1.0, -24) * abs_sum;
                    ASSERT_LE(err, bound) << v << " n=" << n << " i=" << i;
                    worst = std::max(worst, abs_sum > 0 ? err / (std::ldexp(1.0, -24) * abs_sum) : 0.0);
                    if (ex) exact += t.input[i], abs_sum += std::fabs(t.input[i]);
                }
                EXPECT_LE(worst, chain);
            }
        }
    }
}

TEST(DeviceModels, FloatOrderDiffersFromSequentialSomewhere) {
    // Not a bound but a fact worth showing: at n = 65536 the parallel order
    // rounds differently from the sequential sum for some element.
    RunSpec spec = spec_of("device_scan_then_propagate", 65536, {Op::Add, ElemType::F32, false}, 5);
    ASSERT_FALSE(validate_and_resolve(spec).has_value());
    const Trace t = run_model(spec);
    EXPECT_NE(t.output, sequential_scan(t.input, Op::Add, ElemType::F32, false));
}

TEST(DeviceModels, HostMirrorsOfTheTileRoutines) {
    std::mt19937 rng(3);
    for (const auto& cfg : kDeviceTileConfigs) {
        for (int len : {1, 5, cfg.tile() - 1, cfg.tile()}) {
            std::vector<double> v = wide_values(len, rng());
            double aggregate = 0;
            const double seed = 12345;
            EXPECT_EQ(tile_block_scan(v, Op::Add, ElemType::I32, cfg, false, nullptr, &aggregate),
                      sequential_scan(v, Op::Add, ElemType::I32, false));
            EXPECT_EQ(aggregate, fold(v, 0, v.size(), Op::Add, ElemType::I32));
            EXPECT_EQ(tile_block_reduce(v, Op::Max, ElemType::I32, cfg),
                      fold(v, 0, v.size(), Op::Max, ElemType::I32));
            auto seeded = v;
            seeded.insert(seeded.begin(), seed);
            auto expect = sequential_scan(seeded, Op::Add, ElemType::I32, false);
            expect.erase(expect.begin());
            EXPECT_EQ(tile_block_scan(v, Op::Add, ElemType::I32, cfg, false, &seed, nullptr), expect);
            auto expect_ex = sequential_scan(seeded, Op::Add, ElemType::I32, false);
            expect_ex.pop_back();
            EXPECT_EQ(tile_block_scan(v, Op::Add, ElemType::I32, cfg, true, &seed, nullptr), expect_ex);
        }
    }
}

TEST(DeviceModels, ChecksNameTheProblem) {
    for (const char* v : kVariants) {
        RunSpec big;
        big.variant = v;
        big.n = 65537;
        auto err = validate_and_resolve(big);
        ASSERT_TRUE(err.has_value());
        EXPECT_NE(err->find("65536"), std::string::npos) << *err;
        EXPECT_NE(err->find("validate"), std::string::npos) << *err;
        RunSpec zero;
        zero.variant = v;
        zero.n = 0;
        EXPECT_TRUE(validate_and_resolve(zero).has_value());
        RunSpec odd;
        odd.variant = v;
        odd.n = 100;
        odd.threads = 100;
        err = validate_and_resolve(odd);
        ASSERT_TRUE(err.has_value());
        EXPECT_NE(err->find("64x2"), std::string::npos) << *err;
        RunSpec crowded;
        crowded.variant = v;
        crowded.n = 65536;
        crowded.threads = 32;
        crowded.items_per_thread = 4;
        err = validate_and_resolve(crowded);
        ASSERT_TRUE(err.has_value());
        EXPECT_NE(err->find("512 tiles"), std::string::npos) << *err;
        // The GPU run's own check takes any n >= 1.
        RunSpec huge;
        huge.variant = v;
        huge.n = 1 << 28;
        EXPECT_FALSE(check_device_run(huge).has_value());
        resolve_device(huge);
        EXPECT_EQ(huge.threads, kDeviceLargeConfig.threads);
    }
}
