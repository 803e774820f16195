// Race lab results: what the GPU did with each barrier left out.
//
// One row per case: a variant, the barrier removed (or one buffer instead of
// two, or nothing: the variant as written), converged or after a divergent
// branch (warp scans). A row holds the measured count of wrong blocks (or
// warps) out of how many, one example of a wrong output with the differing
// cells, and, where the GPU suite ran it, what compute-sanitizer racecheck
// reported for the same case. The table names the device, driver, date and
// build that produced it. JSON (the recording's "race" section and
// assets/race/), CSV and text.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace scanviz {

// One case of the race lab; barrier -1 = none removed.
struct RaceCase {
    std::string variant;
    int barrier = -1;
    bool one_buffer = false;
    bool diverged = false;
    // "block_blelloch:3", "block_hillis_steele:one-buffer", "warp_conditional:none+diverged"
    std::string key() const;
    bool operator==(const RaceCase&) const = default;
};
// Parses key(); throws std::invalid_argument naming the problem.
RaceCase parse_race_case(const std::string& key);

struct RaceExample {
    int launch = 0;  // which launch
    int unit = 0;    // which block (or warp) of it
    std::vector<int64_t> input, output, expected;
    std::vector<int> differing;  // indices where output != expected
};

struct RacecheckResult {
    int errors = 0;    // racecheck "errors" (shared-memory hazards between threads)
    int warnings = 0;  // racecheck "warnings" (e.g. warp-level programming hazards)
    bool ran = true;
    int hazards() const { return errors + warnings; }
};

struct RaceRow {
    RaceCase c;
    std::string barrier_name;    // from the variant's barrier list; "" when none removed
    std::string unit = "block";  // "block" or "warp": what is counted
    int threads_per_block = 0;
    int units_per_launch = 0;
    int launches = 0;
    int64_t wrong = 0, total = 0;  // units whose result differed from the sequential scan
    int wrong_launches = 0;        // launches with at least one wrong unit
    std::optional<RaceExample> example;
    std::optional<RacecheckResult> racecheck;
    double rate() const { return total > 0 ? static_cast<double>(wrong) / static_cast<double>(total) : 0.0; }
};

struct RaceTable {
    std::string device, sm, driver, runtime;
    std::string date;     // ISO 8601
    std::string build;    // scanviz version and build type ("0.1.0 Release, CUDA 13.0, sm_90")
    std::string command;  // the command line that measured it
    uint64_t seed = 1;
    std::vector<RaceRow> rows;

    const RaceRow* find(const RaceCase& c) const;
    // "measured on NVIDIA H100 80GB HBM3 (sm_90, driver 13.0) on 2026-11-22": English, for the
    // CSV and JSON that carry it (the report's source).
    std::string badge() const;
    // The same in the reader's language (core/i18n), for the window and the narration; in English
    // byte-identical to badge().
    std::string badge_shown() const;
};

nlohmann::json to_json(const RaceTable& t);
// Throws std::runtime_error naming what is wrong.
RaceTable race_table_from_json(const nlohmann::json& j);
std::string race_table_to_json(const RaceTable& t);

// Racecheck results as the GPU suite writes them: "case,errors,warnings"
// lines (with a header). Throws std::runtime_error on a bad line.
std::vector<std::pair<RaceCase, RacecheckResult>> parse_racecheck_csv(const std::string& text);
}  // namespace scanviz
