#pragma once

#include "gui_entry.hpp"

namespace scanviz::cli {

// Parses the command line and runs a subcommand, or the window when there is
// none (through `gui`, null when built without it). Returns the exit code.
int main(int argc, char** argv, GuiEntry gui);

}  // namespace scanviz::cli
