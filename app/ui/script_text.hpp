// The GUI script's text: parsed into commands with no window, no GLFW and no
// session (core only), so the fuzz target (tests/fuzz, reader `gui_script`)
// links it alone. The runner (script.hpp) executes what this parser accepts.
//
//   variant ID | n N | threads T | items K | op add|max|min | type i32|f32
//   exclusive on|off | input random [SEED] | input ones | input ramp | input 3,1,4,...
//   seed S | heads 0,5,12 | heads none
//   step K | step first|last|middle|next|prev  (K: the trace's step index, -1 = initial state)
//   select STEP SLOT | select none      (a cell of the diagram: step -1 = an input)
//   presentation on|off | show state|diagram|metrics|source|bench|lookback|race|sass|instrumentation on|off
//   play | pause | speed S | zoom FACTOR | fit | frames N
//   expect-error TEXT                   (fails unless the window shows an error containing TEXT)
//   expect-ok                           (fails when the window shows an error)
//   export-png state|diagram PATH WxH | export-svg state|diagram PATH | open FILE
//   click state|diagram STEP SLOT       (a mouse click on that cell, through the real input path)
//   key space|left|right|home|end|plus|minus|pagedown|pageup
//   lesson NAME|FILE | lesson-step K (1-based) | lessons (the picker) | answer TEXT
//   capture PNG JSON                    (screenshot and state dump of the frame after a few settle frames)
//   repeat N | repeat steps  ...  end   (the commands between, N times or once per step of the trace)
//   each-trace  ...  end                (every trace of the open recording, opened in turn)
//   kernel FILE.cu                      (your kernel: opens and watches it; a save runs it again)
//   kernel-timeout SECONDS              (one run's time limit, before `kernel`; default 2)
//   kernel-launches N                   (the GPU engine's launches per run, before `kernel`; default 1)
//   click-hazard K                      (a mouse click on hazard K's line in the Your-kernel panel, 0 the first:
//                                        its step, its pair drawn alone; fails when the panel does not list it)
//   wait-kernel [RUNS]                  (draws frames until the kernel's run and checks are done, or until
//                                        RUNS runs have finished since it was opened; fails after 120 s)
//   memory LABEL                        (prints "memory LABEL: rss N KiB, heap N KiB": resident, heap in use,
//                                        once the work-and-span chart is complete)
//   # comment
//
// Unknown commands, wrong arguments and unbalanced blocks are found before the
// window opens: one line "script FILE:LINE: ..." and a non-zero exit.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scanviz::ui {

struct ScriptCommand {
    int line = 0;
    std::string name;
    std::vector<std::string> args;
    std::string rest;  // everything after the name, trimmed (for input values, expect-error text)
    int match = -1;    // repeat / each-trace: the index of its end; end: the index of its opening
};

struct Script {
    std::string path;
    std::vector<ScriptCommand> commands;
};

// The most times one repeat runs its commands.
constexpr int kMaxRepeat = 1000000;

// Throws std::runtime_error("script FILE:LINE: ...") on an unknown command, bad arguments
// or a block that is never closed.
Script parse_script(std::string_view text, const std::string& path);

// The argument readers the parser and the runner share; each throws "script FILE:LINE: ...".
[[noreturn]] void script_fail(const std::string& path, int line, const std::string& what);
int script_int(const ScriptCommand& c, const std::string& s, const std::string& path);
float script_positive(const ScriptCommand& c, const std::string& s, const std::string& path);
bool script_on_off(const ScriptCommand& c, const std::string& s, const std::string& path);
// The key names `key` takes (space, left, ...), in the order the usage lists them.
const std::vector<std::string>& script_key_names();

}  // namespace scanviz::ui
