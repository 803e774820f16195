// Benchmark results: one row per (variant, size), with the run's metadata;
// CSV and JSON out and in, and the text table the CLI prints. Plain C++:
// the GPU side that fills these lives in kernels/bench/.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/trace/run_spec.hpp"

namespace scanviz {

// Element types the benchmark and the whole-array scan take: uint32 beside the
// teaching types int32 and float32, and the 8-byte int64 and float64 (the traced variants keep to int32 and float32).
enum class ValueType : uint8_t { I32, U32, F32, I64, F64 };
inline constexpr ValueType kAllValueTypes[] = {ValueType::I32, ValueType::U32, ValueType::F32, ValueType::I64,
                                               ValueType::F64};
std::string_view to_string(ValueType t);
// "i32", "u32", "f32", "i64", "f64" (also int32, uint32, float32, int64, float64).
std::optional<ValueType> parse_value_type(std::string_view s);
int value_type_bytes(ValueType t);  // 4 or 8
bool is_float(ValueType t);

// Benchmark variant ids that are not scan variants of the registry.
inline constexpr std::string_view kBenchCub = "cub";        // cub::DeviceScan
inline constexpr std::string_view kBenchThrust = "thrust";  // thrust::inclusive_scan / exclusive_scan
inline constexpr std::string_view kBenchMemcpy = "memcpy";  // cudaMemcpyAsync device to device: the roof
// A grid-stride 16-byte-vector copy kernel of our own (kernels/bench/copy.cuh): the bytes the
// scan must move, moved by a plain kernel on the same card.
inline constexpr std::string_view kBenchCopy = "copy";

// memcpy and copy: rows that move the bytes without scanning; no op or mode of their own, they
// run once per size and type and match every op and mode of it.
bool is_copy_row(std::string_view bench_variant);

// True for the scan the benchmark times as ours (VariantInfo::benchmarked),
// also under a tuning candidate's name ("device_decoupled_lookback@128x48sb9").
bool is_our_scan(std::string_view bench_variant);
// The id of that scan: the variant whose registry entry says it is benchmarked.
std::string_view our_scan();

struct BenchResult {
    std::string variant;  // "device_decoupled_lookback", "cub", "thrust", "memcpy", ...
    int64_t n = 0;        // elements
    ValueType type = ValueType::I32;
    Op op = Op::Add;
    bool exclusive = false;
    int64_t bytes = 0;  // bytes read plus bytes written: 2 * n * sizeof(element)
    int runs = 0;       // timed runs (the median is over these)
    double median_ms = 0;
    double min_ms = 0;
    double gbps = 0;          // bytes / median time, 1e9 bytes per second
    double ratio_memcpy = 0;  // gbps / memcpy's gbps at the same n (0 when memcpy was not run)
    double ratio_cub = 0;     // gbps / CUB's gbps at the same n (0 when CUB was not run)
    double ratio_copy = 0;    // gbps / the copy kernel's gbps at the same n (0 when copy was not run)
    bool checked = false;     // output compared with a host scan (memcpy: with the input)
    // Float sums: the largest |out[i] - ref[i]| / sum_{j<=i} |x[j]| over the output, against a
    // compensated (double-double) reference scan; 0 for exact results (integers, max, min);
    // -1 when not measured (older files).
    double max_err = -1;
    // The output's bits were the same on the run before the timed runs and the run after them:
    // 1 yes, 0 no, -1 not measured (older files).
    int repeatable = -1;
    double max_ms = 0;  // the slowest timed run (0 in older files)
    // A block or warp variant timed at full occupancy (is_tile_row): n elements scanned as
    // independent tiles of `tile` elements, one block each, all launched at once, as a block scan
    // runs inside a larger scan; `threads` per block, `blocks_per_sm` resident on one SM (the
    // occupancy calculator). 0 for a whole-array scan and in older files.
    int tile = 0;
    int threads = 0;
    int blocks_per_sm = 0;
};

// A row that times a block or warp variant over many tiles (BenchResult::tile).
inline bool is_tile_row(const BenchResult& r) { return r.tile > 0; }

struct BenchMeta {
    std::string device;   // "NVIDIA H100 80GB HBM3"
    std::string driver;   // "580.65.06" or the CUDA driver API version
    std::string runtime;  // CUDA runtime "13.0"
    std::string date;     // ISO 8601 UTC
    std::string command;  // the command line that produced it
    // The look-back tuning that timed `ours` ("h100", "h200", ...: app/core/bench/lookback_policy.cpp) and
    // why it was chosen ("auto: ..." or "--policy"); empty in older files.
    std::string policy;
};

struct BenchReport {
    BenchMeta meta;
    std::vector<BenchResult> rows;
};

// A benchmark file that does not parse: what() names the file's line and the problem.
class BenchFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Fills gbps from bytes and median_ms, and the two ratio columns from the
// memcpy and CUB rows of the same n, type, op and mode.
void compute_ratios(std::vector<BenchResult>& rows);

// CSV: "# key: value" metadata lines, then a header line, then one row per result.
std::string to_csv(const BenchReport& report);
BenchReport parse_bench_csv(std::string_view text);

std::string to_json(const BenchReport& report);
BenchReport parse_bench_json(std::string_view text);

// Reads a saved report; the format is taken from the content (JSON starts with '{').
// Throws BenchFormatError naming the file and the problem.
BenchReport load_bench_file(const std::string& path);

// The table the CLI prints: per size, each variant's time (microseconds up to
// 2^20, milliseconds above), GB/s, fraction of memcpy, fraction of the copy kernel and
// ratio to CUB; then the block and warp variants at full occupancy, per tile size: time,
// fastest and slowest run, GB/s, fraction of memcpy, threads and resident blocks per SM.
std::string format_bench_text(const BenchReport& report);

// What a chart of a report plots against n: GB/s, or the ratio to memcpy or to CUB.
enum class BenchMetric { Gbps, RatioMemcpy, RatioCub, RatioCopy };

// The (operator, mode) pairs of a report's scan rows, in the order they first appear
// (memcpy rows have none of their own).
std::vector<std::pair<Op, bool>> bench_op_modes(const BenchReport& report);

// One line of a chart: a variant (and, when the report holds several types, a type).
struct BenchSeries {
    std::string label;  // "device_decoupled_lookback", or "device_decoupled_lookback f64"
    std::string variant;
    ValueType type = ValueType::I32;
    std::vector<std::pair<int64_t, double>> points;  // (n, metric), n ascending
};

// The series of the whole-array rows of one operator and mode (memcpy rows join every one;
// tile rows are a table of their own), one per variant and type, in the order they first appear; points whose metric was not measured
// (a ratio with no memcpy or CUB row) are left out.
std::vector<BenchSeries> bench_series(const BenchReport& report, BenchMetric metric, Op op, bool exclusive);

// "2^10..2^28" (step 2 in the exponent), "2^10..2^28:1", "1000,4096,2^20": sizes as element counts.
// Throws std::invalid_argument with a clear message.
std::vector<int64_t> parse_bench_sizes(std::string_view text);

}  // namespace scanviz
