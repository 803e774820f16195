#include "core/bench/bench.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "core/common/csv.hpp"
#include "core/common/strings.hpp"
#include "core/models/variants.hpp"

namespace scanviz {

bool is_our_scan(std::string_view bench_variant) {
    const VariantInfo* v = find_variant(bench_variant.substr(0, bench_variant.find('@')));
    return v && v->benchmarked;
}

std::string_view our_scan() {
    for (const VariantInfo& v : all_variants())
        if (v.benchmarked) return v.id;
    return {};
}

std::string_view to_string(ValueType t) {
    switch (t) {
        case ValueType::I32:
            return "i32";
        case ValueType::U32:
            return "u32";
        case ValueType::F32:
            return "f32";
        case ValueType::I64:
            return "i64";
        case ValueType::F64:
            return "f64";
    }
    return "?";
}

int value_type_bytes(ValueType t) { return t == ValueType::I64 || t == ValueType::F64 ? 8 : 4; }
bool is_float(ValueType t) { return t == ValueType::F32 || t == ValueType::F64; }

std::optional<ValueType> parse_value_type(std::string_view s) {
    if (s == "i32" || s == "int32") return ValueType::I32;
    if (s == "u32" || s == "uint32") return ValueType::U32;
    if (s == "f32" || s == "float32") return ValueType::F32;
    if (s == "i64" || s == "int64") return ValueType::I64;
    if (s == "f64" || s == "float64") return ValueType::F64;
    return std::nullopt;
}

namespace {

using Key = std::tuple<int64_t, ValueType, Op, bool>;
Key key_of(const BenchResult& r) { return {r.n, r.type, r.op, r.exclusive}; }

// The oldest files end at `checked` (kCsvColumnsV1); the next layout added the float
// error and the repeatability of the output (V2), the current one the ratio to the copy
// kernel. All three read, so saved results stay readable.
const char* const kCsvHeaderV1 =
    "variant,n,type,op,mode,bytes,runs,median_ms,min_ms,gbps,ratio_memcpy,ratio_cub,checked";
const char* const kCsvHeaderV2 =
    "variant,n,type,op,mode,bytes,runs,median_ms,min_ms,gbps,ratio_memcpy,ratio_cub,checked,max_err,"
    "repeatable";
const char* const kCsvHeaderV3 =
    "variant,n,type,op,mode,bytes,runs,median_ms,min_ms,gbps,ratio_memcpy,ratio_cub,checked,max_err,"
    "repeatable,ratio_copy";
// The current layout adds the slowest run and the tile rows' shape (block variants at full occupancy).
const char* const kCsvHeader =
    "variant,n,type,op,mode,bytes,runs,median_ms,min_ms,gbps,ratio_memcpy,ratio_cub,checked,max_err,"
    "repeatable,ratio_copy,max_ms,tile,threads,blocks_per_sm";
constexpr int kCsvColumnsV1 = 13;
constexpr int kCsvColumnsV2 = 15;
constexpr int kCsvColumnsV3 = 16;
constexpr int kCsvColumns = 20;

std::string fmt_double(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

bool is_note_or_blank(std::string_view line) {
    const std::string_view t = trim(line);
    return t.empty() || t[0] == '#';
}

[[noreturn]] void fail(int line, const std::string& what) {
    throw BenchFormatError("line " + std::to_string(line) + ": " + what);
}

int64_t parse_int(const std::string& s, int line, const char* column) {
    int64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size() || s.empty())
        fail(line, std::string("column '") + column + "': '" + s + "' is not an integer");
    return v;
}

double parse_num(const std::string& s, int line, const char* column) {
    if (s.empty()) fail(line, std::string("column '") + column + "' is empty");
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || !std::isfinite(v))
        fail(line, std::string("column '") + column + "': '" + s + "' is not a number");
    return v;
}

void check_row(const BenchResult& r, int line) {
    if (r.variant.empty()) fail(line, "empty variant");
    if (r.n <= 0) fail(line, "n must be positive");
    if (r.bytes < 0 || r.runs < 0 || r.median_ms < 0 || r.min_ms < 0 || r.max_ms < 0)
        fail(line, "negative size, runs or time");
    if (r.tile < 0 || r.threads < 0 || r.blocks_per_sm < 0) fail(line, "negative tile, threads or blocks per SM");
    if (r.tile > 0 && r.n % r.tile != 0)
        fail(line, "n = " + std::to_string(r.n) + " is not a whole number of tiles of " + std::to_string(r.tile));
}

}  // namespace

bool is_copy_row(std::string_view v) { return v == kBenchMemcpy || v == kBenchCopy; }

void compute_ratios(std::vector<BenchResult>& rows) {
    std::map<Key, double> memcpy_gbps, copy_gbps, cub_gbps;
    for (auto& r : rows) {
        r.gbps = r.median_ms > 0 ? static_cast<double>(r.bytes) / (r.median_ms * 1e-3) / 1e9 : 0;
        if (r.variant == kBenchMemcpy) memcpy_gbps[key_of(r)] = r.gbps;
        if (r.variant == kBenchCopy) copy_gbps[key_of(r)] = r.gbps;
        if (r.variant == kBenchCub) cub_gbps[key_of(r)] = r.gbps;
    }
    // memcpy and copy rows have no op or mode of their own: they match every row of their n and type.
    auto find_roof = [](const std::map<Key, double>& roof, const BenchResult& x) -> double {
        for (const auto& [k, g] : roof)
            if (std::get<0>(k) == x.n && std::get<1>(k) == x.type) return g;
        return 0;
    };
    for (auto& r : rows) {
        const double m = find_roof(memcpy_gbps, r);
        r.ratio_memcpy = m > 0 ? r.gbps / m : 0;
        const double k = find_roof(copy_gbps, r);
        r.ratio_copy = k > 0 ? r.gbps / k : 0;
        // A tile row scans independent tiles, not the whole array: CUB's whole scan is no peer of it.
        const auto c = cub_gbps.find(key_of(r));
        r.ratio_cub = !is_tile_row(r) && c != cub_gbps.end() && c->second > 0 ? r.gbps / c->second : 0;
    }
}

std::string to_csv(const BenchReport& report) {
    std::ostringstream os;
    auto meta = [&](const char* k, const std::string& v) {
        if (!v.empty()) os << "# " << k << ": " << v << "\n";
    };
    meta("device", report.meta.device);
    meta("driver", report.meta.driver);
    meta("runtime", report.meta.runtime);
    meta("date", report.meta.date);
    meta("command", report.meta.command);
    meta("policy", report.meta.policy);
    os << kCsvHeader << "\n";
    for (const auto& r : report.rows) {
        os << r.variant << ',' << r.n << ',' << to_string(r.type) << ',' << to_string(r.op) << ','
           << (r.exclusive ? "exclusive" : "inclusive") << ',' << r.bytes << ',' << r.runs << ','
           << fmt_double(r.median_ms) << ',' << fmt_double(r.min_ms) << ',' << fmt_double(r.gbps) << ','
           << fmt_double(r.ratio_memcpy) << ',' << fmt_double(r.ratio_cub) << ',' << (r.checked ? 1 : 0)
           << ',' << fmt_double(r.max_err) << ',' << r.repeatable << ',' << fmt_double(r.ratio_copy) << ','
           << fmt_double(r.max_ms) << ',' << r.tile << ',' << r.threads << ',' << r.blocks_per_sm << "\n";
    }
    return os.str();
}

BenchReport parse_bench_csv(std::string_view text) {
    BenchReport rep;
    // "# key: value" comments carry the run's metadata; other comments are notes.
    for (size_t pos = 0; pos <= text.size();) {
        size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        const std::string line = trimmed(text.substr(pos, nl - pos));
        pos = nl + 1;
        if (line.empty() || line[0] != '#') continue;
        const size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string k = trimmed(std::string_view(line).substr(1, colon - 1));
        const std::string v = trimmed(std::string_view(line).substr(colon + 1));
        if (k == "device")
            rep.meta.device = v;
        else if (k == "driver")
            rep.meta.driver = v;
        else if (k == "runtime")
            rep.meta.runtime = v;
        else if (k == "date")
            rep.meta.date = v;
        else if (k == "command")
            rep.meta.command = v;
        else if (k == "policy")
            rep.meta.policy = v;
    }
    std::vector<csv::Row> rows;
    try {
        rows = csv::split(text, "bench CSV", is_note_or_blank);
    } catch (const csv::Error& e) {
        throw BenchFormatError(e.what());
    }
    bool header = false;
    int columns = kCsvColumns;
    for (csv::Row& row : rows) {
        const int line_no = row.line;
        std::vector<std::string>& f = row.fields;
        if (!f.empty()) f.front() = trimmed(f.front());
        if (!f.empty()) f.back() = trimmed(f.back());
        if (!header) {
            std::string line;
            for (size_t i = 0; i < f.size(); ++i) line += (i ? "," : "") + f[i];
            if (line != kCsvHeader && line != kCsvHeaderV2 && line != kCsvHeaderV1)
                fail(line_no, "expected the header '" + std::string(kCsvHeader) + "', got '" + line + "'");
            columns = line == kCsvHeader     ? kCsvColumns
                      : line == kCsvHeaderV3 ? kCsvColumnsV3
                      : line == kCsvHeaderV2 ? kCsvColumnsV2
                                             : kCsvColumnsV1;
            header = true;
            continue;
        }
        if (static_cast<int>(f.size()) != columns)
            fail(line_no,
                 "expected " + std::to_string(columns) + " columns, got " + std::to_string(f.size()));
        BenchResult r;
        r.variant = f[0];
        r.n = parse_int(f[1], line_no, "n");
        const auto t = parse_value_type(f[2]);
        if (!t) fail(line_no, "unknown type '" + f[2] + "' (i32, u32, f32, i64, f64)");
        r.type = *t;
        const auto op = parse_op(f[3]);
        if (!op) fail(line_no, "unknown op '" + f[3] + "' (add, max, min)");
        r.op = *op;
        if (f[4] != "inclusive" && f[4] != "exclusive")
            fail(line_no, "mode must be inclusive or exclusive, got '" + f[4] + "'");
        r.exclusive = f[4] == "exclusive";
        r.bytes = parse_int(f[5], line_no, "bytes");
        r.runs = static_cast<int>(parse_int(f[6], line_no, "runs"));
        r.median_ms = parse_num(f[7], line_no, "median_ms");
        r.min_ms = parse_num(f[8], line_no, "min_ms");
        r.gbps = parse_num(f[9], line_no, "gbps");
        r.ratio_memcpy = parse_num(f[10], line_no, "ratio_memcpy");
        r.ratio_cub = parse_num(f[11], line_no, "ratio_cub");
        if (f[12] != "0" && f[12] != "1") fail(line_no, "checked must be 0 or 1, got '" + f[12] + "'");
        r.checked = f[12] == "1";
        if (columns >= kCsvColumnsV2) {
            r.max_err = parse_num(f[13], line_no, "max_err");
            const int64_t rep = parse_int(f[14], line_no, "repeatable");
            if (rep < -1 || rep > 1) fail(line_no, "repeatable must be -1, 0 or 1, got '" + f[14] + "'");
            r.repeatable = static_cast<int>(rep);
        }
        if (columns >= kCsvColumnsV3) r.ratio_copy = parse_num(f[15], line_no, "ratio_copy");
        if (columns >= kCsvColumns) {
            r.max_ms = parse_num(f[16], line_no, "max_ms");
            r.tile = static_cast<int>(parse_int(f[17], line_no, "tile"));
            r.threads = static_cast<int>(parse_int(f[18], line_no, "threads"));
            r.blocks_per_sm = static_cast<int>(parse_int(f[19], line_no, "blocks_per_sm"));
        }
        check_row(r, line_no);
        rep.rows.push_back(std::move(r));
    }
    if (!header) throw BenchFormatError("no header line: not a scanviz bench CSV");
    return rep;
}

std::string to_json(const BenchReport& report) {
    nlohmann::json j;
    j["format"] = "scanviz-bench";
    j["version"] = 1;
    j["meta"] = {{"device", report.meta.device},
                 {"driver", report.meta.driver},
                 {"runtime", report.meta.runtime},
                 {"date", report.meta.date},
                 {"command", report.meta.command},
                 {"policy", report.meta.policy}};
    j["rows"] = nlohmann::json::array();
    for (const auto& r : report.rows) {
        j["rows"].push_back({{"variant", r.variant},
                             {"n", r.n},
                             {"type", to_string(r.type)},
                             {"op", to_string(r.op)},
                             {"mode", r.exclusive ? "exclusive" : "inclusive"},
                             {"bytes", r.bytes},
                             {"runs", r.runs},
                             {"median_ms", r.median_ms},
                             {"min_ms", r.min_ms},
                             {"gbps", r.gbps},
                             {"ratio_memcpy", r.ratio_memcpy},
                             {"ratio_cub", r.ratio_cub},
                             {"checked", r.checked},
                             {"max_err", r.max_err},
                             {"repeatable", r.repeatable},
                             {"ratio_copy", r.ratio_copy},
                             {"max_ms", r.max_ms},
                             {"tile", r.tile},
                             {"threads", r.threads},
                             {"blocks_per_sm", r.blocks_per_sm}});
    }
    return j.dump(2) + "\n";
}

BenchReport parse_bench_json(std::string_view text) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw BenchFormatError(std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object() || j.value("format", "") != "scanviz-bench")
        throw BenchFormatError("not a scanviz bench JSON file (no \"format\": \"scanviz-bench\")");
    BenchReport rep;
    try {
        const auto& m = j.at("meta");
        rep.meta.device = m.value("device", "");
        rep.meta.driver = m.value("driver", "");
        rep.meta.runtime = m.value("runtime", "");
        rep.meta.date = m.value("date", "");
        rep.meta.command = m.value("command", "");
        rep.meta.policy = m.value("policy", "");
        int i = 0;
        for (const auto& x : j.at("rows")) {
            ++i;
            BenchResult r;
            r.variant = x.at("variant").get<std::string>();
            r.n = x.at("n").get<int64_t>();
            const auto t = parse_value_type(x.at("type").get<std::string>());
            if (!t) throw BenchFormatError("row " + std::to_string(i) + ": unknown type");
            r.type = *t;
            const auto op = parse_op(x.at("op").get<std::string>());
            if (!op) throw BenchFormatError("row " + std::to_string(i) + ": unknown op");
            r.op = *op;
            const std::string mode = x.at("mode").get<std::string>();
            if (mode != "inclusive" && mode != "exclusive")
                throw BenchFormatError("row " + std::to_string(i) + ": mode must be inclusive or exclusive");
            r.exclusive = mode == "exclusive";
            r.bytes = x.at("bytes").get<int64_t>();
            r.runs = x.at("runs").get<int>();
            r.median_ms = x.at("median_ms").get<double>();
            r.min_ms = x.at("min_ms").get<double>();
            r.gbps = x.at("gbps").get<double>();
            r.ratio_memcpy = x.at("ratio_memcpy").get<double>();
            r.ratio_cub = x.at("ratio_cub").get<double>();
            r.checked = x.at("checked").get<bool>();
            r.max_err = x.value("max_err", -1.0);
            r.repeatable = x.value("repeatable", -1);
            r.ratio_copy = x.value("ratio_copy", 0.0);
            r.max_ms = x.value("max_ms", 0.0);
            r.tile = x.value("tile", 0);
            r.threads = x.value("threads", 0);
            r.blocks_per_sm = x.value("blocks_per_sm", 0);
            check_row(r, i);
            rep.rows.push_back(std::move(r));
        }
    } catch (const nlohmann::json::exception& e) {
        throw BenchFormatError(std::string("bad bench JSON: ") + e.what());
    }
    return rep;
}

BenchReport load_bench_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw BenchFormatError(path + ": cannot open the file");
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string text = ss.str();
    const size_t first = text.find_first_not_of(" \t\r\n");
    try {
        if (first == std::string::npos) throw BenchFormatError("the file is empty");
        if (text[first] == '{') return parse_bench_json(text);
        return parse_bench_csv(text);
    } catch (const BenchFormatError& e) {
        throw BenchFormatError(path + ": " + e.what());
    }
}

namespace {

std::string size_label(int64_t n) {
    if (n > 0 && (n & (n - 1)) == 0) {
        int l = 0;
        while ((int64_t{1} << l) < n) ++l;
        return "2^" + std::to_string(l);
    }
    return std::to_string(n);
}

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

}  // namespace

std::string format_bench_text(const BenchReport& report) {
    std::ostringstream os;
    if (!report.meta.device.empty()) os << "device: " << report.meta.device;
    if (!report.meta.driver.empty()) os << "  driver: " << report.meta.driver;
    if (!report.meta.runtime.empty()) os << "  runtime: " << report.meta.runtime;
    if (!report.meta.date.empty()) os << "  date: " << report.meta.date;
    if (!report.meta.device.empty() || !report.meta.date.empty()) os << "\n";
    if (!report.meta.command.empty()) os << "command: " << report.meta.command << "\n";
    if (!report.meta.policy.empty()) os << "policy: " << report.meta.policy << "\n";
    char line[256];
    std::snprintf(line, sizeof line, "%-28s %-7s %-4s %-4s %-4s %12s %10s %9s %7s %8s %5s %9s\n", "variant", "n",
                  "type", "op", "mode", "time", "GB/s", "x memcpy", "x copy", "x CUB", "ok", "err");
    os << line;
    int64_t last_n = -1;
    for (const auto& r : report.rows) {
        if (is_tile_row(r)) continue;
        if (last_n != -1 && r.n != last_n) os << "\n";
        last_n = r.n;
        const bool small = r.n <= (int64_t{1} << 20);
        const std::string t = small ? fmt("%.2f us", r.median_ms * 1e3) : fmt("%.4f ms", r.median_ms);
        const std::string rm = r.ratio_memcpy > 0 ? fmt("%.3f", r.ratio_memcpy) : "-";
        const std::string rc = r.ratio_cub > 0 ? fmt("%.3f", r.ratio_cub) : "-";
        const std::string rk = r.ratio_copy > 0 ? fmt("%.3f", r.ratio_copy) : "-";
        // err: the float error against the compensated reference ("-" not measured); a "*"
        // marks an output whose bits differed between two runs.
        const std::string err = r.max_err < 0 ? "-" : (r.max_err == 0 ? "0" : fmt("%.2e", r.max_err));
        const bool roof = is_copy_row(r.variant);
        std::snprintf(line, sizeof line, "%-28s %-7s %-4s %-4s %-4s %12s %10.1f %9s %7s %8s %5s %9s%s\n",
                      r.variant.c_str(), size_label(r.n).c_str(), std::string(to_string(r.type)).c_str(),
                      roof ? "-" : std::string(to_string(r.op)).c_str(), roof ? "-" : (r.exclusive ? "excl" : "incl"),
                      t.c_str(), r.gbps, rm.c_str(), rk.c_str(), rc.c_str(), r.checked ? "yes" : "no", err.c_str(),
                      r.repeatable == 0 ? " *" : "");
        os << line;
    }
    // The block and warp variants at full occupancy, per tile size.
    std::vector<int> tiles;
    for (const auto& r : report.rows)
        if (is_tile_row(r) && std::find(tiles.begin(), tiles.end(), r.tile) == tiles.end()) tiles.push_back(r.tile);
    std::sort(tiles.begin(), tiles.end());
    for (const int tile : tiles) {
        int64_t total = 0;
        for (const auto& r : report.rows)
            if (r.tile == tile) total = r.n;
        os << "\nblock scans at full occupancy: tiles of " << tile << " elements, one block each, "
           << size_label(total) << " elements in one launch (spread: fastest and slowest of the runs)\n";
        std::snprintf(line, sizeof line, "%-28s %-4s %-4s %-4s %11s %21s %8s %9s %7s %9s\n", "variant", "type", "op",
                      "mode", "median", "fastest..slowest", "GB/s", "x memcpy", "threads", "blocks/SM");
        os << line;
        for (const auto& r : report.rows) {
            if (r.tile != tile) continue;
            const std::string rm = r.ratio_memcpy > 0 ? fmt("%.3f", r.ratio_memcpy) : "-";
            const std::string spread = fmt("%.1f..", r.min_ms * 1e3) + fmt("%.1f us", r.max_ms * 1e3);
            std::snprintf(line, sizeof line, "%-28s %-4s %-4s %-4s %8.1f us %21s %8.1f %9s %7d %9d\n",
                          r.variant.c_str(), std::string(to_string(r.type)).c_str(),
                          std::string(to_string(r.op)).c_str(), r.exclusive ? "excl" : "incl", r.median_ms * 1e3,
                          spread.c_str(), r.gbps, rm.c_str(), r.threads, r.blocks_per_sm);
            os << line;
        }
    }
    return os.str();
}

std::vector<std::pair<Op, bool>> bench_op_modes(const BenchReport& report) {
    std::vector<std::pair<Op, bool>> out;
    for (const auto& r : report.rows) {
        if (is_copy_row(r.variant) || is_tile_row(r)) continue;
        const std::pair<Op, bool> k{r.op, r.exclusive};
        if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    }
    return out;
}

std::vector<BenchSeries> bench_series(const BenchReport& report, BenchMetric metric, Op op, bool exclusive) {
    bool several_types = false;
    for (const auto& r : report.rows) several_types = several_types || r.type != report.rows.front().type;
    std::vector<BenchSeries> out;
    for (const auto& r : report.rows) {
        if (is_tile_row(r)) continue;
        if (!is_copy_row(r.variant) && (r.op != op || r.exclusive != exclusive)) continue;
        const double v = metric == BenchMetric::Gbps          ? r.gbps
                         : metric == BenchMetric::RatioMemcpy ? r.ratio_memcpy
                         : metric == BenchMetric::RatioCopy   ? r.ratio_copy
                                                              : r.ratio_cub;
        auto it = std::find_if(out.begin(), out.end(), [&](const BenchSeries& s) {
            return s.variant == r.variant && s.type == r.type;
        });
        if (it == out.end()) {
            BenchSeries s;
            s.variant = r.variant;
            s.type = r.type;
            s.label = several_types ? r.variant + " " + std::string(to_string(r.type)) : r.variant;
            out.push_back(std::move(s));
            it = out.end() - 1;
        }
        if (v > 0) it->points.emplace_back(r.n, v);
    }
    for (auto& s : out) std::sort(s.points.begin(), s.points.end());
    return out;
}

std::vector<int64_t> parse_bench_sizes(std::string_view text) {
    auto bad = [&](const std::string& why) {
        return std::invalid_argument("--sizes '" + std::string(text) + "': " + why);
    };
    auto one = [&](std::string_view s) -> int64_t {
        const std::string t = trimmed(s);
        int64_t v = 0;
        if (t.rfind("2^", 0) == 0) {
            const auto [p, ec] = std::from_chars(t.data() + 2, t.data() + t.size(), v);
            if (ec != std::errc{} || p != t.data() + t.size() || v < 0 || v > 40)
                throw bad("'" + t + "' is not 2^k with 0 <= k <= 40");
            return int64_t{1} << v;
        }
        const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (ec != std::errc{} || p != t.data() + t.size() || v <= 0 || t.empty())
            throw bad("'" + t + "' is not a positive element count");
        return v;
    };
    std::vector<int64_t> out;
    const size_t dots = text.find("..");
    if (dots != std::string_view::npos) {
        std::string_view hi = text.substr(dots + 2);
        int step = 2;
        const size_t colon = hi.find(':');
        if (colon != std::string_view::npos) {
            const std::string st = trimmed(hi.substr(colon + 1));
            const auto [p, ec] = std::from_chars(st.data(), st.data() + st.size(), step);
            if (ec != std::errc{} || p != st.data() + st.size() || step < 1)
                throw bad("the step must be >= 1");
            hi = hi.substr(0, colon);
        }
        const std::string lo_s = trimmed(text.substr(0, dots)), hi_s = trimmed(hi);
        if (lo_s.rfind("2^", 0) != 0 || hi_s.rfind("2^", 0) != 0)
            throw bad("a range is written 2^a..2^b[:step]");
        const int64_t lo = one(lo_s), hi_v = one(hi_s);
        if (lo > hi_v) throw bad("the range is empty");
        int a = 0, b = 0;
        while ((int64_t{1} << a) < lo) ++a;
        while ((int64_t{1} << b) < hi_v) ++b;
        for (int e = a; e <= b; e += step) out.push_back(int64_t{1} << e);
        return out;
    }
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t c = text.find(',', pos);
        if (c == std::string_view::npos) c = text.size();
        out.push_back(one(text.substr(pos, c - pos)));
        pos = c + 1;
    }
    return out;
}

}  // namespace scanviz
