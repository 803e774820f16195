// scanviz gui [FILE] [--script FILE] [--screenshot out.png] [--state-dump out.json] [--size WxH]
#include <cstdio>
#include <memory>
#include <sstream>

#include "cli_text.hpp"
#include "commands.hpp"

namespace scanviz::cli {
namespace {

// "1600x900" -> width, height; false when it is not two positive numbers.
bool parse_size(const std::string& text, int& w, int& h) {
    std::istringstream in(text);
    char x = 0;
    int a = 0, b = 0;
    if (!(in >> a >> x >> b) || x != 'x' || a < 320 || b < 240 || a > 16384 || b > 16384) return false;
    if (in.rdbuf()->in_avail() > 0) return false;
    w = a;
    h = b;
    return true;
}

}  // namespace

void add_gui_command(CLI::App& app, CommandResult& result, GuiEntry gui) {
    auto options = std::make_shared<GuiOptions>();
    auto size = std::make_shared<std::string>("1600x900");
    CLI::App* cmd =
        app.add_subcommand("gui", i18n::tr("Open the window (what `scanviz` alone does), optionally scripted"));
    cmd->add_option("file", options->open_file, i18n::tr("A trace (.json), a recording, a lesson or your kernel (.cu, watched: a save runs it again) to open"));
    cmd->add_option("--script", options->script,
                    i18n::tr("UI actions to run, one a line (variant, n, step, select, presentation, frames, ...)"));
    cmd->add_option("--screenshot", options->screenshot, i18n::tr("Save the frame as PNG after the script, then exit"));
    cmd->add_option("--state-dump", options->state_dump,
                    i18n::tr("Write what the window holds (JSON) after the script, then exit"));
    cmd->add_option("--size", *size, i18n::tr("Window size WIDTHxHEIGHT (default 1600x900)"));
    cmd->callback([&result, gui, options, size]() {
        if (!gui) {
            std::fprintf(stderr, "scanviz: %s\n", i18n::tr("this build has no window (SCANVIZ_GUI=OFF)"));
            result.exit_code = 2;
            return;
        }
        if (!parse_size(*size, options->width, options->height)) {
            std::fprintf(stderr, "scanviz: %s\n",
                         i18n::format(i18n::tr("--size '%s' is not WIDTHxHEIGHT (320x240 .. 16384x16384)"), size->c_str())
                             .c_str());
            result.exit_code = 2;
            return;
        }
        result.exit_code = gui(*options);
    });
}

}  // namespace scanviz::cli
