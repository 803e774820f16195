// Race lab report: the hazard analysis of each case (from the model's trace)
// beside what the GPU did (a RaceTable measured now or recorded), as text,
// CSV or JSON, and the narration the window shows, written from the numbers.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/race/hazards.hpp"
#include "core/race/table.hpp"

namespace scanviz {

// Every case of a variant: as written, each barrier removed, one buffer
// (block_hillis_steele); the warp scans each converged and diverged.
std::vector<RaceCase> race_cases(const std::string& variant);

// The hazard analysis of one case on the variant's race-lab trace (cached per variant).
const Trace& race_trace(const std::string& variant);
HazardReport race_hazards(const RaceCase& c);
// The barrier list of a variant's race-lab trace.
std::vector<BarrierSite> race_barriers(const std::string& variant);

struct RaceReportRow {
    RaceCase c;
    std::string what;  // "3 up-sweep d=8", "one buffer", "as written"
    int hazards = 0, raw = 0, war = 0, waw = 0, between_warps = 0, within_warp = 0;
    std::optional<RaceRow> measured;
};

struct RaceReport {
    std::vector<RaceReportRow> rows;
    std::string source;              // where the measured figures come from: "GPU now: ...", "recorded: ..."
    std::optional<RaceTable> table;  // the measurements' metadata (device, driver, date, build)
};

RaceReport build_race_report(const std::vector<RaceCase>& cases, const RaceTable* measured,
                             std::string source);

std::string format_race_text(const RaceReport& r);
std::string format_race_csv(const RaceReport& r);
std::string format_race_json(const RaceReport& r);

// What the measurements say about why some missing barriers never fail and
// others almost always do: sentences computed from the rows (hazards between
// warps or only within one warp, failure counts, converged against diverged).
// Empty when nothing was measured. In the reader's language (core/i18n; English is each msgid, so
// English output is unchanged); the table's badge through RaceTable::badge_shown().
std::vector<std::string> race_narration(const RaceReport& r);

// "12 of 65536 blocks (0.018%)"
std::string format_rate(const RaceRow& r);

}  // namespace scanviz
