// Block-level reference models: closed forms (Hillis-Steele work, Blelloch's
// two sweeps), bank conflicts of Blelloch with and without GPU Gems 3's
// padding, the CUB-style strategies against a sequential scan over block
// widths that are not powers of two and several items per thread, replay of
// every block trace, and the size checks. (Every variant's output against a
// sequential scan over many sizes is core's generic test.)
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/analysis/metrics.hpp"
#include "core/models/variants.hpp"
#include "core/trace/replay.hpp"
#include "support/spec_cases.hpp"

using namespace scanviz;
using namespace scanviz::test;

namespace {

int log2_exact(int n) {
    int l = 0;
    while ((1 << l) < n) ++l;
    return l;
}

// Sum of the work of the steps whose phase is `phase`.
int64_t phase_work(const Trace& t, const Metrics& m, const std::string& phase) {
    int64_t w = 0;
    for (size_t s = 0; s < t.steps.size(); ++s)
        if (t.steps[s].phase == phase) w += m.per_step[s].work;
    return w;
}

// Float32 outputs differ from a left-to-right sum by rounding only: bound
// each element by (ops on its chain + n) * eps * (sum of magnitudes).
void expect_scan(const Trace& t, const RunSpec& spec) {
    const auto seq = sequential_scan(t.input, spec.op, spec.type, spec.exclusive);
    ASSERT_EQ(t.output.size(), seq.size());
    if (spec.type == ElemType::I32) {
        EXPECT_EQ(t.output, seq);
        return;
    }
    double abs_sum = 0;
    for (size_t i = 0; i < seq.size(); ++i) {
        const double bound = 2.0 * (static_cast<double>(seq.size()) + 64.0) * 1.2e-7 * (abs_sum + 1e-30);
        EXPECT_NEAR(t.output[i], seq[i], bound) << "element " << i;
        abs_sum += std::fabs(t.input[i]);
    }
}

}  // namespace

TEST(HillisSteele, WorkIsNLogNMinusNMinusOneAndSpanLogN) {
    for (int n = 2; n <= 1024; n *= 2) {
        const Trace t = run_model(spec_of("block_hillis_steele", n));
        const Metrics m = compute_metrics(t);
        const int lg = log2_exact(n);
        EXPECT_EQ(m.work, static_cast<int64_t>(n) * lg - (n - 1)) << "n=" << n;
        EXPECT_EQ(m.steps, lg) << "n=" << n;
        EXPECT_EQ(m.span, lg) << "n=" << n;
    }
}

TEST(HillisSteele, DoubleBufferedStepsReadOneHalfAndWriteTheOther) {
    const int n = 64;
    const Trace t = run_model(spec_of("block_hillis_steele", n));
    ASSERT_EQ(t.layout.slots, 2 * n);
    for (size_t s = 0; s < t.steps.size(); ++s) {
        const int out_half = (s % 2 == 0) ? 1 : 0;  // the first step writes buffer 1
        for (const auto& op : t.steps[s].ops) {
            for (int r : op.reads) EXPECT_EQ(r / n, 1 - out_half);
            for (int w : op.writes) EXPECT_EQ(w / n, out_half);
        }
    }
}

TEST(Blelloch, UpSweepAndDownSweepEachApplyTheOperatorNMinusOneTimes) {
    for (const char* v : {"block_blelloch", "block_blelloch_padded"}) {
        for (int n = 2; n <= 2048; n *= 2) {
            for (bool ex : {false, true}) {
                const Trace t = run_model(spec_of(v, n, {Op::Add, ElemType::I32, ex}));
                const Metrics m = compute_metrics(t);
                SCOPED_TRACE(std::string(v) + " n=" + std::to_string(n) + (ex ? " exclusive" : " inclusive"));
                EXPECT_EQ(phase_work(t, m, "up-sweep"), n - 1);
                EXPECT_EQ(phase_work(t, m, "down-sweep"), n - 1);
                EXPECT_EQ(phase_work(t, m, "clear last"), 0);
                EXPECT_EQ(phase_work(t, m, "inclusive shift"), 0);
                EXPECT_EQ(m.work, 2 * (n - 1));
                const int lg = log2_exact(n);
                // log n up-sweep steps, clear last, log n down-sweep steps, and the shift when inclusive
                EXPECT_EQ(m.steps, 2 * lg + 1 + (ex ? 0 : 1));
                int swaps = 0;
                for (const auto& st : t.steps)
                    for (const auto& op : st.ops) swaps += op.kind == OpKind::Swap;
                EXPECT_EQ(swaps, n - 1);
            }
        }
    }
}

TEST(Blelloch, PaddedLayoutMarksOneWordAfterEvery32) {
    const Trace t = run_model(spec_of("block_blelloch_padded", 1024));
    ASSERT_EQ(t.layout.regions[0].count,
              1024 + 1024 / 32 - 1);  // the word after the last element is not needed
    int padding = 0;
    for (int w = 0; w < t.layout.regions[0].count; ++w) {
        const bool pad = t.layout.padding[t.layout.regions[0].first_slot + w];
        padding += pad;
        EXPECT_EQ(pad, w % 33 == 32) << "word " << w;
    }
    EXPECT_EQ(padding, 1024 / 32 - 1);
    const Trace u = run_model(spec_of("block_blelloch", 1024));
    for (uint8_t p : u.layout.padding) EXPECT_EQ(p, 0);
}

// Per up-sweep step: its stride and the largest bank conflict degree.
std::vector<std::pair<int, int>> up_sweep_degrees(const std::string& variant, int n) {
    const Trace t = run_model(spec_of(variant, n));
    const Metrics m = compute_metrics(t);
    std::vector<std::pair<int, int>> v;
    for (size_t s = 0; s < t.steps.size(); ++s)
        if (t.steps[s].phase == "up-sweep") v.push_back({1 << v.size(), m.per_step[s].max_conflict_degree});
    return v;
}

TEST(Blelloch, UnpaddedUpSweepConflictsGrowWithTheStride) {
    // Stride s puts the lanes of a warp 2s words apart: min(2s, 32)-way while
    // whole warps take part; every up-sweep step but the root's (one thread)
    // has conflicts.
    const auto deg = up_sweep_degrees("block_blelloch", 2048);
    ASSERT_EQ(deg.size(), 11u);
    for (size_t i = 0; i + 1 < deg.size(); ++i) {
        SCOPED_TRACE("stride " + std::to_string(deg[i].first));
        EXPECT_GT(deg[i].second, 1);
        if (deg[i].first <= 16) {
            EXPECT_EQ(deg[i].second, std::min(2 * deg[i].first, 32));
        }
    }
    EXPECT_EQ(deg.back().second, 1);
}

TEST(Blelloch, PaddingRemovesTheUpSweepConflictsGpuGemsNames) {
    // GPU Gems 3 39.2.3: with i + (i >> LOG_NUM_BANKS) the strided accesses
    // spread over the banks: conflict-free for strides up to 16 (where the
    // plain form is 2- to 32-way); deeper levels, where the offset itself
    // repeats across a warp, keep at most 2-way (measured here, not claimed there).
    const auto plain = up_sweep_degrees("block_blelloch", 2048);
    const auto padded = up_sweep_degrees("block_blelloch_padded", 2048);
    ASSERT_EQ(plain.size(), padded.size());
    for (size_t i = 0; i < padded.size(); ++i) {
        SCOPED_TRACE("stride " + std::to_string(padded[i].first) + ": plain " +
                     std::to_string(plain[i].second) + ", padded " + std::to_string(padded[i].second));
        EXPECT_LE(padded[i].second, plain[i].second);
        if (padded[i].first <= 16) {
            EXPECT_EQ(padded[i].second, 1);
        } else {
            EXPECT_LE(padded[i].second, 2);
        }
    }
    // The whole trace: the padded form spends fewer bank cycles.
    const Metrics mp = compute_metrics(run_model(spec_of("block_blelloch", 2048)));
    const Metrics mq = compute_metrics(run_model(spec_of("block_blelloch_padded", 2048)));
    int64_t cp = 0, cq = 0;
    for (const auto& s : mp.per_step) cp += s.bank_cycles;
    for (const auto& s : mq.per_step) cq += s.bank_cycles;
    EXPECT_LT(cq, cp);
}

TEST(Blelloch, InclusiveIsTheExclusiveShiftedWithTheTotalLast) {
    for (const Case& c : all_cases()) {
        for (int n : {1, 2, 3, 31, 32, 33, 100, 1000, 2048}) {
            for (const char* v : {"block_blelloch", "block_blelloch_padded"}) {
                const RunSpec spec = spec_of(v, n, c, 11 + n);
                SCOPED_TRACE(std::string(v) + " n=" + std::to_string(n));
                expect_scan(run_model(spec), spec);
            }
        }
    }
}

TEST(ItemsPerThread, RakingMemoizeWarpScansMatchASequentialScan) {
    for (const char* v : {"block_raking", "block_raking_memoize", "block_warp_scans"}) {
        for (int threads : {17, 32, 65, 96, 128}) {
            for (int items : {1, 2, 4, 8}) {
                if (threads * items > 2048) continue;
                for (int n : {threads * items, threads * items - items + 1}) {
                    for (const Case& c : all_cases()) {
                        RunSpec spec = spec_of(v, n, c, 1000 * threads + items);
                        spec.threads = threads;
                        spec.items_per_thread = items;
                        SCOPED_TRACE(std::string(v) + " threads=" + std::to_string(threads) +
                                     " items=" + std::to_string(items) + " n=" + std::to_string(n) + " op=" +
                                     std::string(to_string(c.op)) + " " + std::string(to_string(c.type)) +
                                     (c.exclusive ? " exclusive" : " inclusive"));
                        const Trace t = run_model(spec);
                        EXPECT_EQ(t.threads, threads);
                        expect_scan(t, spec);
                    }
                }
            }
        }
    }
}

TEST(ItemsPerThread, DefaultsAndWork) {
    RunSpec spec = spec_of("block_warp_scans", 256);
    ASSERT_FALSE(validate_and_resolve(spec).has_value());
    EXPECT_EQ(spec.threads, 64);
    EXPECT_EQ(spec.items_per_thread, 4);
    // Given threads: the fewest items that cover n.
    RunSpec given = spec_of("block_raking", 100);
    given.threads = 17;
    ASSERT_FALSE(validate_and_resolve(given).has_value());
    EXPECT_EQ(given.items_per_thread, 8);
    // WARP_SCANS inclusive, 64 threads x 4 items: 3 combines per thread in the
    // upsweep; per warp 31+30+28+24+16 Kogge-Stone combines; warp 1's lanes
    // 1..31 add the lane prefix to warp 0's aggregate (lane 0 copies it);
    // thread 0 skips the prefix in the downsweep.
    const Trace t = run_model(spec);
    const Metrics m = compute_metrics(t);
    const int64_t upsweep = 64 * 3;
    const int64_t kogge = 2 * (31 + 30 + 28 + 24 + 16);
    EXPECT_EQ(phase_work(t, m, "upsweep (registers)"), upsweep);
    EXPECT_EQ(phase_work(t, m, "kogge-stone (warp shuffles)"), kogge);
    EXPECT_EQ(phase_work(t, m, "propagate warp prefixes"), 31 /* warp 1 lanes > 0 */);
    EXPECT_EQ(phase_work(t, m, "downsweep (registers)"), 63 + 64 * 3);
}

TEST(RakingLayout, PadsEvenSegmentsLongerThanTwo) {
    struct Want {
        int threads, words, padding;
    };
    // 128 threads: segments of 4 with one pad word each; 64: segments of 2, none; 65: segments of 3, none.
    for (Want w :
         {Want{128, 160, 32}, Want{64, 64, 0}, Want{65, 66, 1}, Want{256, 288, 32}, Want{17, 17, 0}}) {
        RunSpec spec = spec_of("block_raking", w.threads);
        spec.threads = w.threads;
        spec.items_per_thread = 1;
        const Trace t = run_model(spec);
        const Region* grid = nullptr;
        for (const auto& r : t.layout.regions)
            if (r.name == "s_raking_grid") grid = &r;
        ASSERT_NE(grid, nullptr);
        EXPECT_EQ(grid->count, w.words) << w.threads << " threads";
        int padding = 0;
        for (int k = 0; k < grid->count; ++k) padding += t.layout.padding[grid->first_slot + k];
        EXPECT_EQ(padding, w.padding) << w.threads << " threads";
    }
}

TEST(RakingMemoize, DownsweepReadsNoSharedMemory) {
    for (const char* v : {"block_raking", "block_raking_memoize"}) {
        const Trace t = run_model(spec_of(v, 512));
        const Metrics m = compute_metrics(t);
        for (size_t s = 0; s < t.steps.size(); ++s)
            if (t.steps[s].phase == "downsweep (raking)") {
                if (std::string(v) == "block_raking_memoize") {
                    EXPECT_EQ(m.per_step[s].shared_reads, 0);
                } else {
                    EXPECT_GT(m.per_step[s].shared_reads, 0);
                }
                EXPECT_GT(m.per_step[s].shared_writes, 0);
            }
    }
}

TEST(BlockVariants, EveryTraceIsExplainedByItsOperations) {
    for (const auto& v : all_variants()) {
        if (v.level != Level::Block) continue;
        for (int n : {1, 5, 32, 33, 100, 256, 1000}) {
            for (const Case& c : all_cases()) {
                RunSpec spec = spec_of(std::string(v.id), n, c, 3 + n);
                if (validate_and_resolve(spec)) continue;
                SCOPED_TRACE(std::string(v.id) + " n=" + std::to_string(n));
                const Trace t = run_model(spec);
                const auto r = replay(t);
                EXPECT_FALSE(r.has_value()) << (r ? r->what : "");
                for (const auto& st : t.steps) {
                    bool known = false;
                    for (auto p : v.phases) known |= p == st.phase;
                    EXPECT_TRUE(known) << st.phase;
                }
                expect_scan(t, spec);
            }
        }
    }
}

TEST(BlockVariants, SizeChecksNameTheProblem) {
    struct Bad {
        const char* variant;
        int n, threads, items;
        const char* says;
    };
    for (Bad b : {Bad{"block_hillis_steele", 0, 0, 0, "n must be 1 to 1024"},
                  Bad{"block_hillis_steele", 2048, 0, 0, "n must be 1 to 1024"},
                  Bad{"block_hillis_steele", 64, 32, 0, "runs 64 threads"},
                  Bad{"block_blelloch", 4096, 0, 0, "n must be 1 to 2048"},
                  Bad{"block_warp_scans_smem", 1025, 0, 0, "n must be 1 to 1024"},
                  Bad{"block_warp_scans", 256, 0, 3, "items per thread must be 1, 2, 4 or 8"},
                  Bad{"block_raking", 256, 16, 4, "cannot hold n = 256"},
                  Bad{"block_raking_memoize", 2049, 0, 0, "n must be 1 to 2048"},
                  Bad{"block_warp_scans", 64, 1025, 0, "threads must be 1 to 1024"},
                  Bad{"block_warp_scans", 64, 1000, 4, "more than the largest tile"}}) {
        RunSpec spec = spec_of(b.variant, b.n);
        spec.threads = b.threads;
        spec.items_per_thread = b.items;
        const auto err = validate_and_resolve(spec);
        ASSERT_TRUE(err.has_value()) << b.variant << " n=" << b.n;
        EXPECT_NE(err->find(b.says), std::string::npos) << *err;
        EXPECT_NE(err->find(b.variant), std::string::npos) << *err;
    }
}
