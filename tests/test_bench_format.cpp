// Benchmark results and the look-back timeline in and out of their files:
// CSV and JSON round trips, ratios computed from the rows, and one clear
// error for each kind of bad file.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/bench/bench.hpp"
#include "core/bench/lookback_timeline.hpp"

using namespace scanviz;

namespace {

BenchResult row(std::string variant, int64_t n, double ms) {
    BenchResult r;
    r.variant = std::move(variant);
    r.n = n;
    r.bytes = 2 * n * 4;
    r.runs = 25;
    r.median_ms = ms;
    r.min_ms = ms * 0.9;
    r.checked = true;
    return r;
}

BenchReport sample() {
    BenchReport rep;
    rep.meta = {"NVIDIA H100 80GB HBM3", "CUDA 13.0", "13.0", "2026-11-21T23:00:00Z",
                "scanviz bench --sizes 2^20..2^22 --format csv", "h100 (--policy): 128x48 b9"};
    const int64_t a = 1 << 20, b = 1 << 22;
    rep.rows = {row("device_decoupled_lookback", a, 0.010),
                row("cub", a, 0.0125),
                row("thrust", a, 0.02),
                row("memcpy", a, 0.008),
                row("device_decoupled_lookback", b, 0.030),
                row("cub", b, 0.036),
                row("memcpy", b, 0.027),
                row("copy", b, 0.029)};
    rep.rows[2].checked = false;
    compute_ratios(rep.rows);
    return rep;
}

void expect_same(const BenchReport& x, const BenchReport& y) {
    EXPECT_EQ(x.meta.device, y.meta.device);
    EXPECT_EQ(x.meta.driver, y.meta.driver);
    EXPECT_EQ(x.meta.runtime, y.meta.runtime);
    EXPECT_EQ(x.meta.date, y.meta.date);
    EXPECT_EQ(x.meta.command, y.meta.command);
    EXPECT_EQ(x.meta.policy, y.meta.policy);
    ASSERT_EQ(x.rows.size(), y.rows.size());
    for (size_t i = 0; i < x.rows.size(); ++i) {
        const auto &a = x.rows[i], &b = y.rows[i];
        EXPECT_EQ(a.variant, b.variant);
        EXPECT_EQ(a.n, b.n);
        EXPECT_EQ(a.type, b.type);
        EXPECT_EQ(a.op, b.op);
        EXPECT_EQ(a.exclusive, b.exclusive);
        EXPECT_EQ(a.bytes, b.bytes);
        EXPECT_EQ(a.runs, b.runs);
        EXPECT_DOUBLE_EQ(a.median_ms, b.median_ms);
        EXPECT_DOUBLE_EQ(a.min_ms, b.min_ms);
        EXPECT_NEAR(a.gbps, b.gbps, 1e-6 * a.gbps);
        EXPECT_NEAR(a.ratio_memcpy, b.ratio_memcpy, 1e-8);
        EXPECT_NEAR(a.ratio_cub, b.ratio_cub, 1e-8);
        EXPECT_NEAR(a.ratio_copy, b.ratio_copy, 1e-8);
        EXPECT_EQ(a.checked, b.checked);
        EXPECT_DOUBLE_EQ(a.max_err, b.max_err);
        EXPECT_EQ(a.repeatable, b.repeatable);
    }
}

std::string write_temp(const std::string& name, const std::string& text) {
    const auto p = std::filesystem::temp_directory_path() / ("scanviz_test_" + name);
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
}

// The message of the BenchFormatError that loading `text` throws.
std::string load_error(const std::string& name, const std::string& text) {
    try {
        load_bench_file(write_temp(name, text));
    } catch (const BenchFormatError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(BenchFormat, RatiosComeFromTheMemcpyAndCubRowsOfTheSameSize) {
    const BenchReport rep = sample();
    const auto& ours = rep.rows[0];
    EXPECT_NEAR(ours.gbps, 2.0 * (1 << 20) * 4 / 0.010e-3 / 1e9, 1e-9);
    EXPECT_NEAR(ours.ratio_cub, 0.0125 / 0.010, 1e-12);
    EXPECT_NEAR(ours.ratio_memcpy, 0.008 / 0.010, 1e-12);
    EXPECT_NEAR(rep.rows[1].ratio_cub, 1.0, 1e-12);  // CUB against itself
    EXPECT_NEAR(rep.rows[3].ratio_memcpy, 1.0, 1e-12);
    EXPECT_NEAR(rep.rows[4].ratio_cub, 0.036 / 0.030, 1e-12);  // the 2^22 rows use the 2^22 CUB row
}

// The copy kernel's row (issue 24): a ratio of its own, at its own size and type only, and
// like memcpy it has no operator or mode of its own.
TEST(BenchFormat, RatioToCopyComesFromTheCopyRowOfTheSameSize) {
    const BenchReport rep = sample();
    EXPECT_EQ(rep.rows[0].ratio_copy, 0);  // 2^20: no copy row
    EXPECT_NEAR(rep.rows[4].ratio_copy, 0.029 / 0.030, 1e-12);
    EXPECT_NEAR(rep.rows[7].ratio_copy, 1.0, 1e-12);
    EXPECT_NEAR(rep.rows[7].ratio_memcpy, 0.027 / 0.029, 1e-12);
    EXPECT_TRUE(is_copy_row("copy"));
    EXPECT_TRUE(is_copy_row("memcpy"));
    EXPECT_FALSE(is_copy_row("cub"));
    const std::string text = format_bench_text(rep);
    EXPECT_NE(text.find("x copy"), std::string::npos);
    EXPECT_NE(text.find("policy: h100"), std::string::npos);
    const auto ops = bench_op_modes(rep);
    EXPECT_EQ(ops.size(), 1u);
    bool copy_series = false;
    for (const auto& s : bench_series(rep, BenchMetric::RatioCopy, Op::Add, false))
        if (s.variant == "copy") copy_series = s.points.size() == 1 && std::abs(s.points[0].second - 1.0) < 1e-12;
    EXPECT_TRUE(copy_series);
}

// Files from before issue 24 (15 columns, no ratio_copy) still read.
TEST(BenchFormat, ReadsTheIssue14Columns) {
    std::string csv = to_csv(sample());
    const std::string v3 = ",ratio_copy,max_ms,tile,threads,blocks_per_sm\n";
    const size_t h = csv.find(v3);
    ASSERT_NE(h, std::string::npos);
    csv.replace(h, v3.size(), "\n");
    std::string out;
    size_t pos = 0;
    bool header_seen = false;
    while (pos < csv.size()) {
        size_t nl = csv.find('\n', pos);
        std::string line = csv.substr(pos, nl - pos);
        pos = nl + 1;
        if (header_seen && !line.empty())
            for (int k = 0; k < 5; ++k) line = line.substr(0, line.rfind(','));  // drop ratio_copy .. blocks_per_sm
        if (line.rfind("variant,", 0) == 0) header_seen = true;
        out += line + "\n";
    }
    const BenchReport rep = parse_bench_csv(out);
    ASSERT_EQ(rep.rows.size(), 8u);
    EXPECT_EQ(rep.rows[4].ratio_copy, 0);
    EXPECT_NEAR(rep.rows[4].ratio_cub, 0.036 / 0.030, 1e-8);
}

TEST(BenchFormat, CsvRoundTrip) {
    const BenchReport rep = sample();
    const std::string csv = to_csv(rep);
    EXPECT_NE(csv.find("# device: NVIDIA H100 80GB HBM3"), std::string::npos);
    expect_same(rep, parse_bench_csv(csv));
    expect_same(rep, load_bench_file(write_temp("rt.csv", csv)));
}

TEST(BenchFormat, JsonRoundTrip) {
    const BenchReport rep = sample();
    expect_same(rep, parse_bench_json(to_json(rep)));
    expect_same(rep, load_bench_file(write_temp("rt.json", to_json(rep))));  // detected from the content
}

TEST(BenchFormat, TextTableShowsMicrosecondsUpTo2p20AndRatios) {
    const std::string text = format_bench_text(sample());
    EXPECT_NE(text.find("10.00 us"), std::string::npos) << text;   // 0.010 ms at 2^20
    EXPECT_NE(text.find("0.0300 ms"), std::string::npos) << text;  // 2^22 in milliseconds
    EXPECT_NE(text.find("1.250"), std::string::npos) << text;      // ours over CUB at 2^20
    EXPECT_NE(text.find("2^22"), std::string::npos) << text;
}

TEST(BenchFormat, BadFilesGiveOneClearError) {
    const std::string good = to_csv(sample());
    EXPECT_NE(load_error("empty.csv", "").find("empty"), std::string::npos);
    EXPECT_NE(load_error("noheader.csv", "a,b,c\n").find("line 1: expected the header"), std::string::npos);
    const size_t first_row = good.find("device_decoupled_lookback,");
    std::string bad_num = good;
    bad_num.replace(bad_num.find(",25,", first_row), 4, ",x5,");
    const std::string e1 = load_error("badnum.csv", bad_num);
    EXPECT_NE(e1.find("line 8: column 'runs': 'x5' is not an integer"), std::string::npos) << e1;
    std::string short_row = good.substr(0, first_row) + "cub,1024,i32\n";
    EXPECT_NE(load_error("short.csv", short_row).find("line 8: expected 20 columns, got 3"),
              std::string::npos);
    std::string bad_type = good;
    bad_type.replace(bad_type.find(",i32,", first_row), 5, ",i128,");
    EXPECT_NE(load_error("type.csv", bad_type).find("unknown type 'i128'"), std::string::npos);
    std::string bad_mode = good;
    bad_mode.replace(bad_mode.find("inclusive", first_row), 9, "sideways");
    EXPECT_NE(load_error("mode.csv", bad_mode).find("mode must be inclusive or exclusive"),
              std::string::npos);
    EXPECT_NE(load_error("bad.json", "{\"format\": \"scanviz-bench\", \"rows\": [").find("not valid JSON"),
              std::string::npos);
    EXPECT_NE(load_error("other.json", "{\"format\": \"something else\"}").find("not a scanviz bench JSON"),
              std::string::npos);
    // The file's name is in the message, and a missing file says so.
    EXPECT_NE(load_error("named.csv", "").find("scanviz_test_named.csv"), std::string::npos);
    try {
        load_bench_file("/nonexistent/scanviz/bench.csv");
        FAIL() << "no error for a missing file";
    } catch (const BenchFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
    }
}

TEST(BenchFormat, Sizes) {
    EXPECT_EQ(parse_bench_sizes("2^10..2^16"), (std::vector<int64_t>{1 << 10, 1 << 12, 1 << 14, 1 << 16}));
    EXPECT_EQ(parse_bench_sizes("2^4..2^6:1"), (std::vector<int64_t>{16, 32, 64}));
    EXPECT_EQ(parse_bench_sizes("1000, 2^3,7"), (std::vector<int64_t>{1000, 8, 7}));
    EXPECT_EQ(parse_bench_sizes("2^10..2^28").size(), 10u);
    EXPECT_THROW(parse_bench_sizes("2^12..2^10"), std::invalid_argument);
    EXPECT_THROW(parse_bench_sizes("2^x"), std::invalid_argument);
    EXPECT_THROW(parse_bench_sizes("-5"), std::invalid_argument);
    EXPECT_THROW(parse_bench_sizes("2^10..2^12:0"), std::invalid_argument);
}

TEST(LookbackTimeline, JsonRoundTripAndChecks) {
    LookbackTimeline t;
    t.device = "test";
    t.n = 3 * 4096;
    t.threads = 256;
    t.tile_items = 4096;
    t.sm_clock_ghz = 1.98;
    t.tiles.push_back({0, 3, 0, 100, 100, 100, 120, 900, 0, {}});
    t.tiles.push_back({1, 5, 10, 150, 160, 400, 420, 1000, 1, {{0, 2, 500}}});
    t.tiles.push_back({2, 7, 20, 160, 170, 600, 610, 1100, 2, {{1, 1, 10}, {0, 2, 40}}});
    EXPECT_EQ(check_timeline(t), "");
    const auto back = timeline_from_json(timeline_to_json(t));
    ASSERT_EQ(back.tiles.size(), 3u);
    EXPECT_EQ(back.tiles[2].preds[1].wait_cycles, 40u);
    EXPECT_DOUBLE_EQ(back.tiles[1].lookback_end_ns, 400);
    const auto s = summarize(back);
    EXPECT_DOUBLE_EQ(s.mean_distance, 1.5);
    EXPECT_EQ(s.max_distance, 2);
    EXPECT_DOUBLE_EQ(s.fraction_distance_1, 0.5);
    EXPECT_EQ(s.sms, 3);
    EXPECT_DOUBLE_EQ(s.span_ns, 1100);

    auto broken = t;
    broken.tiles[2].preds[0].status = 2;  // went on past an inclusive predecessor
    EXPECT_NE(check_timeline(broken).find("did not stop"), std::string::npos);
    broken = t;
    broken.tiles[1].inclusive_ns = 50;  // published before its look-back ended
    EXPECT_NE(check_timeline(broken).find("out of order"), std::string::npos);
    EXPECT_THROW(timeline_from_json("{\"format\": \"scanviz-bench\"}"), BenchFormatError);
    EXPECT_THROW(timeline_from_json("[1,2"), BenchFormatError);
}

// The tuned kernel's look-back in groups (here of 4 tiles): only a group's last tile
// publishes an inclusive prefix; a look-back takes its own group's tiles and whole groups
// until it meets one, or reads every tile down to tile 0.
TEST(LookbackTimeline, GroupedLookBackChecks) {
    LookbackTimeline t;
    t.n = 7 * 1024;
    t.threads = 128;
    t.tile_items = 1024;
    t.group_tiles = 4;
    auto tile = [](int64_t i, int distance, std::vector<LookbackPredecessor> preds) {
        const double s = 10.0 * static_cast<double>(i);
        return LookbackTileTimes{i, 0, s, s + 1, s + 2, s + 3, s + 4, s + 5, distance, std::move(preds)};
    };
    t.tiles.push_back(tile(0, 0, {}));
    t.tiles.push_back(tile(1, 1, {{0, 1, 5}}));  // to tile 0: no inclusive prefix before
    t.tiles.push_back(tile(2, 2, {{1, 1, 5}, {0, 1, 5}}));
    t.tiles.push_back(tile(3, 3, {{2, 1, 5}, {1, 1, 5}, {0, 1, 5}}));
    t.tiles.push_back(tile(4, 1, {{3, 2, 5}}));  // group 0's last tile: inclusive
    t.tiles.push_back(tile(5, 2, {{4, 1, 5}, {3, 2, 5}}));
    t.tiles.push_back(tile(6, 3, {{5, 1, 5}, {4, 1, 5}, {3, 2, 5}}));
    EXPECT_EQ(check_timeline(t), "");
    const auto back = timeline_from_json(timeline_to_json(t));
    EXPECT_EQ(back.group_tiles, 4);
    EXPECT_EQ(check_timeline(back), "");
    // The same look-backs read as tile by tile are wrong: tile 1 found no inclusive prefix.
    auto tile_by_tile = t;
    tile_by_tile.group_tiles = 0;
    EXPECT_NE(check_timeline(tile_by_tile).find("did not stop"), std::string::npos);
    // An inclusive prefix from a tile inside a group.
    auto broken = t;
    broken.tiles[3] = tile(3, 1, {{2, 2, 5}});
    EXPECT_NE(check_timeline(broken).find("whole groups"), std::string::npos);
    broken = t;
    broken.tiles[6] = tile(6, 3, {{5, 1, 5}, {4, 2, 5}, {3, 2, 5}});
    EXPECT_NE(check_timeline(broken).find("did not stop"), std::string::npos);
    // Stopped on an aggregate, or went on past a group's last tile.
    broken = t;
    broken.tiles[5] = tile(5, 2, {{4, 1, 5}, {3, 1, 5}});
    EXPECT_NE(check_timeline(broken).find("did not stop"), std::string::npos);
    broken.tiles[5] = tile(5, 3, {{4, 1, 5}, {3, 1, 5}, {2, 2, 5}});
    EXPECT_NE(check_timeline(broken).find("whole groups"), std::string::npos);
    // Files without the field are tile by tile.
    std::string old_file = timeline_to_json(t);
    const std::string field = "\"group_tiles\":4,";
    ASSERT_NE(old_file.find(field), std::string::npos);
    old_file.erase(old_file.find(field), field.size());
    EXPECT_EQ(timeline_from_json(old_file).group_tiles, 0);
}

// Issue 14: 8-byte types, the float error and the repeatability columns, and the
// per-type series a chart plots; files written before them still read.
TEST(BenchFormat, EightByteTypesAndFloatErrorRoundTrip) {
    BenchReport rep;
    rep.meta.device = "NVIDIA H100 80GB HBM3";
    const int64_t n = 1 << 24;
    for (const ValueType t : {ValueType::I32, ValueType::F64}) {
        for (const char* v : {"device_decoupled_lookback", "cub", "memcpy"}) {
            BenchResult r =
                row(v, n, std::string(v) == "memcpy" ? 0.03 : (std::string(v) == "cub" ? 0.04 : 0.033));
            r.type = t;
            r.bytes = 2 * n * value_type_bytes(t);
            if (t == ValueType::F64) r.median_ms *= 2;
            r.max_err = t == ValueType::F64 && std::string(v) != "memcpy" ? 3.5e-16 : 0;
            r.repeatable = std::string(v) == "cub" ? 0 : 1;
            rep.rows.push_back(r);
        }
    }
    compute_ratios(rep.rows);
    expect_same(rep, parse_bench_csv(to_csv(rep)));
    expect_same(rep, parse_bench_json(to_json(rep)));
    // Ratios pair rows of the same type: f64 ours against f64 memcpy.
    EXPECT_NEAR(rep.rows[3].ratio_memcpy, 0.03 / 0.033, 1e-9);
    EXPECT_EQ(value_type_bytes(ValueType::F64), 8);
    EXPECT_EQ(parse_value_type("float64"), ValueType::F64);
    EXPECT_EQ(parse_value_type("i64"), ValueType::I64);
    EXPECT_FALSE(parse_value_type("f16").has_value());
    const std::string text = format_bench_text(rep);
    EXPECT_NE(text.find("3.50e-16"), std::string::npos) << text;
    EXPECT_NE(text.find(" *"), std::string::npos) << "the unrepeatable CUB row is marked";

    const auto series = bench_series(rep, BenchMetric::RatioMemcpy, Op::Add, false);
    ASSERT_EQ(series.size(), 6u);  // three variants x two types
    EXPECT_EQ(series[0].label, "device_decoupled_lookback i32");
    EXPECT_EQ(series[3].label, "device_decoupled_lookback f64");
    ASSERT_EQ(series[3].points.size(), 1u);
    EXPECT_NEAR(series[3].points[0].second, 0.03 / 0.033, 1e-9);
    // Another operator has no rows but memcpy's.
    const auto max_series = bench_series(rep, BenchMetric::Gbps, Op::Max, false);
    for (const auto& s : max_series) EXPECT_EQ(s.points.empty(), s.variant != "memcpy") << s.label;
    ASSERT_EQ(bench_op_modes(rep).size(), 1u);
}

TEST(BenchFormat, CsvWrittenBeforeIssue14StillReads) {
    const std::string old =
        "# device: NVIDIA H100 80GB HBM3\n"
        "variant,n,type,op,mode,bytes,runs,median_ms,min_ms,gbps,ratio_memcpy,ratio_cub,checked\n"
        "device_decoupled_lookback,1024,i32,add,inclusive,8192,25,0.00877,0.0085,0.934,0.474,0.869,1\n";
    const BenchReport rep = parse_bench_csv(old);
    ASSERT_EQ(rep.rows.size(), 1u);
    EXPECT_EQ(rep.rows[0].max_err, -1);
    EXPECT_EQ(rep.rows[0].repeatable, -1);
    EXPECT_NE(format_bench_text(rep).find(" -\n"), std::string::npos) << "no error measured: '-'";
    // One series, named by its variant alone (a single type).
    const auto series = bench_series(rep, BenchMetric::RatioCub, Op::Add, false);
    ASSERT_EQ(series.size(), 1u);
    EXPECT_EQ(series[0].label, "device_decoupled_lookback");
    EXPECT_NEAR(series[0].points.at(0).second, 0.869, 1e-12);
}
