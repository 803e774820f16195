#include "sources.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>


namespace scanviz::lessons {

void run_through(Sources& sources, Runner runner) {
    sources.run = [runner = std::move(runner)](const RunSpec& spec) { return runner.run(spec); };
}

void load_sass(Sources& sources, const sass::Locations& where, const std::vector<std::string>& archs) {
    sources.sass_rows.clear();
    if (archs.empty()) {
        sources.sass_missing = "this build compiles no cubins and assets/sass has no snapshot";
        return;
    }
    try {
        sources.sass_rows = sass::count_table(where, archs, {});
        bool any = false;
        for (const auto& r : sources.sass_rows) any = any || r.method.has_value();
        if (!any) {
            sources.sass_missing =
                sources.sass_rows.empty() ? "no listings found" : sources.sass_rows.front().message;
            sources.sass_rows.clear();
        }
    } catch (const std::exception& e) {
        sources.sass_rows.clear();
        sources.sass_missing = e.what();
    }
}

void load_bench(Sources& sources, const Recording* recording, const std::string& results_file) {
    sources.bench.reset();
    // The open recording's own results first, as for the profile and the race lab: its figures are
    // of the card it names (an H200 recording's lessons quote the H200), then the shipped file.
    if (recording && recording->bench && !recording->bench->rows.empty()) {
        sources.bench = *recording->bench;
        sources.bench_origin.clear();  // the recording (origin.hpp)
        return;
    }
    std::error_code ec;
    if (!results_file.empty() && std::filesystem::is_regular_file(results_file, ec)) {
        try {
            sources.bench = load_bench_file(results_file);
            sources.bench_origin = std::filesystem::path(results_file).filename().string();
            return;
        } catch (const std::exception& e) {
            sources.bench_missing = e.what();
        }
    }
    if (sources.bench_missing.empty())
        sources.bench_missing = "no results file was found and no recording with benchmark results is open";
}

namespace {

std::optional<std::string> read_text(const std::string& path, std::string* why) {
    std::error_code ec;
    if (path.empty() || !std::filesystem::is_regular_file(path, ec)) {
        *why = "no file " + (path.empty() ? std::string("named") : path);
        return std::nullopt;
    }
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    if (!f && !f.eof()) {
        *why = "cannot read " + path;
        return std::nullopt;
    }
    return ss.str();
}

}  // namespace

void load_profile(Sources& sources, const Recording* recording, const std::string& table_file) {
    sources.profile.reset();
    sources.profile_missing.clear();
    if (recording && recording->profile && !recording->profile->rows.empty()) {
        sources.profile = *recording->profile;
        sources.profile_origin.clear();  // the recording (origin.hpp)
        return;
    }
    std::string why;
    if (const auto text = read_text(table_file, &why)) {
        try {
            sources.profile = parse_profile_json(*text);
            sources.profile_origin = std::filesystem::path(table_file).filename().string();
            return;
        } catch (const std::exception& e) {
            why = table_file + ": " + e.what();
        }
    }
    sources.profile_missing = "the recording has no profile table and " + why;
}

void load_race(Sources& sources, const Recording* recording, const std::string& table_file) {
    sources.race.reset();
    sources.race_missing.clear();
    if (recording && recording->race && !recording->race->rows.empty()) {
        sources.race = *recording->race;
        sources.race_origin.clear();  // the recording (origin.hpp)
        return;
    }
    std::string why;
    if (const auto text = read_text(table_file, &why)) {
        try {
            sources.race = race_table_from_json(nlohmann::json::parse(*text));
            sources.race_origin = std::filesystem::path(table_file).filename().string();
            return;
        } catch (const std::exception& e) {
            why = table_file + ": " + e.what();
        }
    }
    sources.race_missing = "the recording has no race lab table and " + why;
}

}  // namespace scanviz::lessons
