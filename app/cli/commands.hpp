// One subcommand per file (app/cli/cmd_<name>.cpp). Each adds itself to the
// CLI11 app and returns the exit code through `result` when it ran.
#pragma once

#include <CLI/CLI.hpp>

#include "gui_entry.hpp"

namespace scanviz::cli {

// Filled by the command that runs; cli.cpp returns it.
struct CommandResult {
    int exit_code = 0;
};

void add_list_command(CLI::App& app, CommandResult& result);      // cmd_list.cpp
void add_trace_command(CLI::App& app, CommandResult& result);     // cmd_trace.cpp
void add_validate_command(CLI::App& app, CommandResult& result);  // cmd_validate.cpp
void add_sass_command(CLI::App& app, CommandResult& result);      // cmd_sass.cpp
void add_bench_command(CLI::App& app, CommandResult& result);     // cmd_bench.cpp
void add_record_command(CLI::App& app, CommandResult& result);    // cmd_record.cpp
void add_race_command(CLI::App& app, CommandResult& result);      // cmd_race.cpp
void add_profile_command(CLI::App& app, CommandResult& result);   // cmd_profile.cpp
void add_lesson_command(CLI::App& app, CommandResult& result);    // cmd_lesson.cpp
void add_gui_command(CLI::App& app, CommandResult& result, GuiEntry gui);  // cmd_gui.cpp
void add_publish_command(CLI::App& app, CommandResult& result);  // cmd_publish.cpp
void add_kernel_command(CLI::App& app, CommandResult& result);   // cmd_kernel.cpp

}  // namespace scanviz::cli
