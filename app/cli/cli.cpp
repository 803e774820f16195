// The scanviz command line: subcommands (one per cmd_<name>.cpp), the window
// when there is none, and the one error convention every command shares:
//   one line on stderr, "scanviz: <what is wrong>", and a non-zero exit:
//   2 for usage errors (CLI11 parse errors, std::invalid_argument from a
//   command: a value the command does not accept), 1 for everything else
//   (std::exception: a file that cannot be read, a model or CUDA failure).
#include "cli.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/i18n/i18n.hpp"

#ifndef SCANVIZ_VERSION
#define SCANVIZ_VERSION "unknown"
#endif

namespace scanviz::cli {
namespace {

constexpr const char* kDescription = i18n::N_(
    "scanviz: learn GPU parallel scan (prefix sum) step by step.\n"
    "Runs every scan variant (warp, block and whole-array) on an NVIDIA GPU with instrumented kernels,\n"
    "or on its reference model where no GPU is present, and shows each step: the state of shared\n"
    "memory and registers, the operations, work, span and bank conflicts.\n"
    "With no arguments it opens the window; `scanviz FILE` opens a saved trace or recording in it.");

std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

int report(const std::string& what, int code) {
    std::fprintf(stderr, "scanviz: %s\n", one_line(what).c_str());
    return code;
}

// The language of every word printed from here on (the help too, so it is chosen before the
// commands are built): --lang anywhere on the line, else LANGUAGE / LC_ALL / LC_MESSAGES / LANG.
// "" when fine, else the one line that says what is wrong with --lang.
std::string choose_language(int argc, char** argv) {
    i18n::Language lang = i18n::language_from_env();
    std::string bad;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        std::string_view value;
        if (a == "--lang" && i + 1 < argc) value = argv[i + 1];
        else if (a.rfind("--lang=", 0) == 0) value = a.substr(7);
        else continue;
        if (value == "all") continue;  // `lesson check --lang all`: every language, not one
        const auto parsed = i18n::parse_language(value);
        if (parsed) lang = *parsed;
        else if (bad.empty()) bad = value;
    }
    // The environment's language still speaks the line that refuses a bad --lang.
    const std::string error = i18n::set_language(lang);
    if (!error.empty()) std::fprintf(stderr, "scanviz: %s\n", one_line(error).c_str());
    if (!bad.empty())
        return i18n::format(i18n::tr("--lang: '%s' is not a language scanviz speaks (en or zh)"), bad.c_str());
    return "";
}

// CLI11's own words in the help (its headings, the help flag) in the reader's language; before
// the options and subcommands are added, which take the option group, the subcommand group and
// the formatter from the app.
void translate_help(CLI::App& app) {
    app.option_defaults()->group(i18n::trc("command-line help", "Options"));
    app.group(i18n::trc("command-line help", "Subcommands"));
    app.get_help_ptr()->description(i18n::tr("Print this help message and exit"));
    app.get_help_ptr()->group(i18n::trc("command-line help", "Options"));
    const auto f = app.get_formatter();
    f->label("Usage", i18n::trc("command-line help", "Usage"));
    f->label("OPTIONS", i18n::trc("command-line help", "OPTIONS"));
    f->label("SUBCOMMAND", i18n::trc("command-line help", "SUBCOMMAND"));
    f->label("SUBCOMMANDS", i18n::trc("command-line help", "SUBCOMMANDS"));
    f->label("Positionals", i18n::trc("command-line help", "Positionals"));
    f->label("REQUIRED", i18n::trc("command-line help", "REQUIRED"));
    f->label("Excludes", i18n::trc("command-line help", "Excludes"));
    f->label("Needs", i18n::trc("command-line help", "Needs"));
}

// A subcommand makes its help flag before it takes the app's option group: into that group.
void translate_help_flags(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        if (CLI::Option* help = sub->get_help_ptr()) help->group(i18n::trc("command-line help", "Options"));
        translate_help_flags(*sub);
    }
}

// --lang belongs to the whole line (choose_language has read it), so `scanviz gui --lang zh` and
// `scanviz sass --lang zh ...` mean what `scanviz --lang zh gui` means. Only `lesson` takes its own
// --lang (check's `all`); for every other command the words are taken out before CLI11 parses.
std::vector<char*> without_lang(int argc, char** argv) {
    std::vector<char*> kept(argv, argv + argc);
    const auto command = std::find_if(kept.begin() + 1, kept.end(), [](const char* a) { return a[0] != '-'; });
    const bool lesson = command != kept.end() && std::string_view(*command) == "lesson";
    if (lesson) return kept;
    std::vector<char*> out{argv[0]};
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--lang" && i + 1 < argc) {
            ++i;
            continue;
        }
        if (a.rfind("--lang=", 0) == 0) continue;
        out.push_back(argv[i]);
    }
    return out;
}

}  // namespace

int main(int argc, char** argv, GuiEntry gui) {
    if (const std::string bad = choose_language(argc, argv); !bad.empty()) return report(bad, 2);
    CLI::App app{i18n::tr(kDescription), "scanviz"};
    translate_help(app);
    app.set_version_flag("--version", std::string("scanviz ") + SCANVIZ_VERSION,
                         i18n::tr("Display program version information and exit"));
    app.require_subcommand(0, 1);
    app.fallthrough(false);

    std::string file;
    app.add_option("file", file, i18n::tr("A saved trace (.json) or recording to open in the window"));
    std::string lang;  // read by choose_language before parsing; here for the help and the check
    app.add_option("--lang", lang,
                   i18n::tr("The language of the window, the lessons and the messages: en or zh "
                            "(default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)"));

    CommandResult result;
    // ---- subcommands: each engineer adds the one line for their cmd_<name>.cpp here ----
    add_list_command(app, result);   // cmd_list.cpp
    add_trace_command(app, result);  // cmd_trace.cpp
    add_validate_command(app, result);  // cmd_validate.cpp
    add_record_command(app, result);    // cmd_record.cpp
    add_sass_command(app, result);      // cmd_sass.cpp
    add_bench_command(app, result);     // cmd_bench.cpp
    add_race_command(app, result);      // cmd_race.cpp
    add_profile_command(app, result);   // cmd_profile.cpp
    add_gui_command(app, result, gui);  // cmd_gui.cpp
    add_lesson_command(app, result);    // cmd_lesson.cpp
    add_publish_command(app, result);   // cmd_publish.cpp
    add_kernel_command(app, result);    // cmd_kernel.cpp
    // ---- end of subcommands ----
    translate_help_flags(app);

    try {
        std::vector<char*> args = without_lang(argc, argv);
        app.parse(static_cast<int>(args.size()), args.data());
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return report(i18n::format(i18n::tr("%s (scanviz --help shows the usage)"), e.what()), 2);
    } catch (const std::invalid_argument& e) {
        return report(e.what(), 2);
    } catch (const std::exception& e) {
        return report(e.what(), 1);
    }

    if (!app.get_subcommands().empty()) return result.exit_code;

    GuiOptions options;
    if (!file.empty()) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(file, ec))
            return report(i18n::format(i18n::tr("'%s' is neither a subcommand nor a file (scanviz --help lists the "
                                        "subcommands)"),
                               file.c_str()),
                          2);
        options.open_file = file;
    }
    if (!gui) return report(i18n::tr("this build has no window (built with SCANVIZ_GUI=OFF); try scanviz --help"), 2);
    try {
        return gui(options);
    } catch (const std::exception& e) {
        return report(e.what(), 1);
    }
}

}  // namespace scanviz::cli
