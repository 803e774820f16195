// What the command line hands to the window. Shared by app/cli (which parses
// it) and app/ui (which runs it); holds no logic.
#pragma once

#include <string>

namespace scanviz {

struct GuiOptions {
    std::string open_file;   // a trace (.json) or a recording to open at start
    std::string script;      // UI actions to run (tests, screenshots)
    std::string screenshot;  // save the last frame as PNG here, then exit
    std::string state_dump;  // write what the window holds (JSON) here, then exit
    int width = 1600;
    int height = 900;
};

// Opens the window; returns the process exit code. Null when built without the GUI.
using GuiEntry = int (*)(const GuiOptions& options);

}  // namespace scanviz
