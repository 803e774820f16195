// Whole-array scans (scan-then-propagate, reduce-then-scan) on the GPU over
// sizes from 1 to 2^28, odd sizes included: gpu::run (uninstrumented, any n)
// against a host sequential scan; the tile-level capture against the model at
// the largest trace sizes. Outputs are poisoned (launch.cuh's kPoisonByte)
// before every launch, so an element no pass wrote cannot look right.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>

#include "core/common/splitmix.hpp"
#include "core/models/device_common.hpp"
#include "core/models/variants.hpp"
#include "core/trace/compare.hpp"
#include "gpu_test_env.hpp"
#include "kernels/gpu.hpp"

using namespace scanviz;

namespace {

const char* const kVariants[] = {"device_scan_then_propagate", "device_reduce_then_scan"};

constexpr uint32_t kPoisonWord = 0xA5A5A5A5u;  // kPoisonByte in every byte of a 4-byte element

uint64_t fresh_seed() {
    std::random_device rd;
    return (static_cast<uint64_t>(rd()) << 32) | rd();
}

RunSpec spec_for(const char* variant, int64_t n, Op op, ElemType type, bool exclusive) {
    RunSpec s;
    s.variant = variant;
    s.n = static_cast<int>(n);
    s.op = op;
    s.type = type;
    s.exclusive = exclusive;
    s.input = InputKind::Given;
    return s;  // threads and items left 0: gpu::run picks them for n
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// int32 over the full range, scanned on the host with two's-complement
// wraparound (add) or max/min, compared element by element.
void check_int(const char* variant, int64_t n, Op op, bool exclusive) {
    const uint64_t seed = fresh_seed();
    SCOPED_TRACE(std::string(variant) + " n=" + std::to_string(n) + " op=" + std::string(to_string(op)) +
                 (exclusive ? " exclusive" : " inclusive") + " seed=" + std::to_string(seed));
    const auto t0 = std::chrono::steady_clock::now();
    RunSpec spec = spec_for(variant, n, op, ElemType::I32, exclusive);
    std::vector<int32_t> in(static_cast<size_t>(n));
    SplitMix64 rng{seed};
    for (auto& x : in) x = static_cast<int32_t>(static_cast<uint32_t>(rng.next()));
    spec.values.assign(in.begin(), in.end());
    const auto out = gpu::run(spec);
    ASSERT_EQ(out.size(), in.size());
    uint32_t acc =
        op == Op::Add ? 0u : static_cast<uint32_t>(static_cast<int32_t>(identity(op, ElemType::I32)));
    int64_t bad = 0, first_bad = -1, poisoned = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        auto combine = [&](uint32_t a, int32_t b) -> uint32_t {
            switch (op) {
                case Op::Add:
                    return a + static_cast<uint32_t>(b);
                case Op::Max:
                    return static_cast<uint32_t>(std::max(static_cast<int32_t>(a), b));
                case Op::Min:
                    return static_cast<uint32_t>(std::min(static_cast<int32_t>(a), b));
            }
            return a;
        };
        uint32_t expect;
        if (exclusive) {
            expect = acc;
            acc = combine(acc, in[i]);
        } else {
            acc = i == 0 ? static_cast<uint32_t>(in[0]) : combine(acc, in[i]);
            expect = acc;
        }
        const uint32_t got = static_cast<uint32_t>(static_cast<int32_t>(out[i]));
        if (got != expect) {
            if (first_bad < 0) first_bad = static_cast<int64_t>(i);
            ++bad;
            if (got == kPoisonWord) ++poisoned;
        }
    }
    EXPECT_EQ(bad, 0) << "first wrong element " << first_bad << " (" << poisoned << " still poisoned)";
    std::printf("  %-28s n=%-10lld %s %s ok in %.2f s (host included)\n", variant, static_cast<long long>(n),
                std::string(to_string(op)).c_str(), exclusive ? "exclusive" : "inclusive", seconds_since(t0));
}

// float32 add on [0, 1): error against a double-precision scan within
// chain * 2^-24 * sum |x_j|, chain = the longest run of roundings an element
// goes through: per level of tiles an upsweep, a warp scan, the warp
// prefixes, a downsweep and the seed or prefix.
void check_float(const char* variant, int64_t n, bool exclusive) {
    const uint64_t seed = fresh_seed();
    SCOPED_TRACE(std::string(variant) + " n=" + std::to_string(n) +
                 " float32 add seed=" + std::to_string(seed));
    RunSpec spec = spec_for(variant, n, Op::Add, ElemType::F32, exclusive);
    RunSpec resolved = spec;
    resolve_device(resolved);
    const int tile = resolved.threads * resolved.items_per_thread;
    int levels = 1;
    for (int64_t m = (n + tile - 1) / tile; m > 1; m = (m + tile - 1) / tile) ++levels;
    const double chain = levels * (2.0 * resolved.items_per_thread + 5 + resolved.threads / 32 + 3) + 2;
    std::vector<double> in(static_cast<size_t>(n));
    SplitMix64 rng{seed};
    for (auto& x : in) x = static_cast<float>(static_cast<double>(rng.next() >> 40) / double(1ull << 24));
    spec.values = in;
    const auto out = gpu::run(spec);
    ASSERT_EQ(out.size(), in.size());
    double exact = 0.0, worst = 0.0;
    int64_t bad = 0, first_bad = -1;
    for (size_t i = 0; i < in.size(); ++i) {
        if (!exclusive) exact += in[i];
        const double bound = chain * std::ldexp(1.0, -24) * exact;  // inputs >= 0: sum |x| = sum x
        const double err = std::fabs(out[i] - exact);
        if (!(err <= bound)) {
            if (first_bad < 0) first_bad = static_cast<int64_t>(i);
            ++bad;
        }
        if (exact > 0) worst = std::max(worst, err / (std::ldexp(1.0, -24) * exact));
        if (exclusive) exact += in[i];
    }
    EXPECT_EQ(bad, 0) << "first element outside the bound: " << first_bad;
    std::printf("  %-28s n=%-10lld float32 %s: worst error %.2f ulp-of-sum units (bound %.0f, %d levels)\n",
                variant, static_cast<long long>(n), exclusive ? "exclusive" : "inclusive", worst, chain,
                levels);
}

class GpuDeviceSizes : public ::testing::TestWithParam<const char*> {};

TEST_P(GpuDeviceSizes, Int32AddWideValuesAllSizes) {
    SCANVIZ_REQUIRE_GPU();
    for (int64_t n : {int64_t{1}, int64_t{2}, int64_t{3}, int64_t{31}, int64_t{1000}, int64_t{4097},
                      int64_t{65537}, (int64_t{1} << 20) + 1, int64_t{1} << 24, int64_t{1} << 28})
        check_int(GetParam(), n, Op::Add, false);
}

TEST_P(GpuDeviceSizes, Int32ExclusiveAndMaxMin) {
    SCANVIZ_REQUIRE_GPU();
    for (int64_t n : {int64_t{1}, int64_t{3}, int64_t{4097}, (int64_t{1} << 20) + 1, int64_t{1} << 24})
        check_int(GetParam(), n, Op::Add, true);
    for (int64_t n : {int64_t{1}, int64_t{1000}, int64_t{65537}, (int64_t{1} << 20) + 1}) {
        check_int(GetParam(), n, Op::Max, false);
        check_int(GetParam(), n, Op::Min, true);
    }
}

TEST_P(GpuDeviceSizes, Float32AddWithinBound) {
    SCANVIZ_REQUIRE_GPU();
    for (int64_t n : {int64_t{1000}, int64_t{65537}, (int64_t{1} << 20) + 1, int64_t{1} << 24})
        for (bool ex : {false, true}) check_float(GetParam(), n, ex);
}

// The smallest tile (32 x 4 = 128) forces three levels of tile sums at 2^20 + 1.
TEST_P(GpuDeviceSizes, SmallTilesRecurseThroughLevels) {
    SCANVIZ_REQUIRE_GPU();
    for (bool ex : {false, true}) {
        RunSpec spec = spec_for(GetParam(), (1 << 20) + 1, Op::Add, ElemType::I32, ex);
        spec.threads = 32;
        spec.items_per_thread = 4;
        spec.input = InputKind::Ramp;
        const auto out = gpu::run(spec);
        std::vector<double> ramp(static_cast<size_t>(spec.n));
        for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<double>(i);
        EXPECT_EQ(out, sequential_scan(ramp, Op::Add, ElemType::I32, ex));
    }
}

// The largest traces: the GPU's tile-level trace equals the model's, float included.
TEST_P(GpuDeviceSizes, CaptureEqualsModelAtLargestTraceSizes) {
    SCANVIZ_REQUIRE_GPU();
    for (int n : {40000, 65536}) {
        for (auto [op, type] : {std::pair{Op::Add, ElemType::F32}, std::pair{Op::Add, ElemType::I32},
                                std::pair{Op::Max, ElemType::I32}}) {
            for (bool ex : {false, true}) {
                RunSpec spec;
                spec.variant = GetParam();
                spec.n = n;
                spec.op = op;
                spec.type = type;
                spec.exclusive = ex;
                spec.seed = fresh_seed();
                ASSERT_FALSE(validate_and_resolve(spec).has_value());
                SCOPED_TRACE("n=" + std::to_string(n) + " seed=" + std::to_string(spec.seed));
                const Trace model = run_model(spec);
                const Trace gpu_trace = gpu::capture(spec);
                const auto m = compare_traces(model, gpu_trace);
                EXPECT_FALSE(m.has_value()) << (m ? m->what : "");
                EXPECT_EQ(gpu::run(spec), model.output);
            }
        }
    }
}

TEST_P(GpuDeviceSizes, BadSizesSayWhy) {
    SCANVIZ_REQUIRE_GPU();
    RunSpec spec = spec_for(GetParam(), 0, Op::Add, ElemType::I32, false);
    EXPECT_THROW(gpu::run(spec), std::invalid_argument);
    spec.n = 100;
    spec.input = InputKind::Ramp;
    spec.threads = 48;
    spec.items_per_thread = 3;
    try {
        gpu::run(spec);
        ADD_FAILURE() << "48x3 accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("128x8"), std::string::npos) << e.what();
    }
}

INSTANTIATE_TEST_SUITE_P(Multipass, GpuDeviceSizes, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
