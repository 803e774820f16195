#include "sources.hpp"

#include <filesystem>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "core/i18n/i18n.hpp"
#include "core/learner/settings.hpp"


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

void run_kernels_with(Sources& sources, LearnerEngine engine, std::string source_kind, std::string dir) {
    sources.kernel_path = [dir](const std::string& name) { return (std::filesystem::path(dir) / name).string(); };
    struct Cache {
        std::mutex mutex;
        std::map<std::pair<std::string, bool>, LearnerRun> runs;
    };
    auto cache = std::make_shared<Cache>();
    sources.run_kernel = [engine = std::move(engine), kind = std::move(source_kind), cache](const std::string& path,
                                                                                            bool interleaved) {
        LearnerRun run;
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            run.error = path + ": cannot read the file";
            return run;
        }
        std::ostringstream text;
        text << in.rdbuf();
        const auto key = std::make_pair(path + "\n" + text.str(), interleaved);
        {
            std::lock_guard lock(cache->mutex);
            if (const auto it = cache->runs.find(key); it != cache->runs.end()) return it->second;
        }
        LearnerRequest request;
        request.file = path;
        request.source = text.str();
        ParsedSettings parsed = parse_settings(request.source, path);
        if (parsed.error.empty()) {
            parsed.settings.spec.variant = parsed.settings.like;
            parsed.error = check_settings(parsed.settings, path);
        }
        if (!parsed.error.empty()) {
            run.error = parsed.error;
            return run;
        }
        request.settings = parsed.settings;
        request.spec = settings_spec(request.settings);
        request.schedule = interleaved ? Schedule::Interleaved : Schedule::Lockstep;
        request.schedule_seed = request.spec.seed;
        run = run_learner(engine, request, kind);
        std::lock_guard lock(cache->mutex);
        cache->runs[key] = run;
        return run;
    };
}

std::string learner_kernel_dir() {
    if (const char* d = std::getenv("SCANVIZ_LEARNER_DIR"); d && *d) return d;
    if (const char* d = std::getenv("XDG_DATA_HOME"); d && *d)
        return (std::filesystem::path(d) / "scanviz" / "kernels").string();
    if (const char* h = std::getenv("HOME"); h && *h)
        return (std::filesystem::path(h) / ".local" / "share" / "scanviz" / "kernels").string();
    return {};
}

std::string learner_copy(const std::string& shipped_dir, const std::string& name, std::string* error) {
    const std::string dir = learner_kernel_dir();
    if (dir.empty()) {
        *error = i18n::format(i18n::tr("no folder for your copy of %s (set SCANVIZ_LEARNER_DIR, XDG_DATA_HOME or HOME)"),
                              name.c_str());
        return {};
    }
    const std::filesystem::path copy = std::filesystem::path(dir) / name;
    std::error_code ec;
    const std::filesystem::path shipped = std::filesystem::path(shipped_dir) / name;
    if (std::filesystem::weakly_canonical(shipped, ec) == std::filesystem::weakly_canonical(copy, ec)) {
        *error = i18n::format(
            i18n::tr("your copy of %s would be the shipped file itself (%s): set SCANVIZ_LEARNER_DIR to a folder of your own"),
            name.c_str(), shipped.string().c_str());
        return {};
    }
    if (std::filesystem::is_regular_file(copy, ec)) return copy.string();
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        *error = i18n::format(i18n::tr("cannot make the folder %s: %s"), dir.c_str(), ec.message().c_str());
        return {};
    }
    std::filesystem::copy_file(shipped, copy, ec);
    if (ec) {
        *error = i18n::format(i18n::tr("cannot copy %s to %s: %s"), shipped.string().c_str(), copy.string().c_str(),
                              ec.message().c_str());
        return {};
    }
    // The shipped file may be read-only (an installed package): the copy is the learner's to edit.
    std::filesystem::permissions(copy, std::filesystem::perms::owner_write, std::filesystem::perm_options::add, ec);
    return copy.string();
}

void load_recorded_kernels(Sources& sources, const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        sources.recorded_kernels.clear();
        sources.recorded_kernels_missing = "cannot read " + file;
        return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    sources.recorded_kernels = text.str();
    sources.recorded_kernels_origin = std::filesystem::path(file).filename().string();
    sources.recorded_kernels_missing.clear();
}

}  // namespace scanviz::lessons
