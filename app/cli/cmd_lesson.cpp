// scanviz lesson list | show NAME | check [FILE ...] | kinds
//   list:  the lessons shipped in assets/lessons (or --dir), with their titles and steps
//   show:  a lesson as text: each step's view, narration and question, answers computed
//   check: validates lesson files (all shipped ones when none is named): one line per problem
//   kinds: the quantities a question or a {placeholder} can name
// --lang picks the language: en, the originals, or zh, the translations in the lessons
// folder's zh_CN (list and show fall back to English where a lesson is not translated);
// check takes all, its default: every language that has lessons, each translation checked
// as a lesson and against its original (shadow.hpp).
// Traces come through the Runner (core/run/runner.hpp): the GPU when there is one (the
// model where it has no kernel), else --recording FILE where it holds the input, else
// the reference models; the output says which.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string_view>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "core/common/assets.hpp"
#include "core/lessons/catalog.hpp"
#include "core/lessons/checker.hpp"
#include "core/lessons/shadow.hpp"
#include "core/lessons/sources.hpp"
#include "core/learner/engine_cpu.hpp"
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
    std::string lang;  // --lang as given (empty: the subcommand's default)
    bool yours = false;  // check: judge the learner's own copy of each goal step's kernel too
};

// --lang's value: a lesson language ("zh_CN" and the like read as zh), or with `all_too`
// also "all"; the default when it is not given: the language scanviz speaks now (scanviz's
// --lang, else the environment), or all with `all_too`. Another value is a usage error.
std::string language(const std::string& given, bool all_too) {
    if (given.empty()) return all_too ? "all" : i18n::language_code(i18n::language());
    if (is_lesson_language(given) || (all_too && given == "all")) return given;
    if (const auto l = i18n::parse_language(given)) return i18n::language_code(*l);
    throw std::invalid_argument(i18n::format(all_too ? i18n::tr("--lang '%s' is not en, zh or all")
                                             : i18n::tr("--lang '%s' is not en or zh"),
                                     given.c_str()));
}

std::string default_dir() {
    if (const char* env = std::getenv("SCANVIZ_LESSONS_DIR"); env && *env) return env;
    return asset_path("lessons");
}

// Where the figures come from: the GPU, a recording, or the models; SASS; benchmarks.
struct CliSources {
    Sources sources;
    std::shared_ptr<Recording> recording;
    std::string traces_from;  // the sentence that says where the traces come from
};

CliSources make_sources(const std::string& recording_path) {
    CliSources c;
    if (!recording_path.empty()) c.recording = std::make_shared<Recording>(load_recording(recording_path));
    Runner runner(gpu::trace_capture());
    runner.set_recording(c.recording);
    const auto& rec = c.recording;
    c.traces_from =
        runner.gpu_present() ? std::string(i18n::tr("Traces from the GPU (the reference model where it has no kernel)."))
        : rec ? i18n::format(i18n::tr("Traces from the recording (%s), the reference model for inputs it lacks."),
                     rec->badge().c_str())
              : i18n::format(i18n::tr("Traces from the reference models (no GPU: %s)."), runner.gpu().why_not.c_str());
    run_through(c.sources, std::move(runner));
    const auto& p = kern::sass_paths();
    load_sass(c.sources, sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built},
              kern::available_sass_archs());
    load_bench(c.sources, c.recording.get(), asset_path("bench/h100_bench.csv"));
    load_profile(c.sources, c.recording.get(), asset_path("profile/h100_profile.json"));
    load_race(c.sources, c.recording.get(), asset_path("race/h100_race.json"));
    // A lesson's kernel: the shipped example itself, on the CPU engine (its interleaved schedule is
    // the CPU engine's; the GPU's many launches come from the recorded run).
    run_kernels_with(c.sources, cpu_engine(), "cpu", asset_path("kernels"));
    load_recorded_kernels(c.sources, asset_path(kRecordedKernelsFile));
    return c;
}

// Whether a character is written without spaces around it and two columns wide: Chinese,
// Japanese and Korean characters and the full-width punctuation they use.
bool is_wide(char32_t c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6);
}

// Word-wraps a paragraph at `width` columns with an indent: at spaces, and between wide
// characters (a translated lesson's Chinese has no spaces to break at).
std::string wrap(const std::string& text, size_t width, const std::string& indent) {
    // The units a line may break between: words, and each wide character on its own.
    struct Unit {
        std::string text;
        size_t columns = 0;
        bool space_before = false;
    };
    std::vector<Unit> units;
    bool space = false, in_word = false, glue = false;
    for (size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const size_t len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        char32_t c = len == 1 ? lead : lead & (0xFF >> (len + 1));
        for (size_t k = 1; k < len && i + k < text.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        const std::string ch = text.substr(i, len);
        i += len;
        if (ch == " ") {
            space = true;
            in_word = glue = false;
            continue;
        }
        const bool wide = is_wide(c);
        // A closing mark stays with what it closes, an opening one with what it opens.
        const bool closing = std::u32string_view(U"，。、；：？！）」』》】").find(c) != std::u32string_view::npos;
        if ((!in_word || wide) && !glue && !(closing && !space && !units.empty()))
            units.push_back({"", 0, space});
        units.back().text += ch;
        units.back().columns += wide ? 2 : 1;
        glue = std::u32string_view(U"（「『《【").find(c) != std::u32string_view::npos;
        in_word = !wide;
        space = false;
    }
    std::string out, line;
    size_t columns = 0;
    for (const auto& u : units) {
        const bool spaced = !line.empty() && u.space_before;
        if (!line.empty() && indent.size() + columns + spaced + u.columns > width) {
            out += indent + line + "\n";
            line.clear();
            columns = 0;
        } else if (spaced) {
            line += ' ';
            ++columns;
        }
        line += u.text;
        columns += u.columns;
    }
    if (!line.empty()) out += indent + line + "\n";
    return out;
}

// What a step shows, in clauses: the run, the step, the selected cell, the panels (ids as they are).
std::string view_line(const LessonStep& s, const ShownStep& shown) {
    const RunSpec& spec = shown.trace.spec;
    const char* sep = i18n::trc("between clauses", "; ");
    std::string line = i18n::format(spec.exclusive ? i18n::tr("%s, n = %d, %s %s, exclusive, input %s")
                                           : i18n::tr("%s, n = %d, %s %s, inclusive, input %s"),
                            spec.variant.c_str(), spec.n, std::string(to_string(spec.op)).c_str(),
                            std::string(to_string(spec.type)).c_str(), std::string(to_string(spec.input)).c_str());
    line += sep;
    line += shown.step < 0 ? std::string(i18n::tr("showing the initial state"))
                           : i18n::format(i18n::tr("showing step %d of %zu (%s)"), shown.step + 1, shown.trace.steps.size(),
                                  i18n::step_label(shown.trace.steps[static_cast<size_t>(shown.step)].label).c_str());
    if (shown.select_slot >= 0) {
        line += sep;
        line += shown.select_step < 0
                    ? i18n::format(i18n::tr("cell %d selected after the initial state"), shown.select_slot)
                    : i18n::format(i18n::tr("cell %d selected after step %d"), shown.select_slot, shown.select_step + 1);
    }
    std::string panels;
    for (const auto& p : s.view.panels) panels += (panels.empty() ? "" : " ") + p;
    return line + sep + i18n::format(i18n::tr("panels: %s"), panels.c_str());
}

int run_list(const LessonArgs& a) {
    const std::string lang = language(a.lang, false);
    const auto entries = list_lessons(a.dir);
    if (entries.empty()) throw std::runtime_error(i18n::format(i18n::tr("no lessons in '%s'"), a.dir.c_str()));
    // A translation under its original's name; a lesson not translated is listed in English.
    std::map<std::string, CatalogEntry> translated;
    if (lang != "en")
        for (auto& e : list_lessons(lesson_dir(a.dir, lang))) translated[e.name] = std::move(e);
    for (const auto& original : entries) {
        const auto t = translated.find(original.name);
        const CatalogEntry& e = t == translated.end() ? original : t->second;
        const std::string note =
            lang != "en" && t == translated.end() ? "  " + std::string(i18n::tr("(not translated: English)")) : "";
        if (!e.error.empty())
            std::printf("%-28s %s%s\n", e.name.c_str(), i18n::format(i18n::tr("(does not parse: %s)"), e.error.c_str()).c_str(),
                        note.c_str());
        else  // untranslated: tests read the steps and the summary below in every language (lesson_list_zh)
            std::printf("%-28s %2d steps  %s%s\n", e.name.c_str(), e.steps, e.title.c_str(), note.c_str());
    }
    // untranslated: as above
    std::printf("\n%zu lessons in %s", entries.size(), a.dir.c_str());
    // untranslated: as above
    if (lang != "en") std::printf(", %zu translated in %s", translated.size(), lesson_dir(a.dir, lang).c_str());
    // untranslated: as above
    std::printf("; scanviz lesson show NAME prints one, the window (scanviz) runs them.\n");
    return 0;
}

int run_show(const LessonArgs& a) {
    const std::string lang = language(a.lang, false);
    const std::string path = find_localized_lesson(a.dir, a.name, lang);
    if (path.empty())
        throw std::invalid_argument(
            i18n::format(i18n::tr("no lesson '%s' in %s (scanviz lesson list shows them)"), a.name.c_str(), a.dir.c_str()));
    const Lesson lesson = load_lesson(path);
    if (lang != "en" && path == find_lesson(a.dir, a.name))
        std::printf("%s\n\n", i18n::format(i18n::tr("(Not translated into %s yet: the English lesson.)"), lang.c_str()).c_str());
    CliSources c = make_sources(a.recording);
    c.sources.arch = a.arch;
    const size_t steps = lesson.steps.size();
    std::printf("%s\n\n", i18n::format(i18n::tr("%s  (%s, %zu steps)"), lesson.title.c_str(),
                               lesson.name.c_str(), steps)
                              .c_str());
    std::printf("%s\n", i18n::format(i18n::tr("Before: %s"), lesson.prerequisites.c_str()).c_str());
    std::printf("%s\n", i18n::format(i18n::tr("After:  %s"), lesson.outcomes.c_str()).c_str());
    std::printf("%s\n", c.traces_from.c_str());
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& s = lesson.steps[i];
        std::string error;
        const auto shown = show_step(lesson, static_cast<int>(i), c.sources, &error);
        if (!shown) throw std::runtime_error(error);
        std::printf("\n--- %s\n", s.title.empty()
                                      ? i18n::format(i18n::tr("step %zu of %zu"), i + 1, steps).c_str()
                                      : i18n::format(i18n::tr("step %zu of %zu: %s"), i + 1, steps, s.title.c_str()).c_str());
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
            std::printf("%s", wrap(i18n::format(i18n::tr("Q: %s"), s.question->ask.c_str()), 100, "  ").c_str());
            std::string until;
            for (const auto& h : s.question->hide) until += (until.empty() ? "" : " ") + h;
            if (s.question->reveal_next)
                until += std::string(until.empty() ? "" : i18n::trc("between clauses", "; ")) +
                         i18n::tr("the predicted step");
            if (!until.empty())
                std::printf("%s", wrap(i18n::format(i18n::tr("(kept from the learner until answered: %s)"), until.c_str()), 100,
                                       "  ")
                                      .c_str());
            std::string answer = v.text();
            if (v.kind == ValueKind::Choice && v.ok) {
                std::string opts;
                for (const auto& o : v.options) opts += (opts.empty() ? "" : ", ") + o;
                answer += i18n::format(i18n::tr("  (of %s)"), opts.c_str());
            }
            if (v.ok && !v.origin.empty()) answer += "  [" + v.origin + "]";
            std::printf("%s", wrap(i18n::format(i18n::tr("A: %s"), answer.c_str()), 100, "  ").c_str());
        }
    }
    return 0;
}

// A lesson file to check and, for a translation, its original (it is checked against it too).
struct CheckItem {
    std::string file;
    std::string original;
};

// The files `check` checks in `lang` (en, zh or all). None named: the lessons of --dir in
// each language (all: English, and every translation there is). Files named: each one
// (en) and its translation (zh; all: where it exists); a named file in a language
// folder is a translation itself.
std::vector<CheckItem> files_to_check(const LessonArgs& a, const std::string& lang) {
    std::vector<std::string> langs;
    for (const char* l : kLessonLanguages)
        if (lang == "all" || lang == l) langs.push_back(l);
    std::vector<CheckItem> items;
    if (a.files.empty()) {
        for (const auto& l : langs) {
            const std::string dir = lesson_dir(a.dir, l);
            const auto entries = list_lessons(dir);
            if (entries.empty() && (l == "en" || lang != "all"))
                throw std::runtime_error(l == "en" ? i18n::format(i18n::tr("no lessons in '%s'"), dir.c_str())
                                                   : i18n::format(i18n::tr("no %s lessons in '%s'"), l.c_str(), dir.c_str()));
            for (const auto& e : entries)
                items.push_back({e.path, l == "en" ? std::string() : original_path(e.path)});
        }
        return items;
    }
    for (const auto& f : a.files) {
        if (const std::string original = original_path(f); !original.empty()) {
            items.push_back({f, original});
            continue;
        }
        for (const auto& l : langs) {
            const std::string t = translation_path(f, l);
            std::error_code ec;
            if (l == "en")
                items.push_back({f, ""});
            else if (lang != "all" || std::filesystem::is_regular_file(t, ec))
                items.push_back({t, f});  // asked for by name: a missing one is a problem
        }
    }
    return items;
}

int run_check(const LessonArgs& a) {
    const auto items = files_to_check(a, language(a.lang, true));
    CliSources c = make_sources(a.recording);
    c.sources.arch = a.arch;
    int problems = 0;
    std::set<std::string> judged;  // --yours: the lessons whose learner's copy was judged
    for (const auto& item : items) {
        std::vector<std::string> found;
        try {
            const Lesson l = load_lesson(item.file);
            // A translation keeps its original's steps and settings, and checks as a lesson too.
            if (!item.original.empty()) found = check_shadow_files(item.file, item.original);
            Sources s = c.sources;
            for (auto& p : check_lesson(l, s)) found.push_back(std::move(p));
            // --yours: the learner's copy of each goal step's kernel (the window's, lessons::learner_copy)
            // meets the goal, as the window judges it after each save.
            const bool judge_yours = a.yours && judged.insert(l.name).second;  // once a lesson, in any language
            for (size_t i = 0; judge_yours && i < l.steps.size(); ++i) {
                const LessonStep& st = l.steps[i];
                if (!st.goal_fixed) continue;
                const std::string dir = learner_kernel_dir();
                const std::string mine = (std::filesystem::path(dir) / st.view.kernel).string();
                std::error_code ec;
                std::string why;
                if (dir.empty() || !std::filesystem::is_regular_file(mine, ec))
                    found.push_back(i18n::format(
                        i18n::tr("%s step %d: your copy %s does not exist yet (the window makes it when the lesson opens)"),
                        l.name.c_str(), static_cast<int>(i) + 1, mine.c_str()));
                else if (!goal_met(s.run_kernel(mine, st.view.interleaved), &why))
                    found.push_back(i18n::format(i18n::tr("%s step %d: your copy %s is not fixed yet: %s"),
                                                 l.name.c_str(), static_cast<int>(i) + 1, mine.c_str(), why.c_str()));
                else
                    std::printf("%s\n", i18n::format(i18n::tr("passed  %s step %d: your copy %s has no hazard and its "
                                                              "output is right"),
                                                     l.name.c_str(), static_cast<int>(i) + 1, mine.c_str())
                                            .c_str());
            }
        } catch (const std::exception& e) {
            found = {e.what()};
        }
        for (const auto& p : found) std::fprintf(stderr, "scanviz: %s\n", p.c_str());
        problems += static_cast<int>(found.size());
        const std::string shadows = item.original.empty() ? "" : " (shadows " + item.original + ")";
        // untranslated: tests read the checker's lines in every language (lesson_check_zh)
        if (found.empty()) std::printf("ok  %s%s\n", item.file.c_str(), shadows.c_str());
    }
    return problems ? 1 : 0;
}

int run_kinds() {
    std::printf("%s\n\n", i18n::tr("Quantities a question (question = KIND ARGS) or a placeholder ({KIND ARGS}) can name:"));
    for (const auto& k : quantity_kinds())
        std::printf("  %-28s %s\n", std::string(k.usage).c_str(), std::string(k.what).c_str());
    return 0;
}

}  // namespace

void add_lesson_command(CLI::App& app, CommandResult& result) {
    auto a = std::make_shared<LessonArgs>();
    a->dir = default_dir();
    CLI::App* cmd = app.add_subcommand("lesson", i18n::tr("Guided lessons: list, show NAME, check [FILE ...], kinds"));
    cmd->require_subcommand(1);
    auto add_common = [&](CLI::App* sub, bool recording) {
        sub->add_option("--dir", a->dir, i18n::tr("Folder of *.lesson files (default: the shipped assets/lessons)"));
        if (recording) {
            sub->add_option("--recording", a->recording,
                            i18n::tr("Take traces and benchmark results from this recording where it holds them"));
            sub->add_option("--arch", a->arch,
                            i18n::tr("SASS figures from this architecture, as when the SASS view shows it (default: "
                            "the view's default, sm_90 where the listings have it)"));
        }
    };
    const char* lang_help = i18n::tr("Language: en, or zh, the Chinese translations in the folder's zh_CN "
                                     "(the English lesson where there is none yet); default: scanviz's --lang, "
                                     "else LANGUAGE, LC_ALL, LC_MESSAGES or LANG");
    CLI::App* list = cmd->add_subcommand("list", i18n::tr("The lessons, with their titles and number of steps"));
    add_common(list, false);
    list->add_option("--lang", a->lang, lang_help);
    list->callback([&result, a] { result.exit_code = run_list(*a); });
    CLI::App* show = cmd->add_subcommand("show", i18n::tr("A lesson as text, with every figure and answer computed"));
    show->add_option("name", a->name, i18n::tr("Lesson name (01_kogge_stone_warp, kogge_stone_warp, 1) or a file"))
        ->required();
    add_common(show, true);
    show->add_option("--lang", a->lang, lang_help);
    show->callback([&result, a] { result.exit_code = run_show(*a); });
    CLI::App* check =
        cmd->add_subcommand("check", i18n::tr("Validate lesson files (every shipped one when none is named)"));
    check->add_option("files", a->files, i18n::tr("Lesson files (a file in a zh_CN folder is a translation)"));
    check->add_option("--lang", a->lang,
                      i18n::tr("en, zh or all (default): en checks the lessons (or the FILEs); zh their Chinese "
                      "translations (the folder's zh_CN), each as a lesson and against its original: the same "
                      "steps, settings, paragraphs and placeholders, only the prose translated; all: English, "
                      "and zh where translations exist"));
    check->add_flag("--yours", a->yours,
                    i18n::tr("Also judge your own copy of each goal step's kernel (the file the window opened): "
                             "passed when it has no hazard and its output is right"));
    add_common(check, true);
    check->callback([&result, a] { result.exit_code = run_check(*a); });
    CLI::App* kinds = cmd->add_subcommand("kinds", i18n::tr("The quantities questions and placeholders can name"));
    kinds->callback([&result] { result.exit_code = run_kinds(); });
}

}  // namespace scanviz::cli
