// The whole-array scan (kernels/device/decoupled_lookback.cuh, through
// gpu::lookback_scan) for every element type and operator: int32, uint32,
// float32, int64, float64 x add, max, min x inclusive, exclusive, against a
// sequential reference at 1, 2, 3, 2^k - 1, 2^k, 2^k + 1 (around a warp's chunk, the
// 4-byte and 8-byte tiles, the look-back window and a full grid of tiles) and 2^28.
// Integers, max and min exactly (exclusive: the first element is the identity).
// Float sums against a compensated (double-double) reference: |out - ref| within
// 1e-5 (float32) or 1e-12 (float64) of the running sum of |x| up to the element.
// Float sums follow the documented order (groups of 32 tiles) bit for bit, rebuilt on
// the host; two launches on fresh workspaces give the same bits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "core/bench/bench.hpp"
#include "core/common/splitmix.hpp"
#include "core/trace/host_scan.hpp"
#include "gpu_test_env.hpp"
#include "kernels/device/decoupled_lookback.hpp"

using namespace scanviz;

namespace {

template <class T>
std::vector<T> make_values(size_t n, uint64_t seed) {
    std::vector<T> v(n);
    SplitMix64 r{seed};
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
    T acc = host_identity<T>(op);
    for (size_t i = 0; i < in.size(); ++i) {
        const T before = acc;
        acc = host_combine(op, acc, in[i]);
        const T want = exclusive ? before : acc;
        if (std::memcmp(&out[i], &want, sizeof(T)) != 0)
            return bad(i, static_cast<double>(out[i]), static_cast<double>(want));
    }
    return {};
}

// The order of float additions the tuned kernel documents (kernels/device/lookback/:
// the staged tile's chunk scans, the early aggregate, lb_look_back_grouped), rebuilt on
// the host in the same type: the kernel's output must equal it bit for bit, whatever
// the schedule did. Tile t, warp w, chunk k, lane l, item j holds element
// t * tile + w * 32 * items + k * 32 * vec + l * vec + j; the last tile is padded with 0.
template <class T>
std::vector<T> grouped_order_reference(const std::vector<T>& in, bool exclusive, gpu::LookbackShape shape) {
    const int vec = 16 / static_cast<int>(sizeof(T)), chunks = shape.items / vec, warps = shape.threads / 32;
    const size_t tile_items = static_cast<size_t>(shape.threads) * shape.items, n = in.size();
    const size_t tiles = (n + tile_items - 1) / tile_items;
    auto warp_scan = [](std::vector<T> x) {  // lb_warp_inclusive: Kogge-Stone over 32 lanes
        for (int d = 1; d < 32; d *= 2)
            for (int l = 31; l >= d; --l) x[l] = x[l - d] + x[l];
        return x;
    };
    // Per tile: its items scanned within each warp (lb_scan_chunk), the warps' inclusive
    // scan, and the aggregate.
    std::vector<T> scanned(tiles * tile_items), aggregates(tiles);
    std::vector<std::vector<T>> warp_incl(tiles);
    for (size_t t = 0; t < tiles; ++t) {
        std::vector<T> wa(32, T(0));
        for (int w = 0; w < warps; ++w) {
            T* s = scanned.data() + t * tile_items + static_cast<size_t>(w) * 32 * shape.items;
            const size_t first = t * tile_items + static_cast<size_t>(w) * 32 * shape.items;
            for (int i = 0; i < 32 * shape.items; ++i) s[i] = first + i < n ? in[first + i] : T(0);
            T total{};
            for (int k = 0; k < chunks; ++k) {
                std::vector<T> last(32);
                for (int l = 0; l < 32; ++l) {
                    T* x = s + k * 32 * vec + l * vec;
                    for (int j = 1; j < vec; ++j) x[j] = x[j - 1] + x[j];
                    last[l] = x[vec - 1];
                }
                const auto incl = warp_scan(last);
                for (int l = 0; l < 32; ++l) {
                    if (k == 0 && l == 0) continue;
                    const T prefix = k == 0 ? incl[l - 1] : (l == 0 ? total : total + incl[l - 1]);
                    for (int j = 0; j < vec; ++j)
                        s[k * 32 * vec + l * vec + j] = prefix + s[k * 32 * vec + l * vec + j];
                }
                total = k == 0 ? incl[31] : total + incl[31];
            }
            wa[w] = total;
        }
        warp_incl[t] = warp_scan(wa);
        aggregates[t] = warp_incl[t][warps - 1];
    }
    // Tile prefixes: groups of 32 tiles, each group's sum the warp scan of its aggregates,
    // folded left from the first group.
    std::vector<T> out(n);
    T q{};  // the fold of the groups before tile t's group
    for (size_t t = 0; t < tiles; ++t) {
        const size_t g = t / 32, r = t % 32;
        std::vector<T> a(32, T(0));
        for (size_t i = 0; i <= r; ++i) a[i] = aggregates[g * 32 + i];
        const auto l = warp_scan(a);
        const T exclusive_prefix = r == 0 ? q : (g > 0 ? q + l[r - 1] : l[r - 1]);
        for (int w = 0; w < warps; ++w) {
            const T within = w == 0 ? T(0) : warp_incl[t][w - 1];
            const T prefix = t == 0 ? within : (w == 0 ? exclusive_prefix : exclusive_prefix + within);
            const size_t first = t * tile_items + static_cast<size_t>(w) * 32 * shape.items;
            const T* s = scanned.data() + first;
            for (int i = 0; i < 32 * shape.items && first + i < n; ++i)
                out[first + i] = exclusive ? (i == 0 ? prefix : prefix + s[i - 1]) : prefix + s[i];
        }
        if (r == 31 || t + 1 == tiles) {
            // The group is complete (or the array ends): fold its sum into q.
            std::vector<T> full(32, T(0));
            for (size_t i = 0; i <= r; ++i) full[i] = aggregates[g * 32 + i];
            const T s = warp_scan(full)[31];
            q = g > 0 ? q + s : s;
        }
    }
    return out;
}

template <class T>
void run_case(ValueType type, Op op, bool exclusive, size_t n, uint64_t seed, int launches = 1,
              LookbackTuningId tuning = LookbackTuningId::Tuned) {
    const auto in = make_values<T>(n, seed);
    const auto out = gpu::lookback_scan(to_words(in), type, op, exclusive, launches, tuning);
    const std::string problem = check(in, out, op, exclusive);
    EXPECT_TRUE(problem.empty()) << to_string(tuning) << " " << to_string(type) << " " << to_string(op)
                                 << (exclusive ? " exclusive" : " inclusive") << " n=" << n
                                 << ": "
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

// The H200's tunings (issue 24: 128 x 104 with hints and without, 128 x 144; tiles in dynamic
// shared memory) at every edge size of their own tiles, every type, operator and mode.
TEST(GpuLookbackTypes, EveryTuningEveryTypeOpModeAtEdgeSizes) {
    SCANVIZ_REQUIRE_GPU();
    uint64_t seed = 3400;
    for (const LookbackTuningId tuning : {LookbackTuningId::WideHinted, LookbackTuningId::Wide, LookbackTuningId::Widest})
        for (const ValueType type : kAllValueTypes) {
            const gpu::LookbackShape shape = gpu::lookback_tuned_shape(type, tuning);
            const size_t tile = static_cast<size_t>(shape.threads) * shape.items;
            for (const Op op : {Op::Add, Op::Max, Op::Min})
                for (const bool ex : {false, true})
                    for (const size_t n : {size_t{1}, size_t{129}, tile - 1, tile, tile + 1, 32 * tile + 5,
                                           1000 * tile - 3, (size_t{1} << 24) + 7})
                        for_type(type, [&](auto t) {
                            run_case<decltype(t)>(type, op, ex, n, ++seed, 1, tuning);
                        });
        }
}

// The tile kernel's float sums equal the documented order (groups of 32 tiles, rebuilt on
// the host) bit for bit: at one tile, around a group of 32 tiles, and with more than 32
// groups before a tile (the look-back keeps 32 group sums in registers and reads farther
// ones again).
template <class T>
void expect_grouped_order(ValueType type, uint64_t seed, LookbackTuningId tuning = LookbackTuningId::Tuned) {
    const gpu::LookbackShape shape = gpu::lookback_tuned_shape(type, tuning);
    ASSERT_GT(shape.threads, 0);
    const size_t tile = static_cast<size_t>(shape.threads) * shape.items;
    for (const size_t n : {size_t{1}, size_t{7}, tile - 1, tile + 1, 32 * tile - 3, 32 * tile + 1,
                           33 * tile + 9, 64 * tile - 5, 1100 * tile + 77, (size_t{1} << 24) + 3}) {
        for (const bool ex : {false, true}) {
            const auto in = make_values<T>(n, ++seed);
            const auto want = grouped_order_reference(in, ex, shape);
            const auto got_words =
                gpu::lookback_scan(to_words(in), type, Op::Add, ex, 1, tuning);
            std::vector<T> got(n);
            std::memcpy(got.data(), got_words.data(), n * sizeof(T));
            size_t diff = 0, first = n;
            for (size_t i = 0; i < n; ++i)
                if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) diff += 1, first = std::min(first, i);
            EXPECT_EQ(diff, 0u) << to_string(tuning) << " " << to_string(type) << (ex ? " exclusive" : " inclusive") << " n=" << n << ": "
                                << diff << " elements differ from the documented order, the first at "
                                << first;
        }
    }
}

TEST(GpuLookbackTypes, FloatSumsFollowTheDocumentedOrder) {
    SCANVIZ_REQUIRE_GPU();
    expect_grouped_order<float>(ValueType::F32, 2600);
    expect_grouped_order<double>(ValueType::F64, 2700);
    for (const LookbackTuningId tuning : {LookbackTuningId::WideHinted, LookbackTuningId::Wide, LookbackTuningId::Widest}) {
        expect_grouped_order<float>(ValueType::F32, 2800, tuning);
        expect_grouped_order<double>(ValueType::F64, 2900, tuning);
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
