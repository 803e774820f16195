#include "script_text.hpp"

#include "core/i18n/i18n.hpp"

#include <map>
#include <sstream>
#include <stdexcept>

#include "core/common/strings.hpp"
#include "core/trace/run_spec.hpp"

namespace scanviz::ui {
namespace {

struct CommandShape {
    int min_args;
    int max_args;  // -1 = any
    const char* usage;
};

const std::map<std::string, CommandShape>& shapes() {
    static const std::map<std::string, CommandShape> table = {
        {"variant", {1, 1, "variant ID"}},
        {"n", {1, 1, "n N"}},
        {"threads", {1, 1, "threads T"}},
        {"items", {1, 1, "items K"}},
        {"op", {1, 1, "op add|max|min"}},
        {"type", {1, 1, "type i32|f32"}},
        {"exclusive", {1, 1, "exclusive on|off"}},
        {"input", {1, -1, "input random [SEED] | ones | ramp | 3,1,4,..."}},
        {"seed", {1, 1, "seed S"}},
        {"heads", {1, -1, "heads 0,5,12 | heads none"}},
        {"step", {1, 1, "step K | first | last | middle | next | prev"}},
        {"select", {1, 2, "select STEP SLOT | select none"}},
        {"presentation", {1, 1, "presentation on|off"}},
        {"language", {1, 1, "language en|zh"}},
        {"show",
         {2, 2, "show state|diagram|metrics|source|bench|lookback|race|banks|sass|instrumentation on|off"}},
        {"race", {2, 3, "race VARIANT none|K|one-buffer [diverged]"}},
        {"play", {0, 0, "play"}},
        {"pause", {0, 0, "pause"}},
        {"speed", {1, 1, "speed STEPS_PER_SECOND"}},
        {"zoom", {1, 1, "zoom FACTOR"}},
        {"fit", {0, 0, "fit"}},
        {"frames", {1, 1, "frames N"}},
        {"expect-error", {1, -1, "expect-error TEXT"}},
        {"expect-ok", {0, 0, "expect-ok"}},
        {"export-png", {3, 3, "export-png state|diagram PATH WxH"}},
        {"export-svg", {2, 2, "export-svg state|diagram PATH"}},
        {"open", {1, 1, "open FILE"}},
        {"click", {3, 3, "click state|diagram STEP SLOT"}},
        {"key", {1, 1, "key space|left|right|home|end|plus|minus|pagedown|pageup|f5|f7"}},
        {"lesson", {1, 1, "lesson NAME|FILE"}},
        {"lesson-step", {1, 1, "lesson-step K (1 .. the lesson's steps)"}},
        {"lessons", {0, 0, "lessons"}},
        {"answer", {1, -1, "answer TEXT"}},
        {"show-answer", {0, 0, "show-answer"}},
        {"capture", {2, 2, "capture PNG JSON"}},
        {"repeat", {1, 1, "repeat N | repeat steps (then the commands, then end)"}},
        {"each-trace", {0, 0, "each-trace (then the commands, then end)"}},
        {"end", {0, 0, "end (closes repeat or each-trace)"}},
        {"memory", {1, 1, "memory LABEL"}},
        {"kernel", {1, 1, "kernel FILE.cu"}},
        {"kernel-timeout", {1, 1, "kernel-timeout SECONDS"}},
        {"wait-kernel", {0, 1, "wait-kernel [RUNS]"}},
        {"kernel-launches", {1, 1, "kernel-launches N (1 .. 5000)"}},
        {"click-hazard", {1, 1, "click-hazard K (0 = the first hazard the Your-kernel panel lists)"}},
    };
    return table;
}

bool one_of(const std::string& s, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (s == n) return true;
    return false;
}

// Arguments that can be checked before the window opens.
void check_arguments(const ScriptCommand& c, const std::string& path) {
    const int line = c.line;
    if (one_of(c.name, {"n", "threads", "items", "seed", "frames", "lesson-step"})) (void)script_int(c, c.args[0], path);
    if (c.name == "op" && !parse_op(c.args[0])) script_fail(path, line, "unknown operator '" + c.args[0] + "'");
    if (c.name == "type" && !parse_type(c.args[0]) && c.args[0] != "int32" && c.args[0] != "float32")
        script_fail(path, line, "unknown type '" + c.args[0] + "'");
    if (c.name == "exclusive" || c.name == "presentation") (void)script_on_off(c, c.args[0], path);
    if (c.name == "language" && !i18n::parse_language(c.args[0]))
        script_fail(path, line, "language must be en or zh, not '" + c.args[0] + "'");
    if (c.name == "show") {
        if (!one_of(c.args[0], {"state", "diagram", "metrics", "source", "bench", "lookback", "race", "banks",
                                "sass", "instrumentation"}))
            script_fail(path, line,
                        "show takes state, diagram, metrics, source, bench, lookback, race, banks, sass or "
                        "instrumentation, got '" +
                            c.args[0] + "'");
        (void)script_on_off(c, c.args[1], path);
    }
    if (c.name == "speed" || c.name == "zoom" || c.name == "kernel-timeout") (void)script_positive(c, c.args[0], path);
    if (c.name == "kernel-launches") {
        const int n = script_int(c, c.args[0], path);
        if (n < 1 || n > 5000) script_fail(path, line, "kernel-launches " + c.args[0] + " is outside 1 .. 5000");
    }
    if (c.name == "click-hazard" && script_int(c, c.args[0], path) < 0)
        script_fail(path, line, "click-hazard K: 0 or more, got '" + c.args[0] + "'");
    if (c.name == "wait-kernel" && !c.args.empty() && script_int(c, c.args[0], path) < 1)
        script_fail(path, line, "wait-kernel RUNS: at least 1, got '" + c.args[0] + "'");
    if ((c.name == "export-png" || c.name == "export-svg") && c.args[0] != "state" && c.args[0] != "diagram")
        script_fail(path, line, c.name + " exports state or diagram, got '" + c.args[0] + "'");
    if (c.name == "export-png") {
        int w = 0, h = 0;
        char x = 0;
        std::istringstream size(c.args[2]);
        if (!(size >> w >> x >> h) || x != 'x' || w <= 0 || h <= 0)
            script_fail(path, line, "export size '" + c.args[2] + "' is not WIDTHxHEIGHT");
    }
    if (c.name == "click") {
        if (c.args[0] != "state" && c.args[0] != "diagram")
            script_fail(path, line, "click takes state or diagram, got '" + c.args[0] + "'");
        (void)script_int(c, c.args[1], path);
        (void)script_int(c, c.args[2], path);
    }
    if (c.name == "key") {
        bool known = false;
        for (const std::string& k : script_key_names()) known = known || k == c.args[0];
        if (!known)
            script_fail(path, line,
                        "unknown key '" + c.args[0] +
                            "' (space, left, right, home, end, plus, minus, pagedown, pageup, f5, f7)");
    }
    if (c.name == "select" && c.args.size() == 1 && c.args[0] != "none")
        script_fail(path, line, "usage: select STEP SLOT | select none");
    if (c.name == "select" && c.args.size() == 2) {
        (void)script_int(c, c.args[0], path);
        (void)script_int(c, c.args[1], path);
    }
    if (c.name == "repeat" && c.args[0] != "steps") {
        const int times = script_int(c, c.args[0], path);
        if (times < 0 || times > kMaxRepeat)
            script_fail(path, line, "repeat " + c.args[0] + " is outside 0 .. " + std::to_string(kMaxRepeat));
    }
}

}  // namespace

void script_fail(const std::string& path, int line, const std::string& what) {
    throw std::runtime_error("script " + path + ":" + std::to_string(line) + ": " + what);
}

int script_int(const ScriptCommand& c, const std::string& s, const std::string& path) {
    size_t used = 0;
    int v = 0;
    try {
        v = std::stoi(s, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != s.size() || s.empty())
        script_fail(path, c.line, "'" + s + "' is not a whole number (" + c.name + ")");
    return v;
}

float script_positive(const ScriptCommand& c, const std::string& s, const std::string& path) {
    size_t used = 0;
    float v = 0;
    try {
        v = std::stof(s, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != s.size() || s.empty() || !(v > 0)) script_fail(path, c.line, "'" + s + "' is not a positive number");
    return v;
}

bool script_on_off(const ScriptCommand& c, const std::string& s, const std::string& path) {
    if (s == "on") return true;
    if (s == "off") return false;
    script_fail(path, c.line, c.name + " takes on or off, got '" + s + "'");
}

const std::vector<std::string>& script_key_names() {
    static const std::vector<std::string> names = {"space", "left",  "right",    "home",  "end",
                                                   "plus",  "minus", "pagedown", "pageup", "f5", "f7"};
    return names;
}

Script parse_script(std::string_view text, const std::string& path) {
    Script script{path, {}};
    std::istringstream in{std::string(text)};
    std::string raw;
    int line_no = 0;
    std::vector<size_t> open_blocks;  // indices of the repeat / each-trace not yet closed
    while (std::getline(in, raw)) {
        ++line_no;
        const std::string line = trimmed(raw);
        if (line.empty() || line[0] == '#') continue;
        ScriptCommand c;
        c.line = line_no;
        std::istringstream words(line);
        words >> c.name;
        for (std::string w; words >> w;) c.args.push_back(w);
        c.rest = trimmed(line.substr(c.name.size()));
        const auto it = shapes().find(c.name);
        if (it == shapes().end()) script_fail(path, line_no, "unknown command '" + c.name + "'");
        const CommandShape& shape = it->second;
        const int argc = static_cast<int>(c.args.size());
        if (argc < shape.min_args || (shape.max_args >= 0 && argc > shape.max_args))
            script_fail(path, line_no, "usage: " + std::string(shape.usage));
        check_arguments(c, path);
        const size_t index = script.commands.size();
        if (c.name == "repeat" || c.name == "each-trace") {
            open_blocks.push_back(index);
        } else if (c.name == "end") {
            if (open_blocks.empty()) script_fail(path, line_no, "end without a repeat or each-trace to close");
            c.match = static_cast<int>(open_blocks.back());
            script.commands[open_blocks.back()].match = static_cast<int>(index);
            open_blocks.pop_back();
        }
        script.commands.push_back(std::move(c));
    }
    if (!open_blocks.empty()) {
        const ScriptCommand& c = script.commands[open_blocks.back()];
        script_fail(path, c.line, c.name + " is never closed (end)");
    }
    return script;
}

}  // namespace scanviz::ui
