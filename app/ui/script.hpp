// The script runner: a short, line-based list of UI actions for tests, screenshots
// and load runs (`scanviz gui --script FILE --screenshot out.png`). The commands
// and their parser are in script_text.hpp (no window needed to read a script).
#pragma once

#include <string>
#include <vector>

#include "script_text.hpp"

namespace scanviz::ui {

struct GuiSession;

// Reads and parses a script file (parse_script); throws with one line.
Script load_script(const std::string& path);

// Runs a script against a session, frame by frame.
class ScriptRunner {
public:
    explicit ScriptRunner(Script script) : script_(std::move(script)) {}

    // Runs commands until one asks for frames or the script ends. Returns the
    // number of frames to draw before the next call (0 = the script is done).
    // Throws std::runtime_error("script FILE:LINE: ...") when a command fails.
    int Run(GuiSession& session);
    bool done() const { return next_ >= script_.commands.size(); }

private:
    // A repeat or each-trace being run: where it opened and how many passes are left.
    struct Block {
        size_t open = 0;
        int left = 0;
        int trace = 0;  // each-trace: the trace open now
    };
    void Execute(GuiSession& session, const ScriptCommand& c);
    // repeat, each-trace and end: move next_ (a block of no passes skips to after its end).
    void Enter(GuiSession& session, const ScriptCommand& c);
    void Close(GuiSession& session);
    // wait-kernel: true while it must wait (the runner draws a frame and asks again).
    bool KernelWaits(GuiSession& session, const ScriptCommand& c);
    Script script_;
    size_t next_ = 0;
    double wait_started_ = -1;  // wait-kernel: when the wait began (steady clock seconds); -1 = none
    std::vector<Block> blocks_;
};

}  // namespace scanviz::ui
