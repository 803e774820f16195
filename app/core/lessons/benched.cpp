#include "benched.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/lessons/origin.hpp"
#include "core/models/variants.hpp"
#include "measured.hpp"

namespace scanviz::lessons::detail {
namespace {

std::string format_ms(double ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", ms);
    return buf;
}

bool known_bench_variant(const std::string& v) {
    return v == kBenchCub || v == kBenchThrust || v == kBenchMemcpy || find_variant(v) != nullptr;
}

// VARIANT ... TILE: a tile size last, block or warp variants before it (timed at full occupancy).
}  // namespace

std::optional<std::string> check_tile(std::string_view kind, const std::vector<std::string>& args) {
    const std::string k(kind);
    const std::string& n = args.back();
    if (!parse_count(n) || *parse_count(n) < 1) return k + ": '" + n + "' is not a tile size (256 or 2^8)";
    for (size_t i = 0; i + 1 < args.size(); ++i) {
        const VariantInfo* v = find_variant(args[i]);
        if (!v || v->level == Level::Device)
            return k + ": '" + args[i] + "' is not a block or warp variant (scanviz list)";
    }
    return std::nullopt;
}

// VARIANT ... N: a size last, benchmarked variants before it.
std::optional<std::string> check_bench(std::string_view kind, const std::vector<std::string>& args) {
    const std::string k(kind);
    const std::string& n = args.back();
    if (!parse_count(n) || *parse_count(n) < 1) return k + ": '" + n + "' is not a size (1048576 or 2^20)";
    for (size_t i = 0; i + 1 < args.size(); ++i)
        if (!known_bench_variant(args[i]))
            return k + ": unknown variant '" + args[i] + "' (scanviz list, or cub, thrust, memcpy)";
    return std::nullopt;
}


namespace {

const BenchResult* bench_row(const BenchReport& report, const std::string& variant, long long n) {
    for (const auto& r : report.rows)
        if (!is_tile_row(r) && r.variant == variant && r.n == n && r.type == ValueType::I32 && r.op == Op::Add &&
            !r.exclusive)
            return &r;
    return nullptr;
}

// A block or warp variant at full occupancy, int32 inclusive add, in tiles of `tile` (a warp
// variant's tile is always its 32).
const BenchResult* tile_row(const BenchReport& report, const std::string& variant, long long tile) {
    for (const auto& r : report.rows)
        if (is_tile_row(r) && r.variant == variant && r.tile == tile && r.type == ValueType::I32 &&
            r.op == Op::Add && !r.exclusive)
            return &r;
    return nullptr;
}

// The tile row, or why there is none (the results predate the tile rows, or lack this one), or why
// it cannot answer (no repeated runs).
const BenchResult* tile_row_or(const std::string& variant, long long tile, const Sources& s, Value& why) {
    if (!s.bench) {
        why = fail("no benchmark results here" + (s.bench_missing.empty() ? std::string() : ": " + s.bench_missing),
                   true);
        return nullptr;
    }
    const BenchResult* r = tile_row(*s.bench, variant, tile);
    if (!r) {
        why = fail("the benchmark results (" + from_shown(s.bench_origin) + ") have no " + variant + " at full occupancy in tiles of " +
                       std::to_string(tile) + " (int32, inclusive add)",
                   true);
        return nullptr;
    }
    if (r->runs < 2 || r->min_ms <= 0) {
        why = fail("the benchmark results (" + from_shown(s.bench_origin) + ") time " + variant + " in tiles of " +
                   std::to_string(tile) + " in " + std::to_string(r->runs) +
                   " run(s) with no spread: a time needs repeated measurements");
        return nullptr;
    }
    return r;
}

// Two rows whose runs' ranges (fastest to slowest) overlap or touch are not told apart: some run
// of the slower was as quick as some run of the quicker, so the comparison is noise. A row read
// from an older table without its slowest run takes its median's distance from the fastest on the
// other side. Returns why, or nothing.
std::optional<std::string> within_noise(const BenchResult& a, const BenchResult& b, const std::string& where) {
    auto slowest = [](const BenchResult& r) { return r.max_ms > 0 ? r.max_ms : 2 * r.median_ms - r.min_ms; };
    const bool apart = slowest(a) < b.min_ms || slowest(b) < a.min_ms;
    if (apart) return std::nullopt;
    return a.variant + " and " + b.variant + where + ": their runs overlap (" + a.variant + " " +
           format_ms(a.min_ms) + " .. " + format_ms(slowest(a)) + " ms, " + b.variant + " " + format_ms(b.min_ms) +
           " .. " + format_ms(slowest(b)) + " ms, fastest .. slowest): the comparison is noise";
}

}  // namespace

// tile_gbps VARIANT TILE, tile_ns VARIANT TILE, tile_speedup A B TILE (B's median time over A's).
Value tile_value(TileFigure figure, const std::vector<std::string>& args, const Sources& s) {
    const long long tile = *parse_count(args.back());
    Value why;
    const BenchResult* a = tile_row_or(args[0], tile, s, why);
    if (!a) return why;
    Value v;
    if (figure == TileFigure::Gbps) {
        v = number(a->gbps, 1);
    } else if (figure == TileFigure::NsPerTile) {
        // The launch's median time shared out over its tiles: what one tile costs the GPU when every SM is full.
        v = number(a->median_ms * 1e6 / static_cast<double>(a->n / a->tile), 2);
    } else {
        const BenchResult* b = tile_row_or(args[1], tile, s, why);
        if (!b) return why;
        if (auto noise = within_noise(*a, *b, " in tiles of " + args.back())) return fail(*noise);
        v = number(b->median_ms / a->median_ms, 2);
    }
    v.tolerance = 0.03;
    v.relative = true;
    v.origin = bench_origin_shown(s);
    return v;
}

// tile_faster A B [C ...] TILE: which variant took the least time at full occupancy; refused within noise.
Value tile_fastest(const std::vector<std::string>& args, const Sources& s) {
    const long long tile = *parse_count(args.back());
    const BenchResult* best = nullptr;
    Value why;
    std::vector<const BenchResult*> rows;
    for (size_t i = 0; i + 1 < args.size(); ++i) {
        const BenchResult* r = tile_row_or(args[i], tile, s, why);
        if (!r) return why;
        rows.push_back(r);
        if (!best || r->median_ms < best->median_ms) best = r;
    }
    for (const BenchResult* r : rows)
        if (r != best)
            if (auto noise = within_noise(*best, *r, " in tiles of " + args.back())) return fail(*noise);
    Value v;
    v.ok = true;
    v.kind = ValueKind::Choice;
    v.choice = best->variant;
    v.options.assign(args.begin(), args.end() - 1);
    v.origin = bench_origin_shown(s);
    return v;
}

Value bench_value(BenchFigure figure, const std::string& variant, long long n, const Sources& s) {
    if (!s.bench)
        return fail("no benchmark results here" +
                        (s.bench_missing.empty() ? std::string() : ": " + s.bench_missing),
                    true);
    const BenchResult* r = bench_row(*s.bench, variant, n);
    if (!r)
        return fail("the benchmark results (" + from_shown(s.bench_origin) + ") have no " + variant + " at n = " +
                        std::to_string(n) + " (int32, inclusive add)",
                    true);
    if (r->runs < 2 || r->min_ms <= 0)
        return fail("the benchmark results (" + from_shown(s.bench_origin) + ") time " + variant + " at n = " +
                    std::to_string(n) + " in " + std::to_string(r->runs) +
                    " run(s) with no spread: a time needs repeated measurements");
    Value v;
    if (figure == BenchFigure::Gbps) {
        v = number(r->gbps, 1);
        v.tolerance = 0.03;
        v.relative = true;
    } else {
        const bool memcpy = figure == BenchFigure::MemcpyFraction;
        const double x = memcpy ? r->ratio_memcpy : r->ratio_cub;
        if (x <= 0)
            return fail("the benchmark results (" + from_shown(s.bench_origin) + ") have no " +
                            (memcpy ? "memcpy" : "CUB") + " row at n = " + std::to_string(n),
                        true);
        v = number(x, 3);
        v.tolerance = 0.02;
    }
    v.origin = bench_origin_shown(s);
    return v;
}

// Which of the variants (all arguments but the last, N) measured the highest throughput at n = N.
// A comparison within noise has no answer: the winner's median time must differ from every other
// row's by more than the spread of either row's runs (median minus fastest run).
Value fastest(const std::vector<std::string>& args, const Sources& s) {
    const long long n = *parse_count(args.back());
    Value best;
    double most = 0;
    for (size_t i = 0; i + 1 < args.size(); ++i) {
        Value g = bench_value(BenchFigure::Gbps, args[i], n, s);
        if (!g.ok) return g;
        if (!best.ok || g.number > most) {
            most = g.number;
            best.ok = true;
            best.choice = args[i];
            best.origin = g.origin;
        }
    }
    const BenchResult* w = bench_row(*s.bench, best.choice, n);
    for (size_t i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == best.choice) continue;
        if (auto noise = within_noise(*w, *bench_row(*s.bench, args[i], n), " at n = " + args.back()))
            return fail(*noise);
    }
    best.kind = ValueKind::Choice;
    best.options.assign(args.begin(), args.end() - 1);
    return best;
}

}  // namespace scanviz::lessons::detail
