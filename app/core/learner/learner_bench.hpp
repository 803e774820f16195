// A learner's kernel timed and profiled beside ours (scanviz kernel FILE --bench / --profile).
//
// --bench times the learner's kernel as `scanviz bench` times the built-in block scans at full
// occupancy: the file's n elements are one tile, 2^24 elements are scanned as independent tiles,
// one block each, all in one launch (the SMs hold as many at once as the occupancy calculator
// says), the output checked against a host scan, a write of twice the L2 before each of 25 timed
// runs, each timed with CUDA events; the median is reported with the fastest and slowest run.
// Beside it, on the same input in the same process: the file's `like` twin, block_hillis_steele
// and CUB's BlockScan at the same tile and block. The GPU side (kernels/learner/learner_bench.hpp)
// runs in the GPU engine's child process and prints the lines parse_bench_output reads.
//
// A comparison whose runs' ranges (fastest .. slowest) overlap or touch is refused in one line,
// as the lessons refuse one (core/lessons/benched.cpp: within_noise).
//
// --profile: Nsight Compute over the same child launching each kernel once (one tile, one
// block), the profile table's columns (core/profile/profile.hpp) for yours beside the twin's.
// Plain C++, no GPU: the formatting and the refusal are tested on any machine.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/profile/ncu_csv.hpp"
#include "core/profile/profile.hpp"

namespace scanviz::learner_bench {

// The roles of the rows, in the order they are timed and shown.
inline constexpr std::string_view kYours = "yours", kLike = "like", kBaseline = "baseline", kCub = "cub";

// The element count the bench scans: whole tiles of the file's n within 2^24.
inline constexpr int64_t kElements = int64_t{1} << 24;
inline constexpr int kRuns = 25;
inline constexpr int kWarmup = 3;

struct TimedRow {
    std::string role;  // kYours, kLike, kBaseline or kCub
    std::string name;  // "yours", the variant id, or "cub::BlockScan"
    int tile = 0, threads = 0, blocks_per_sm = 0;
    int64_t elements = 0;     // tiles * tile
    std::vector<double> ms;   // every timed run, fastest first
    std::string not_timed;    // why the row was not timed (empty when it was)
    bool timed() const { return not_timed.empty() && !ms.empty(); }
    double median_ms() const;  // the middle run (the mean of the two middle ones for an even count)
    double min_ms() const { return ms.empty() ? 0 : ms.front(); }
    double max_ms() const { return ms.empty() ? 0 : ms.back(); }
    double gbps() const;  // bytes read plus written (8 per element) over the median
};

struct BenchTable {
    std::string device;  // the GPU's name
    std::string file;    // the learner's file, as given
    std::vector<TimedRow> rows;
};

// Reads the child's lines:
//   device NAME
//   row ROLE NAME TILE THREADS BLOCKS_PER_SM ELEMENTS MS MS ...
//   skip ROLE NAME WHY...
// Returns nothing and sets *error (one line) on a malformed line or when no row of yours is there.
std::optional<BenchTable> parse_bench_output(std::string_view text, std::string* error);

// The refusal of comparing a with b: one line when their runs' ranges overlap or touch (some run
// of the slower was as quick as some run of the quicker), else nothing.
std::optional<std::string> spread_refusal(const TimedRow& a, const TimedRow& b);

// One line per other timed row: how yours compares (B's median over yours), or the refusal.
std::vector<std::string> comparison_lines(const BenchTable& t);

// The table (one line per row: median, fastest .. slowest, GB/s, tile, threads, blocks per SM,
// or why a row was not timed) and the comparison lines.
std::string format_bench_text(const BenchTable& t);

// --profile: what ncu measured for each kernel the child launched, in launch order.
struct ProfiledKernel {
    std::string role, name;
    NcuFigures ncu;
};
struct ProfileResult {
    std::string device;
    std::vector<ProfiledKernel> rows;
};

// The launched kernels ((role, name) in launch order, from the child's "launched ROLE NAME"
// lines) matched to ncu's report by launch order. Throws std::runtime_error when ncu profiled a
// different number of kernels, ncu::CsvError for a missing metric.
ProfileResult profile_from_report(const ncu::Report& report,
                                  const std::vector<std::pair<std::string, std::string>>& launched);
// The "launched ROLE NAME" lines of the child's output.
std::vector<std::pair<std::string, std::string>> launched_kernels(std::string_view child_output);

// The profile table's columns for each kernel: bank conflicts (loads, stores), shared accesses
// (load and store instructions), executed instructions (warp-level), and ncu's duration.
std::string format_profile_text(const ProfileResult& r);

// A row's shown name: "yours", "block_blelloch (like)", "block_hillis_steele", "cub::BlockScan".
std::string shown_name(std::string_view role, std::string_view name);

}  // namespace scanviz::learner_bench
