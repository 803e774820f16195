// The whole-array scan (issue 14: kernels/device/decoupled_lookback_pipelined.cuh,
// through gpu::lookback_scan) for every element type and operator: int32, uint32,
// float32, int64, float64 x add, max, min x inclusive, exclusive, against a
// sequential reference at 1, 2, 3, 2^k - 1, 2^k, 2^k + 1 (around a warp's chunk, the
// 4-byte and 8-byte tiles, the look-back window and a full grid of tiles) and 2^28.
// Integers, max and min exactly (exclusive: the first element is the identity).
// Float sums against a compensated (double-double) reference: |out - ref| within
// 1e-5 (float32) or 1e-12 (float64) of the running sum of |x| up to the element.
// Two launches on fresh workspaces give the same bits (a run-to-run deterministic
// order of float additions).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "core/bench.hpp"
#include "gpu_test_env.hpp"
#include "kernels/device/decoupled_lookback.hpp"

using namespace scanviz;

namespace {

struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
};

template <class T>
std::vector<T> make_values(size_t n, uint64_t seed) {
    std::vector<T> v(n);
    Rng r{seed};
    for (auto& x : v) {
        const uint64_t z = r.next();
        if constexpr (std::is_same_v<T, float>)
            x = static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f;  // [-1, 1)
        else if constexpr (std::is_same_v<T, double>)
            x = static_cast<double>(z >> 11) * (2.0 / 9007199254740992.0) - 1.0;
        else
            x = static_cast<T>(z);  // every bit random: sums wrap
    }
    return v;
}

template <class T>
std::vector<uint32_t> to_words(const std::vector<T>& v) {
    std::vector<uint32_t> w(v.size() * sizeof(T) / 4);
    std::memcpy(w.data(), v.data(), v.size() * sizeof(T));
    return w;
}

template <class T>
T identity(Op op) {
    if (op == Op::Max) return std::numeric_limits<T>::lowest();
    if (op == Op::Min) return std::numeric_limits<T>::max();
    return T(0);
}

// Empty when right, else the first wrong element.
template <class T>
std::string check(const std::vector<T>& in, const std::vector<uint32_t>& out_words, Op op, bool exclusive) {
    if (out_words.size() * 4 != in.size() * sizeof(T))
        return "output has " + std::to_string(out_words.size()) + " words";
    std::vector<T> out(in.size());
    std::memcpy(out.data(), out_words.data(), in.size() * sizeof(T));
    auto bad = [&](size_t i, double got, double want) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "element %zu: got %.17g, expected %.17g", i, got, want);
        return std::string(buf);
    };
    if constexpr (std::is_floating_point_v<T>) {
        if (op == Op::Add) {
            const double tol = sizeof(T) == 4 ? 1e-5 : 1e-12;
            double hi = 0, lo = 0, scale = 0;
            for (size_t i = 0; i < in.size(); ++i) {
                const double ref_before = hi + lo;
                const double x = in[i];
                const double s = hi + x, bb = s - hi;
                lo += (hi - (s - bb)) + (x - bb);  // TwoSum: the rounding error of hi + x
                hi = s;
                scale += std::fabs(x);
                const double ref = exclusive ? ref_before : hi + lo;
                const double scale_at = exclusive ? scale - std::fabs(x) : scale;
                if (!(std::fabs(out[i] - ref) <= tol * scale_at)) return bad(i, out[i], ref);
            }
            return {};
        }
    }
    T acc = identity<T>(op);
    for (size_t i = 0; i < in.size(); ++i) {
        const T before = acc;
        if (op == Op::Add) {
            if constexpr (std::is_integral_v<T>) {
                using U = std::make_unsigned_t<T>;
                acc = static_cast<T>(static_cast<U>(acc) + static_cast<U>(in[i]));
            } else {
                acc = acc + in[i];
            }
        } else if (op == Op::Max) {
            acc = acc > in[i] ? acc : in[i];
        } else {
            acc = acc < in[i] ? acc : in[i];
        }
        const T want = exclusive ? before : acc;
        if (std::memcmp(&out[i], &want, sizeof(T)) != 0)
            return bad(i, static_cast<double>(out[i]), static_cast<double>(want));
    }
    return {};
}

template <class T>
void run_case(ValueType type, Op op, bool exclusive, size_t n, uint64_t seed, int launches = 1,
              gpu::LookbackKernel kernel = gpu::LookbackKernel::Tiles, double lag = 0) {
    const auto in = make_values<T>(n, seed);
    const auto out = gpu::lookback_scan(to_words(in), type, op, exclusive, launches, kernel, lag);
    const std::string problem = check(in, out, op, exclusive);
    EXPECT_TRUE(problem.empty()) << to_string(type) << " " << to_string(op)
                                 << (exclusive ? " exclusive" : " inclusive") << " n=" << n
                                 << (kernel == gpu::LookbackKernel::Lagged ? " lagged, lag " : "")
                                 << (kernel == gpu::LookbackKernel::Lagged ? std::to_string(lag) : "") << ": "
                                 << problem;
}

template <class F>
void for_type(ValueType type, F&& f) {
    switch (type) {
        case ValueType::I32:
            return f(int32_t{});
        case ValueType::U32:
            return f(uint32_t{});
        case ValueType::F32:
            return f(float{});
        case ValueType::I64:
            return f(int64_t{});
        case ValueType::F64:
            return f(double{});
    }
}

std::vector<size_t> edge_sizes() {
    std::vector<size_t> s = {1, 2, 3};
    // A warp's chunk (128 4-byte / 64 8-byte items), a tile (8192 / 4096), the look-back
    // window of tiles, a grid's worth of tiles and more.
    for (int k : {6, 7, 12, 13, 14, 18, 20, 22})
        for (size_t d : {size_t{0}, size_t{1}, size_t{2}}) s.push_back((size_t{1} << k) - 1 + d);
    s.push_back(1000003);
    return s;
}

}  // namespace

TEST(GpuLookbackTypes, EveryTypeOpModeAtEdgeSizes) {
    SCANVIZ_REQUIRE_GPU();
    uint64_t seed = 1400;
    for (const ValueType type : kAllValueTypes)
        for (const Op op : {Op::Add, Op::Max, Op::Min})
            for (const bool ex : {false, true})
                for (const size_t n : edge_sizes())
                    for_type(type, [&](auto t) { run_case<decltype(t)>(type, op, ex, n, ++seed); });
}

// The lagged kernel at every edge size, with the tuned lag (capped at the number of
// tiles: below a grid's worth every tile is reduced before the first is scanned) and
// with a lag of one tile (each block scans the tile its predecessor reduced).
TEST(GpuLookbackTypes, LaggedKernelEveryTypeOpModeAtEdgeSizes) {
    SCANVIZ_REQUIRE_GPU();
    uint64_t seed = 2400;
    for (const double lag : {0.0, 1e-9})
        for (const ValueType type : kAllValueTypes)
            for (const Op op : {Op::Add, Op::Max, Op::Min})
                for (const bool ex : {false, true})
                    for (const size_t n : edge_sizes())
                        for_type(type, [&](auto t) {
                            run_case<decltype(t)>(type, op, ex, n, ++seed, 1, gpu::LookbackKernel::Lagged,
                                                  lag);
                        });
}

// Float sums: the lagged kernel adds in a fixed order too: with another lag (another
// schedule, other predecessors found published) the bits are the same; and with the
// same tile shape as the one-tile-per-block kernel (8-byte values: 4096 items) the same
// bits as that kernel.
TEST(GpuLookbackTypes, LaggedFloatSumsAreDeterministic) {
    SCANVIZ_REQUIRE_GPU();
    const size_t n = (size_t{1} << 23) + 5;
    const auto f = to_words(make_values<float>(n, 2501));
    const auto d = to_words(make_values<double>(n, 2502));
    for (const bool ex : {false, true}) {
        EXPECT_EQ(gpu::lookback_scan(f, ValueType::F32, Op::Add, ex, 1, gpu::LookbackKernel::Lagged),
                  gpu::lookback_scan(f, ValueType::F32, Op::Add, ex, 1, gpu::LookbackKernel::Lagged, 0.05));
        EXPECT_EQ(gpu::lookback_scan(d, ValueType::F64, Op::Add, ex, 1, gpu::LookbackKernel::Lagged, 0.25),
                  gpu::lookback_scan(d, ValueType::F64, Op::Add, ex, 1, gpu::LookbackKernel::Tiles));
    }
}

TEST(GpuLookbackTypes, EveryTypeAt2p28) {
    SCANVIZ_REQUIRE_GPU();
    uint64_t seed = 1500;
    for (const ValueType type : kAllValueTypes) {
        for_type(type, [&](auto t) { run_case<decltype(t)>(type, Op::Add, false, size_t{1} << 28, ++seed); });
        for_type(type, [&](auto t) { run_case<decltype(t)>(type, Op::Max, true, size_t{1} << 28, ++seed); });
    }
}

// Status words of earlier launches (older epochs, and another word layout) are in place.
TEST(GpuLookbackTypes, RepeatedLaunchesOnOneWorkspace) {
    SCANVIZ_REQUIRE_GPU();
    run_case<int64_t>(ValueType::I64, Op::Add, false, 3 * 4096 * 37 + 11, 1601, 4);
    run_case<double>(ValueType::F64, Op::Add, true, (1 << 20) + 5, 1602, 3);
}

// The float sums follow one order whatever the timing: two runs, the same bits.
TEST(GpuLookbackTypes, FloatSumsAreRunToRunDeterministic) {
    SCANVIZ_REQUIRE_GPU();
    const size_t n = (size_t{1} << 24) + 3;
    const auto f = to_words(make_values<float>(n, 1701));
    const auto d = to_words(make_values<double>(n, 1702));
    EXPECT_EQ(gpu::lookback_scan(f, ValueType::F32, Op::Add, false),
              gpu::lookback_scan(f, ValueType::F32, Op::Add, false));
    EXPECT_EQ(gpu::lookback_scan(d, ValueType::F64, Op::Add, true),
              gpu::lookback_scan(d, ValueType::F64, Op::Add, true));
}

TEST(GpuLookbackTypes, RejectsAnOddWordCountFor8ByteValues) {
    SCANVIZ_REQUIRE_GPU();
    EXPECT_THROW(gpu::lookback_scan(std::vector<uint32_t>(7, 0), ValueType::F64, Op::Add, false),
                 std::invalid_argument);
}
