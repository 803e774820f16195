// scanviz publish: a static web site from a recording (default: the shipped one,
// made on an H100) that computes in the browser: index.html, app.html (any variant,
// n and input, run by the core compiled to WebAssembly, scanviz_core.js: the
// recording's trace with its device badge where it holds the input, else the
// reference model's) and one page per lesson (checked and computed here first, then
// computed again in the browser from the lesson's text). It opens from the file
// system with no network.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

#include "cli_text.hpp"
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

// The WebAssembly module (app/wasm, built by cmake/wasm.cmake): $SCANVIZ_WASM_JS, else this build's.
std::string wasm_module() {
    const char* env = std::getenv("SCANVIZ_WASM_JS");
    const std::string path = env && *env ? env : SCANVIZ_WASM_JS;
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) text.clear();
    if (text.empty())
        throw std::runtime_error(i18n::format(i18n::tr("publish needs the WebAssembly module '%s', which this build did not "
                                               "make: install emscripten (bash .ci/setup --tests) and build again, or "
                                               "name one with SCANVIZ_WASM_JS"),
                                      path.c_str()));
    return text;
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(i18n::format(i18n::tr("cannot read lesson '%s'"), path.c_str()));
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

int run_publish(const PublishArgs& a) {
    // Everything is read and built before anything is written: bad input writes nothing.
    const Recording recording = load_recording(a.recording);
    std::vector<std::string> lesson_files = a.lessons;
    std::vector<std::string> window_only;  // lessons that run a learner's kernel: the window's alone
    if (lesson_files.empty())
        for (const auto& e : lessons::list_lessons(lessons_dir())) {
            bool kernel = false;
            try {
                kernel = lessons::runs_a_kernel(lessons::load_lesson(e.path));
            } catch (const std::exception&) {  // a broken lesson is refused below, with its message
            }
            (kernel ? window_only : lesson_files).push_back(kernel ? e.name : e.path);
        }
    publish::SiteInputs in;
    in.recording_name = std::filesystem::path(a.recording).filename().string();
    // The figures lessons quote besides traces, as `scanviz lesson` finds them; the site's pages
    // compute every lesson in the browser, and each is checked and computed here first.
    lessons::Sources sources = publish::recording_sources(recording);
    const auto& p = kern::sass_paths();
    lessons::load_sass(sources, sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built}, sass_archs());
    lessons::load_bench(sources, &recording, asset_path("bench/h100_bench.csv"));
    lessons::load_profile(sources, &recording, asset_path("profile/h100_profile.json"));
    lessons::load_race(sources, &recording, asset_path("race/h100_race.json"));
    in.context = publish::lesson_context(sources);
    for (const auto& f : lesson_files) {
        const std::string text = read_text(f);
        in.lessons.push_back(publish::lesson_site_entry(lessons::parse_lesson(text, f), text, sources));
    }
    in.wasm_js = wasm_module();
    const auto files = publish::build_site(recording, in);
    publish::write_site(files, a.out, a.force);
    size_t bytes = 0;
    for (const auto& f : files) bytes += f.text.size();
    std::printf("%s\n", i18n::format(i18n::tr("wrote %s: %zu files, %.1f MB: index.html, app.html (computes any variant in "
                                      "the browser; %zu recorded traces, %s) and %zu lesson pages"),
                             a.out.c_str(), files.size() + 1, bytes / 1e6, recording.traces.size(),
                             recording.badge().c_str(), in.lessons.size())
                            .c_str());
    for (const auto& name : window_only)
        std::printf("%s\n", i18n::format(i18n::tr("left out: %s runs your own kernel file, which the browser cannot "
                                                   "compile; the window teaches it (scanviz %s)"),
                                         name.c_str(), name.c_str())
                                .c_str());
    return 0;
}

}  // namespace

void add_publish_command(CLI::App& app, CommandResult& result) {
    auto a = std::make_shared<PublishArgs>();
    CLI::App* cmd = app.add_subcommand(
        "publish",
        i18n::tr("Write a static web site that runs every variant and lesson in a browser (WebAssembly; no server)"));
    cmd->add_option("-o,--output", a->out, i18n::tr("The site's folder (refused when it exists, unless --force)"))
        ->required();
    cmd->add_option("recording", a->recording, i18n::tr("The recording to publish (default: the shipped H100 one)"));
    cmd->add_option("--lessons", a->lessons, i18n::tr("Lesson files to publish (default: every shipped lesson)"))
        ->expected(1, -1);
    cmd->add_flag("--force", a->force, i18n::tr("Replace the output folder when it exists"));
    cmd->callback([&result, a]() { result.exit_code = run_publish(*a); });
}

}  // namespace scanviz::cli
