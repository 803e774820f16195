// scanviz kernel --bench / --profile's core (core/learner/learner_bench.hpp): the child's lines
// read back, the table, the comparison lines and the refusal of a comparison within the runs'
// spread (as LessonCheck.RefusesAComparisonWithinTheSpreadOfItsRuns refuses one). No GPU.
#include <gtest/gtest.h>

#include "core/learner/learner_bench.hpp"

using namespace scanviz;
using namespace scanviz::learner_bench;

namespace {

// A child's output: yours at 0.10 .. 0.12 ms, the twin at 0.20 .. 0.24, block_hillis_steele at
// 0.11 .. 0.13 (overlapping yours), CUB not built at this shape.
const char* kChild =
    "device NVIDIA H100 80GB HBM3\n"
    "sm sm_90\n"
    "row yours yours 128 64 16 16777216 0.12 0.10 0.11 0.11 0.11\n"
    "row like block_blelloch 128 64 16 16777216 0.20 0.22 0.24 0.21 0.22\n"
    "row baseline block_hillis_steele 128 128 16 16777216 0.13 0.12 0.11 0.12 0.12\n"
    "skip cub cub::BlockScan CUB's BlockScan is built here for 32 .. 1024 threads\n";

TimedRow row(std::string role, std::string name, std::vector<double> ms) {
    TimedRow r;
    r.role = std::move(role);
    r.name = std::move(name);
    r.tile = 64;
    r.threads = 64;
    r.elements = int64_t{1} << 24;
    r.ms = std::move(ms);
    return r;
}

}  // namespace

TEST(LearnerBench, ReadsTheChildsRowsSortedWithTheirMedianAndSpread) {
    std::string error;
    auto t = parse_bench_output(kChild, &error);
    ASSERT_TRUE(t) << error;
    EXPECT_EQ(t->device, "NVIDIA H100 80GB HBM3");
    ASSERT_EQ(t->rows.size(), 4u);
    const TimedRow& y = t->rows[0];
    EXPECT_EQ(y.role, kYours);
    EXPECT_EQ(y.tile, 128);
    EXPECT_EQ(y.threads, 64);
    EXPECT_EQ(y.blocks_per_sm, 16);
    EXPECT_EQ(y.elements, 16777216);
    EXPECT_DOUBLE_EQ(y.min_ms(), 0.10);
    EXPECT_DOUBLE_EQ(y.max_ms(), 0.12);
    EXPECT_DOUBLE_EQ(y.median_ms(), 0.11);
    EXPECT_NEAR(y.gbps(), 8.0 * 16777216 / 0.11e6, 1e-6);
    EXPECT_FALSE(t->rows[3].timed());
    EXPECT_EQ(t->rows[3].not_timed, "CUB's BlockScan is built here for 32 .. 1024 threads");
}

TEST(LearnerBench, AnEvenNumberOfRunsTakesTheMeanOfTheMiddleTwo) {
    EXPECT_DOUBLE_EQ(row("yours", "yours", {1, 2, 4, 5}).median_ms(), 3.0);
}

TEST(LearnerBench, MalformedLinesAndAMissingRowOfYoursAreOneLineErrors) {
    std::string error;
    EXPECT_FALSE(parse_bench_output("row yours yours 64 64 16\n", &error));
    EXPECT_NE(error.find("line 1"), std::string::npos) << error;
    EXPECT_FALSE(parse_bench_output("row yours yours 64 64 16 16777216 0.1 -3\n", &error));
    EXPECT_FALSE(parse_bench_output("device X\nrow like block_blelloch 64 32 16 16777216 0.2\n", &error));
    EXPECT_EQ(error, "the bench timed no run of your kernel");
    EXPECT_FALSE(parse_bench_output("skip cub cub::BlockScan\n", &error));
}

TEST(LearnerBench, RefusesAComparisonWhoseRunsOverlapOrTouch) {
    const TimedRow yours = row("yours", "yours", {0.10, 0.11, 0.12});
    // Overlapping ranges: refused, and the line says both ranges.
    auto refused = spread_refusal(yours, row("baseline", "block_hillis_steele", {0.11, 0.12, 0.13}));
    ASSERT_TRUE(refused);
    EXPECT_NE(refused->find("0.1000 .. 0.1200 ms"), std::string::npos) << *refused;
    EXPECT_NE(refused->find("0.1100 .. 0.1300 ms"), std::string::npos) << *refused;
    EXPECT_NE(refused->find("noise"), std::string::npos) << *refused;
    // Touching ranges (the slowest of one equals the fastest of the other) are refused too.
    EXPECT_TRUE(spread_refusal(yours, row("cub", "cub::BlockScan", {0.12, 0.13, 0.14})));
    // Ranges apart, either way round: compared.
    EXPECT_FALSE(spread_refusal(yours, row("like", "block_blelloch", {0.13, 0.14, 0.15})));
    EXPECT_FALSE(spread_refusal(row("like", "block_blelloch", {0.01, 0.02, 0.05}), yours));
}

TEST(LearnerBench, ComparisonLinesSayWhichIsQuickerOrRefuseInOneLine) {
    std::string error;
    auto t = parse_bench_output(kChild, &error);
    ASSERT_TRUE(t) << error;
    const std::vector<std::string> lines = comparison_lines(*t);
    ASSERT_EQ(lines.size(), 2u);  // the twin and block_hillis_steele; CUB was not timed
    EXPECT_EQ(lines[0], "yours is 2.00x as fast as block_blelloch (like) (median 0.1100 ms against 0.2200 ms)");
    EXPECT_NE(lines[1].find("yours and block_hillis_steele: not compared"), std::string::npos) << lines[1];
    EXPECT_EQ(lines[1].find('\n'), std::string::npos);
    // A quicker baseline is said the other way round.
    BenchTable slow;
    slow.rows = {row("yours", "yours", {0.30, 0.31, 0.32}), row("cub", "cub::BlockScan", {0.09, 0.10, 0.11})};
    EXPECT_EQ(comparison_lines(slow).at(0),
              "cub::BlockScan is 3.10x as fast as yours (median 0.1000 ms against 0.3100 ms)");
}

TEST(LearnerBench, TheTableHasEveryRowItsSpreadAndWhyARowWasNotTimed) {
    std::string error;
    auto t = parse_bench_output(kChild, &error);
    ASSERT_TRUE(t) << error;
    t->file = "blelloch.cu";
    const std::string text = format_bench_text(*t);
    EXPECT_NE(text.find("blelloch.cu on NVIDIA H100 80GB HBM3"), std::string::npos) << text;
    EXPECT_NE(text.find("16777216 elements as 131072 tiles of 128"), std::string::npos) << text;
    EXPECT_NE(text.find("0.1100    0.1000 ..    0.1200"), std::string::npos) << text;
    EXPECT_NE(text.find("block_blelloch (like)"), std::string::npos) << text;
    EXPECT_NE(text.find("not timed: CUB's BlockScan is built here"), std::string::npos) << text;
    EXPECT_NE(text.find("yours is 2.00x as fast as block_blelloch (like)"), std::string::npos) << text;
}

TEST(LearnerBench, TheProfileMatchesNcusKernelsToTheLaunchesInOrder) {
    const std::vector<std::pair<std::string, std::string>> launched =
        launched_kernels("launched yours yours\nsomething else\nlaunched like block_blelloch\n");
    ASSERT_EQ(launched.size(), 2u);
    EXPECT_EQ(launched[1].second, "block_blelloch");
    // One kernel in the report for two launches: an error, not a table matched wrongly.
    ncu::Report one;
    one.kernels.resize(1);
    EXPECT_THROW(profile_from_report(one, launched), std::runtime_error);
}

TEST(LearnerBench, TheProfileTableHasTheProfileColumnsForEachKernel) {
    ProfileResult r;
    r.device = "NVIDIA H100 80GB HBM3";
    ProfiledKernel yours{"yours", "yours", {}};
    yours.ncu.block_threads = 64;
    yours.ncu.ld_conflicts = 3;
    yours.ncu.st_conflicts = 0;
    yours.ncu.ld_instructions = 14;
    yours.ncu.st_instructions = 8;
    yours.ncu.inst_executed = 412;
    yours.ncu.duration_ns = 2400;
    ProfiledKernel twin{"like", "block_blelloch", {}};
    twin.ncu.block_threads = 32;
    twin.ncu.ld_conflicts = 7;
    twin.ncu.st_conflicts = 2;
    r.rows = {yours, twin};
    const std::string text = format_profile_text(r);
    EXPECT_NE(text.find("measured by ncu on NVIDIA H100 80GB HBM3"), std::string::npos) << text;
    EXPECT_NE(text.find("conflicts ld/st"), std::string::npos) << text;
    EXPECT_NE(text.find("3/0"), std::string::npos) << text;
    EXPECT_NE(text.find("14/8"), std::string::npos) << text;
    EXPECT_NE(text.find("412"), std::string::npos) << text;
    EXPECT_NE(text.find("block_blelloch (like)"), std::string::npos) << text;
    EXPECT_NE(text.find("7/2"), std::string::npos) << text;
}
