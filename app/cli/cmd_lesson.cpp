// scanviz lesson list | show NAME | check [FILE ...] | kinds
//   list:  the lessons shipped in assets/lessons (or --dir), with their titles and steps
//   show:  a lesson as text: each step's view, narration and question, answers computed
//   check: validates lesson files (all shipped ones when none is named): one line per problem
//   kinds: the quantities a question or a {placeholder} can name
// Traces come through the Runner (core/run/runner.hpp): the GPU when there is one (the
// model where it has no kernel), else --recording FILE where it holds the input, else
// the reference models; the output says which.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "commands.hpp"
#include "core/common/assets.hpp"
#include "core/lessons/catalog.hpp"
#include "core/lessons/checker.hpp"
#include "core/lessons/sources.hpp"
#include "core/recording/recording.hpp"
#include "core/models/variants.hpp"
#include "kernels/gpu.hpp"
#include "kernels/sass/sass_paths.hpp"

namespace scanviz::cli {
namespace {

using namespace scanviz::lessons;

struct LessonArgs {
    std::string dir;
    std::string name;
    std::vector<std::string> files;
    std::string recording;
    std::string arch;  // the SASS view's architecture the figures come from (empty: sass::default_arch)
};

std::string default_dir() {
    if (const char* env = std::getenv("SCANVIZ_LESSONS_DIR"); env && *env) return env;
    return asset_path("lessons");
}

// Where the figures come from: the GPU, a recording, or the models; SASS; benchmarks.
struct CliSources {
    Sources sources;
    std::shared_ptr<Recording> recording;
    std::string traces_from;
};

CliSources make_sources(const std::string& recording_path) {
    CliSources c;
    if (!recording_path.empty()) c.recording = std::make_shared<Recording>(load_recording(recording_path));
    Runner runner(gpu::trace_capture());
    runner.set_recording(c.recording);
    const auto& rec = c.recording;
    c.traces_from = runner.gpu_present()
                        ? "the GPU (the reference model where it has no kernel)"
                    : rec ? "the recording (" + rec->badge() + "), the reference model for inputs it lacks"
                          : "the reference models (no GPU: " + runner.gpu().why_not + ")";
    run_through(c.sources, std::move(runner));
    const auto& p = kern::sass_paths();
    load_sass(c.sources, sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built},
              kern::available_sass_archs());
    load_bench(c.sources, c.recording.get(), asset_path("bench/h100_bench.csv"));
    load_profile(c.sources, c.recording.get(), asset_path("profile/h100_profile.json"));
    load_race(c.sources, c.recording.get(), asset_path("race/h100_race.json"));
    return c;
}

// Word-wraps a paragraph at `width` columns with an indent.
std::string wrap(const std::string& text, size_t width, const std::string& indent) {
    std::string out, line;
    size_t i = 0;
    while (i < text.size()) {
        const size_t sp = text.find(' ', i);
        const std::string word = text.substr(i, sp == std::string::npos ? std::string::npos : sp - i);
        i = sp == std::string::npos ? text.size() : sp + 1;
        if (word.empty()) continue;
        if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
            out += indent + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out += indent + line + "\n";
    return out;
}

std::string view_line(const LessonStep& s, const ShownStep& shown) {
    const RunSpec& spec = shown.trace.spec;
    std::string line = spec.variant + ", n = " + std::to_string(spec.n) + ", " +
                       std::string(to_string(spec.op)) + " " + std::string(to_string(spec.type)) +
                       (spec.exclusive ? ", exclusive" : ", inclusive") + ", input " +
                       std::string(to_string(spec.input));
    line +=
        "; showing " + (shown.step < 0 ? std::string("the initial state")
                                       : "step " + std::to_string(shown.step + 1) + " of " +
                                             std::to_string(shown.trace.steps.size()) + " (" +
                                             shown.trace.steps[static_cast<size_t>(shown.step)].label + ")");
    if (shown.select_slot >= 0)
        line += "; cell " + std::to_string(shown.select_slot) + " selected after " +
                (shown.select_step < 0 ? std::string("the initial state")
                                       : "step " + std::to_string(shown.select_step + 1));
    std::string panels;
    for (const auto& p : s.view.panels) panels += (panels.empty() ? "" : " ") + p;
    return line + "; panels: " + panels;
}

int run_list(const LessonArgs& a) {
    const auto entries = list_lessons(a.dir);
    if (entries.empty()) throw std::runtime_error("no lessons in '" + a.dir + "'");
    for (const auto& e : entries) {
        if (!e.error.empty())
            std::printf("%-28s (does not parse: %s)\n", e.name.c_str(), e.error.c_str());
        else
            std::printf("%-28s %2d steps  %s\n", e.name.c_str(), e.steps, e.title.c_str());
    }
    std::printf("\n%zu lessons in %s; scanviz lesson show NAME prints one, the window (scanviz) runs them.\n",
                entries.size(), a.dir.c_str());
    return 0;
}

int run_show(const LessonArgs& a) {
    const std::string path = find_lesson(a.dir, a.name);
    if (path.empty())
        throw std::invalid_argument("no lesson '" + a.name + "' in " + a.dir +
                                    " (scanviz lesson list shows them)");
    const Lesson lesson = load_lesson(path);
    CliSources c = make_sources(a.recording);
    c.sources.arch = a.arch;
    std::printf("%s  (%s, %zu steps)\n\n", lesson.title.c_str(), lesson.name.c_str(), lesson.steps.size());
    std::printf("Before: %s\n", lesson.prerequisites.c_str());
    std::printf("After:  %s\n", lesson.outcomes.c_str());
    std::printf("Traces from %s.\n", c.traces_from.c_str());
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& s = lesson.steps[i];
        std::string error;
        const auto shown = show_step(lesson, static_cast<int>(i), c.sources, &error);
        if (!shown) throw std::runtime_error(error);
        std::printf("\n--- step %zu of %zu%s%s\n", i + 1, lesson.steps.size(), s.title.empty() ? "" : ": ",
                    s.title.c_str());
        std::printf("%s", wrap("[" + view_line(s, *shown) + "]", 100, "  ").c_str());
        for (size_t p = 0; p < s.paragraphs.size(); ++p) {
            // A figure whose data is missing here is said, not guessed (lesson check refuses it).
            const auto text = expand_or_say(s.paragraphs[p], shown->data(), c.sources, &error);
            if (!text)
                throw std::runtime_error(path + ":" + std::to_string(s.paragraph_lines[p]) + ": " + error);
            std::printf("%s", wrap(*text, 100, "  ").c_str());
        }
        if (s.question) {
            const Value v = answer_of(*s.question, *shown, c.sources);
            std::printf("%s", wrap("Q: " + s.question->ask, 100, "  ").c_str());
            std::string until;
            for (const auto& h : s.question->hide) until += (until.empty() ? "" : " ") + h;
            if (s.question->reveal_next) until += std::string(until.empty() ? "" : "; ") + "the predicted step";
            if (!until.empty()) std::printf("%s", wrap("(kept from the learner until answered: " + until + ")", 100, "  ").c_str());
            std::string answer = v.text();
            if (v.kind == ValueKind::Choice && v.ok) {
                std::string opts;
                for (const auto& o : v.options) opts += (opts.empty() ? "" : ", ") + o;
                answer += "  (of " + opts + ")";
            }
            if (v.ok && !v.origin.empty()) answer += "  [" + v.origin + "]";
            std::printf("%s", wrap("A: " + answer, 100, "  ").c_str());
        }
    }
    return 0;
}

int run_check(const LessonArgs& a) {
    std::vector<std::string> files = a.files;
    if (files.empty()) {
        for (const auto& e : list_lessons(a.dir)) files.push_back(e.path);
        if (files.empty()) throw std::runtime_error("no lessons in '" + a.dir + "'");
    }
    CliSources c = make_sources(a.recording);
    c.sources.arch = a.arch;
    int problems = 0;
    for (const auto& f : files) {
        std::vector<std::string> found;
        try {
            const Lesson l = load_lesson(f);
            Sources s = c.sources;
            found = check_lesson(l, s);
        } catch (const std::exception& e) {
            found = {e.what()};
        }
        for (const auto& p : found) std::fprintf(stderr, "scanviz: %s\n", p.c_str());
        problems += static_cast<int>(found.size());
        if (found.empty()) std::printf("ok  %s\n", f.c_str());
    }
    return problems ? 1 : 0;
}

int run_kinds() {
    std::printf("Quantities a question (question = KIND ARGS) or a placeholder ({KIND ARGS}) can name:\n\n");
    for (const auto& k : quantity_kinds())
        std::printf("  %-28s %s\n", std::string(k.usage).c_str(), std::string(k.what).c_str());
    return 0;
}

}  // namespace

void add_lesson_command(CLI::App& app, CommandResult& result) {
    auto a = std::make_shared<LessonArgs>();
    a->dir = default_dir();
    CLI::App* cmd = app.add_subcommand("lesson", "Guided lessons: list, show NAME, check [FILE ...], kinds");
    cmd->require_subcommand(1);
    auto add_common = [&](CLI::App* sub, bool recording) {
        sub->add_option("--dir", a->dir, "Folder of *.lesson files (default: the shipped assets/lessons)");
        if (recording) {
            sub->add_option("--recording", a->recording,
                            "Take traces and benchmark results from this recording where it holds them");
            sub->add_option("--arch", a->arch,
                            "SASS figures from this architecture, as when the SASS view shows it (default: "
                            "the view's default, sm_90 where the listings have it)");
        }
    };
    CLI::App* list = cmd->add_subcommand("list", "The lessons, with their titles and number of steps");
    add_common(list, false);
    list->callback([&result, a] { result.exit_code = run_list(*a); });
    CLI::App* show = cmd->add_subcommand("show", "A lesson as text, with every figure and answer computed");
    show->add_option("name", a->name, "Lesson name (01_kogge_stone_warp, kogge_stone_warp, 1) or a file")
        ->required();
    add_common(show, true);
    show->callback([&result, a] { result.exit_code = run_show(*a); });
    CLI::App* check =
        cmd->add_subcommand("check", "Validate lesson files (every shipped one when none is named)");
    check->add_option("files", a->files, "Lesson files");
    add_common(check, true);
    check->callback([&result, a] { result.exit_code = run_check(*a); });
    CLI::App* kinds = cmd->add_subcommand("kinds", "The quantities questions and placeholders can name");
    kinds->callback([&result] { result.exit_code = run_kinds(); });
}

}  // namespace scanviz::cli
