// The look-back timeline: what each tile of a real single-pass scan did and
// when, from an instrumented run (globaltimer stamps, clock64 waits). It is
// how a person sees decoupled look-back happen: tiles start in waves, publish
// their aggregate at once, and wait only on the few predecessors nearer than
// the first one that has its inclusive prefix. The tuned kernel looks back in
// groups (group_tiles, 32): only the last tile of a group publishes its
// inclusive prefix, and a look-back takes whole groups of aggregates until it
// meets one (kernels/device/lookback/look_back.cuh, lb_look_back_grouped).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bench/bench.hpp"

namespace scanviz {

struct LookbackPredecessor {
    int64_t tile = 0;          // the predecessor inspected
    int status = 0;            // what the tile found: 1 = aggregate, 2 = inclusive prefix
    uint32_t wait_cycles = 0;  // SM clock cycles from the start of the look-back until its flag was ready
};

struct LookbackTileTimes {
    int64_t tile = 0;
    int sm = 0;  // the SM that ran it
    // Nanoseconds since the first tile started (globaltimer):
    double start_ns = 0;      // the tile began (before its loads)
    double aggregate_ns = 0;  // its aggregate was published (flag 1)
    double lookback_start_ns = 0;
    double lookback_end_ns = 0;  // its exclusive prefix was known
    double inclusive_ns = 0;     // its inclusive prefix was published (flag 2; in groups: known, and
                                 // published by the last tile of a group)
    double end_ns = 0;           // its output was written
    int distance = 0;            // predecessors folded in the look-back (0 for tile 0)
    std::vector<LookbackPredecessor> preds;  // nearest first; at most the probe's cap
};

struct LookbackTimeline {
    std::string device, driver, date;
    int64_t n = 0;
    ValueType type = ValueType::I32;
    int threads = 0;              // threads per tile
    int tile_items = 0;           // items per tile
    double sm_clock_ghz = 0;      // to turn wait cycles into time
    int blocks_per_sm = 0;        // resident tiles per SM of the instrumented kernel
    int timed_blocks_per_sm = 0;  // ... and of the timed (probe-free) kernel
    // 0: every tile publishes its inclusive prefix; G > 0: tiles come in groups of G and only
    // the last tile of a group publishes one (the others' status keeps their aggregate).
    int group_tiles = 0;
    std::vector<LookbackTileTimes> tiles;
};

// Figures a view or a report shows, computed from the timeline.
struct LookbackSummary {
    int tiles = 0;
    double mean_distance = 0;
    int max_distance = 0;
    double fraction_distance_1 = 0;  // tiles whose nearest predecessor already had its inclusive prefix
    double median_lookback_ns = 0;   // lookback_end - lookback_start, over tiles > 0
    double median_tile_ns = 0;       // end - start
    double span_ns = 0;              // last end - first start
    int sms = 0;                     // distinct SMs that ran tiles
};
LookbackSummary summarize(const LookbackTimeline& t);

// Checks that the stamps of every tile are in order, the predecessors are the
// tiles right below it, nearest first, and the look-back stopped at the first
// inclusive prefix (in groups: one published by the last tile of a group, after
// whole groups of aggregates, or none before tile 0); returns the first problem
// found, or an empty string.
std::string check_timeline(const LookbackTimeline& t);

std::string timeline_to_json(const LookbackTimeline& t);
// Throws BenchFormatError naming the problem.
LookbackTimeline timeline_from_json(std::string_view text);

}  // namespace scanviz
