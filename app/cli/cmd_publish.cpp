// scanviz publish: a static web site from a recording (default: the shipped one,
// made on an H100): index.html, one page per trace (stepping, the dependency cone
// of a clicked cell, work, span and bank conflicts, the badge saying which device
// made each trace) and one page per lesson (narration, the trace of each step,
// questions whose answers were computed here). It opens from the file system with
// no network. Lesson traces come from the recording where it holds the input, else
// from the reference model (the page's badge says which), as in the window.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "commands.hpp"
#include "core/common/assets.hpp"
#include "core/lessons/catalog.hpp"
#include "core/lessons/sources.hpp"
#include "core/publish/lesson_page.hpp"
#include "core/publish/site.hpp"
#include "core/recording/recording.hpp"
#include "kernels/sass/sass_paths.hpp"

namespace scanviz::cli {
namespace {

struct PublishArgs {
    std::string out;
    std::string recording = asset_path("recordings/default.svzrec");
    std::vector<std::string> lessons;  // empty: every shipped lesson
    bool force = false;
};

std::string lessons_dir() {
    if (const char* env = std::getenv("SCANVIZ_LESSONS_DIR"); env && *env) return env;
    return asset_path("lessons");
}

// The SASS listings of this build, else the committed snapshot's architectures (as `lesson` reads them).
std::vector<std::string> sass_archs() {
    const auto& p = kern::sass_paths();
    if (p.cubins_built) return p.archs;
    std::vector<std::string> archs;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(p.snapshot_dir, ec))
        if (e.is_directory()) archs.push_back(e.path().filename().string());
    std::sort(archs.begin(), archs.end());
    return archs;
}

int run_publish(const PublishArgs& a) {
    // Everything is read and built before anything is written: bad input writes nothing.
    const Recording recording = load_recording(a.recording);
    std::vector<std::string> lesson_files = a.lessons;
    if (lesson_files.empty())
        for (const auto& e : lessons::list_lessons(lessons_dir())) lesson_files.push_back(e.path);
    std::vector<nlohmann::json> lesson_pages;
    if (!lesson_files.empty()) {
        lessons::Sources sources = publish::recording_sources(recording);
        const auto& p = kern::sass_paths();
        lessons::load_sass(sources, sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built},
                           sass_archs());
        lessons::load_bench(sources, &recording, asset_path("bench/h100_bench.csv"));
        lessons::load_profile(sources, &recording, asset_path("profile/h100_profile.json"));
        lessons::load_race(sources, &recording, asset_path("race/h100_race.json"));
        for (const auto& f : lesson_files)
            lesson_pages.push_back(publish::lesson_page_data(lessons::load_lesson(f), sources));
    }
    const auto files =
        publish::build_site(recording, std::filesystem::path(a.recording).filename().string(), lesson_pages);
    publish::write_site(files, a.out, a.force);
    std::printf("wrote %s: index.html, %zu trace pages (%s) and %zu lesson pages\n", a.out.c_str(),
                recording.traces.size(), recording.badge().c_str(), lesson_pages.size());
    return 0;
}

}  // namespace

void add_publish_command(CLI::App& app, CommandResult& result) {
    auto a = std::make_shared<PublishArgs>();
    CLI::App* cmd = app.add_subcommand(
        "publish",
        "Write a static web site (index.html, one page per trace and per lesson) to use in a browser");
    cmd->add_option("-o,--output", a->out, "The site's folder (refused when it exists, unless --force)")
        ->required();
    cmd->add_option("recording", a->recording, "The recording to publish (default: the shipped H100 one)");
    cmd->add_option("--lessons", a->lessons, "Lesson files to publish (default: every shipped lesson)")
        ->expected(1, -1);
    cmd->add_flag("--force", a->force, "Replace the output folder when it exists");
    cmd->callback([&result, a]() { result.exit_code = run_publish(*a); });
}

}  // namespace scanviz::cli
