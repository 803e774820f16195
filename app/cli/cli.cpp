// The scanviz command line: subcommands (one per cmd_<name>.cpp), the window
// when there is none, and the one error convention every command shares:
//   one line on stderr, "scanviz: <what is wrong>", and a non-zero exit:
//   2 for usage errors (CLI11 parse errors, std::invalid_argument from a
//   command: a value the command does not accept), 1 for everything else
//   (std::exception: a file that cannot be read, a model or CUDA failure).
#include "cli.hpp"

#include <cstdio>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "commands.hpp"

#ifndef SCANVIZ_VERSION
#define SCANVIZ_VERSION "unknown"
#endif

namespace scanviz::cli {
namespace {

constexpr const char* kDescription =
    "scanviz: learn GPU parallel scan (prefix sum) step by step.\n"
    "Runs every scan variant (warp, block and whole-array) on an NVIDIA GPU with instrumented kernels,\n"
    "or on its reference model where no GPU is present, and shows each step: the state of shared\n"
    "memory and registers, the operations, work, span and bank conflicts.\n"
    "With no arguments it opens the window; `scanviz FILE` opens a saved trace or recording in it.";

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

}  // namespace

int main(int argc, char** argv, GuiEntry gui) {
    CLI::App app{kDescription, "scanviz"};
    app.set_version_flag("--version", std::string("scanviz ") + SCANVIZ_VERSION);
    app.require_subcommand(0, 1);
    app.fallthrough(false);

    std::string file;
    app.add_option("file", file, "A saved trace (.json) or recording to open in the window");

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

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return report(std::string(e.what()) + " (scanviz --help shows the usage)", 2);
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
            return report(
                "'" + file + "' is neither a subcommand nor a file (scanviz --help lists the subcommands)",
                2);
        options.open_file = file;
    }
    if (!gui) return report("this build has no window (built with SCANVIZ_GUI=OFF); try scanviz --help", 2);
    try {
        return gui(options);
    } catch (const std::exception& e) {
        return report(e.what(), 1);
    }
}

}  // namespace scanviz::cli
