// Inside the lessons room: the figures the quantities read from the benchmark's results (the
// whole-array scans by size, the block and warp scans at full occupancy by tile), and the check that
// refuses a comparison within the spread of the runs. The kinds that use them are entries of the
// table in quantity.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bench/bench.hpp"
#include "quantity.hpp"

namespace scanviz::lessons::detail {

// Argument checks (KindInfo::check): VARIANT ... N (benchmarked variants, then a size), and
// VARIANT ... TILE (block or warp variants, then a tile size).
std::optional<std::string> check_bench(std::string_view kind, const std::vector<std::string>& args);
std::optional<std::string> check_tile(std::string_view kind, const std::vector<std::string>& args);

// A whole-array row: gbps, memcpy_fraction, cub_ratio of VARIANT at n = N (int32 inclusive add).
enum class BenchFigure : uint8_t { Gbps, MemcpyFraction, CubRatio };
Value bench_value(BenchFigure figure, const std::string& variant, long long n, const Sources& s);
// faster A B [C ...] N: the highest throughput at n = N; refused within the runs' spread.
Value fastest(const std::vector<std::string>& args, const Sources& s);

// A tile row: tile_gbps VARIANT TILE, tile_ns VARIANT TILE, tile_speedup A B TILE.
enum class TileFigure : uint8_t { Gbps, NsPerTile, Speedup };
Value tile_value(TileFigure figure, const std::vector<std::string>& args, const Sources& s);
// tile_faster A B [C ...] TILE: the least time at full occupancy; refused within the runs' spread.
Value tile_fastest(const std::vector<std::string>& args, const Sources& s);

}  // namespace scanviz::lessons::detail
