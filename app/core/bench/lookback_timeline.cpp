#include "core/bench/lookback_timeline.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace scanviz {

namespace {
double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}
}  // namespace

LookbackSummary summarize(const LookbackTimeline& t) {
    LookbackSummary s;
    s.tiles = static_cast<int>(t.tiles.size());
    if (t.tiles.empty()) return s;
    std::vector<double> lb, tile;
    std::set<int> sms;
    double first = t.tiles[0].start_ns, last = t.tiles[0].end_ns;
    int64_t dist_sum = 0;
    int dist_1 = 0, counted = 0;
    for (const auto& x : t.tiles) {
        sms.insert(x.sm);
        first = std::min(first, x.start_ns);
        last = std::max(last, x.end_ns);
        tile.push_back(x.end_ns - x.start_ns);
        if (x.tile == 0) continue;
        ++counted;
        dist_sum += x.distance;
        s.max_distance = std::max(s.max_distance, x.distance);
        if (x.distance == 1) ++dist_1;
        lb.push_back(x.lookback_end_ns - x.lookback_start_ns);
    }
    s.mean_distance = counted ? static_cast<double>(dist_sum) / counted : 0;
    s.fraction_distance_1 = counted ? static_cast<double>(dist_1) / counted : 0;
    s.median_lookback_ns = median(lb);
    s.median_tile_ns = median(tile);
    s.span_ns = last - first;
    s.sms = static_cast<int>(sms.size());
    return s;
}

std::string check_timeline(const LookbackTimeline& t) {
    for (size_t i = 0; i < t.tiles.size(); ++i) {
        const auto& x = t.tiles[i];
        const std::string at = "tile " + std::to_string(x.tile) + ": ";
        if (x.tile != static_cast<int64_t>(i)) return at + "tiles are not in order";
        if (!(x.start_ns <= x.aggregate_ns && x.aggregate_ns <= x.lookback_start_ns &&
              x.lookback_start_ns <= x.lookback_end_ns && x.lookback_end_ns <= x.inclusive_ns &&
              x.inclusive_ns <= x.end_ns))
            return at + "stamps out of order (start <= aggregate <= look-back <= inclusive <= end)";
        if (x.tile == 0 && x.distance != 0) return at + "tile 0 looks back";
        if (x.tile > 0 && (x.distance < 1 || x.distance > x.tile))
            return at + "look-back distance out of range";
        // Tile by tile, the look-back always ends on an inclusive prefix (tile 0 publishes one at
        // once). In groups it ends on the last tile of a group, after this tile's own group and
        // whole groups before it, or it reads every tile down to tile 0 and finds none.
        const int g = t.group_tiles;
        const bool to_start = g > 0 && x.tile > 0 && x.distance == x.tile;
        if (g > 0 && x.tile > 0 && !to_start) {
            const int64_t own = x.tile % g;  // predecessors in the tile's own group
            if (x.distance < own + 1 || (x.distance - own - 1) % g != 0)
                return at + "the look-back did not take whole groups";
        }
        for (size_t k = 0; k < x.preds.size(); ++k) {
            const auto& p = x.preds[k];
            if (p.tile != x.tile - 1 - static_cast<int64_t>(k)) return at + "predecessors not nearest-first";
            // Every predecessor folded before the last had only its aggregate; the last had its inclusive
            // prefix.
            const bool last = static_cast<int>(k) + 1 == x.distance;
            if (last && !to_start ? p.status != 2 : p.status != 1)
                return at + "the look-back did not stop at the first inclusive predecessor";
            if (g > 0 && p.status == 2 && (p.tile + 1) % g != 0)
                return at + "an inclusive prefix from a tile that is not the last of its group";
        }
    }
    return {};
}

std::string timeline_to_json(const LookbackTimeline& t) {
    nlohmann::json j;
    j["format"] = "scanviz-lookback-timeline";
    j["version"] = 1;
    j["device"] = t.device;
    j["driver"] = t.driver;
    j["date"] = t.date;
    j["n"] = t.n;
    j["type"] = to_string(t.type);
    j["threads"] = t.threads;
    j["tile_items"] = t.tile_items;
    j["sm_clock_ghz"] = t.sm_clock_ghz;
    j["blocks_per_sm"] = t.blocks_per_sm;
    j["timed_blocks_per_sm"] = t.timed_blocks_per_sm;
    j["group_tiles"] = t.group_tiles;
    auto& tiles = j["tiles"] = nlohmann::json::array();
    for (const auto& x : t.tiles) {
        nlohmann::json preds = nlohmann::json::array();
        for (const auto& p : x.preds) preds.push_back({p.tile, p.status, p.wait_cycles});
        tiles.push_back(
            {{"tile", x.tile},
             {"sm", x.sm},
             {"t",
              {x.start_ns, x.aggregate_ns, x.lookback_start_ns, x.lookback_end_ns, x.inclusive_ns, x.end_ns}},
             {"distance", x.distance},
             {"preds", preds}});
    }
    return j.dump() + "\n";
}

LookbackTimeline timeline_from_json(std::string_view text) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw BenchFormatError(std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object() || j.value("format", "") != "scanviz-lookback-timeline")
        throw BenchFormatError(
            "not a scanviz look-back timeline (no \"format\": \"scanviz-lookback-timeline\")");
    LookbackTimeline t;
    try {
        t.device = j.value("device", "");
        t.driver = j.value("driver", "");
        t.date = j.value("date", "");
        t.n = j.at("n").get<int64_t>();
        const auto ty = parse_value_type(j.at("type").get<std::string>());
        if (!ty) throw BenchFormatError("unknown type");
        t.type = *ty;
        t.threads = j.at("threads").get<int>();
        t.tile_items = j.at("tile_items").get<int>();
        t.sm_clock_ghz = j.at("sm_clock_ghz").get<double>();
        t.blocks_per_sm = j.value("blocks_per_sm", 0);
        t.timed_blocks_per_sm = j.value("timed_blocks_per_sm", 0);
        t.group_tiles = j.value("group_tiles", 0);  // older files: tile by tile
        if (t.group_tiles < 0) throw BenchFormatError("group_tiles must be 0 or more");
        for (const auto& x : j.at("tiles")) {
            LookbackTileTimes tt;
            tt.tile = x.at("tile").get<int64_t>();
            tt.sm = x.at("sm").get<int>();
            const auto& ts = x.at("t");
            if (!ts.is_array() || ts.size() != 6)
                throw BenchFormatError("tile " + std::to_string(tt.tile) + ": 6 stamps");
            tt.start_ns = ts[0].get<double>();
            tt.aggregate_ns = ts[1].get<double>();
            tt.lookback_start_ns = ts[2].get<double>();
            tt.lookback_end_ns = ts[3].get<double>();
            tt.inclusive_ns = ts[4].get<double>();
            tt.end_ns = ts[5].get<double>();
            tt.distance = x.at("distance").get<int>();
            for (const auto& p : x.at("preds")) {
                if (!p.is_array() || p.size() != 3)
                    throw BenchFormatError("a predecessor is [tile, status, wait]");
                tt.preds.push_back({p[0].get<int64_t>(), p[1].get<int>(), p[2].get<uint32_t>()});
            }
            t.tiles.push_back(std::move(tt));
        }
    } catch (const nlohmann::json::exception& e) {
        throw BenchFormatError(std::string("bad look-back timeline: ") + e.what());
    }
    return t;
}

}  // namespace scanviz
