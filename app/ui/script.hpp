// The script runner: a short, line-based list of UI actions for tests and
// screenshots (`scanviz gui --script FILE --screenshot out.png`).
//
//   variant ID | n N | threads T | items K | op add|max|min | type i32|f32
//   exclusive on|off | input random [SEED] | input ones | input ramp | input 3,1,4,...
//   seed S | heads 0,5,12 | heads none
//   step K | step first|last|middle     (K: the trace's step index, -1 = initial state)
//   select STEP SLOT | select none      (a cell of the diagram: step -1 = an input)
//   presentation on|off | show state|diagram|metrics|source|bench|lookback on|off
//   play | pause | speed S | zoom FACTOR | fit | frames N
//   expect-error TEXT                   (fails unless the window shows an error containing TEXT)
//   expect-ok                           (fails when the window shows an error)
//   export-png state|diagram PATH WxH | export-svg state|diagram PATH | open FILE
//   click state|diagram STEP SLOT       (a mouse click on that cell, through the real input path)
//   key space|left|right|home|end|plus|minus|pagedown|pageup
//   lesson NAME|FILE | lesson-step K (1-based) | lessons (the picker) | answer TEXT
//   capture PNG JSON                    (screenshot and state dump of the frame after a few settle frames)
//   # comment
//
// Unknown commands and wrong arguments are found before the window opens:
// one line "script FILE:LINE: ..." and a non-zero exit.
#pragma once

#include <string>
#include <vector>

namespace scanviz::ui {

struct GuiSession;

struct ScriptCommand {
    int line = 0;
    std::string name;
    std::vector<std::string> args;
    std::string rest;  // everything after the name, trimmed (for input values, expect-error text)
};

struct Script {
    std::string path;
    std::vector<ScriptCommand> commands;
};

// Throws std::runtime_error("script FILE:LINE: ...") on an unknown command or bad arguments.
Script parse_script(const std::string& text, const std::string& path);
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
    void Execute(GuiSession& session, const ScriptCommand& c);
    Script script_;
    size_t next_ = 0;
};

}  // namespace scanviz::ui
