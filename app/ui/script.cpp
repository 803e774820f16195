#include "script.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/lessons/catalog.hpp"
#include "core/trace/run_spec.hpp"
#include "core/models/variants.hpp"
#include "session.hpp"
#include "core/common/strings.hpp"

namespace scanviz::ui {
namespace {

constexpr int kCaptureFrames = 4;  // frames a capture waits (the last one is written)

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
        {"step", {1, 1, "step K | first | last | middle"}},
        {"select", {1, 2, "select STEP SLOT | select none"}},
        {"presentation", {1, 1, "presentation on|off"}},
        {"show", {2, 2, "show state|diagram|metrics|source|bench|lookback|race|banks on|off"}},
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
        {"key", {1, 1, "key space|left|right|home|end|plus|minus|pagedown|pageup|f5"}},
        {"lesson", {1, 1, "lesson NAME|FILE"}},
        {"lesson-step", {1, 1, "lesson-step K (1 .. the lesson's steps)"}},
        {"lessons", {0, 0, "lessons"}},
        {"answer", {1, -1, "answer TEXT"}},
        {"capture", {2, 2, "capture PNG JSON"}},
    };
    return table;
}

[[noreturn]] void fail(const std::string& path, int line, const std::string& what) {
    throw std::runtime_error("script " + path + ":" + std::to_string(line) + ": " + what);
}

int to_int(const ScriptCommand& c, const std::string& s, const std::string& path) {
    size_t used = 0;
    int v = 0;
    try {
        v = std::stoi(s, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != s.size() || s.empty())
        fail(path, c.line, "'" + s + "' is not a whole number (" + c.name + ")");
    return v;
}

float to_float(const ScriptCommand& c, const std::string& s, const std::string& path) {
    size_t used = 0;
    float v = 0;
    try {
        v = std::stof(s, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != s.size() || s.empty() || !(v > 0)) fail(path, c.line, "'" + s + "' is not a positive number");
    return v;
}

bool on_off(const ScriptCommand& c, const std::string& s, const std::string& path) {
    if (s == "on") return true;
    if (s == "off") return false;
    fail(path, c.line, c.name + " takes on or off, got '" + s + "'");
}

int key_code(const std::string& name) {
    if (name == "space") return GLFW_KEY_SPACE;
    if (name == "f5") return GLFW_KEY_F5;
    if (name == "left") return GLFW_KEY_LEFT;
    if (name == "right") return GLFW_KEY_RIGHT;
    if (name == "home") return GLFW_KEY_HOME;
    if (name == "end") return GLFW_KEY_END;
    if (name == "plus") return GLFW_KEY_EQUAL;
    if (name == "minus") return GLFW_KEY_MINUS;
    if (name == "pagedown") return GLFW_KEY_PAGE_DOWN;
    if (name == "pageup") return GLFW_KEY_PAGE_UP;
    return -1;
}

}  // namespace

Script parse_script(const std::string& text, const std::string& path) {
    Script script{path, {}};
    std::istringstream in(text);
    std::string raw;
    int line_no = 0;
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
        if (it == shapes().end()) fail(path, line_no, "unknown command '" + c.name + "'");
        const CommandShape& shape = it->second;
        const int argc = static_cast<int>(c.args.size());
        if (argc < shape.min_args || (shape.max_args >= 0 && argc > shape.max_args))
            fail(path, line_no, "usage: " + std::string(shape.usage));
        // Arguments that can be checked now are checked now.
        if (c.name == "n" || c.name == "threads" || c.name == "items" || c.name == "seed" ||
            c.name == "frames")
            (void)to_int(c, c.args[0], path);
        if (c.name == "op" && !parse_op(c.args[0]))
            fail(path, line_no, "unknown operator '" + c.args[0] + "'");
        if (c.name == "type" && !parse_type(c.args[0]) && c.args[0] != "int32" && c.args[0] != "float32")
            fail(path, line_no, "unknown type '" + c.args[0] + "'");
        if (c.name == "exclusive" || c.name == "presentation") (void)on_off(c, c.args[0], path);
        if (c.name == "show") {
            const std::string& v = c.args[0];
            if (v != "state" && v != "diagram" && v != "metrics" && v != "source" && v != "bench" &&
                v != "lookback" && v != "race" && v != "banks")
                fail(path, line_no,
                     "show takes state, diagram, metrics, source, bench, lookback, race or banks, got '" + v +
                         "'");
            (void)on_off(c, c.args[1], path);
        }
        if (c.name == "speed" || c.name == "zoom") (void)to_float(c, c.args[0], path);
        if ((c.name == "export-png" || c.name == "export-svg") && c.args[0] != "state" &&
            c.args[0] != "diagram")
            fail(path, line_no, c.name + " exports state or diagram, got '" + c.args[0] + "'");
        if (c.name == "export-png") {
            int w = 0, h = 0;
            char x = 0;
            std::istringstream size(c.args[2]);
            if (!(size >> w >> x >> h) || x != 'x' || w <= 0 || h <= 0)
                fail(path, line_no, "export size '" + c.args[2] + "' is not WIDTHxHEIGHT");
        }
        if (c.name == "click") {
            if (c.args[0] != "state" && c.args[0] != "diagram")
                fail(path, line_no, "click takes state or diagram, got '" + c.args[0] + "'");
            (void)to_int(c, c.args[1], path);
            (void)to_int(c, c.args[2], path);
        }
        if (c.name == "key" && key_code(c.args[0]) < 0)
            fail(path, line_no,
                 "unknown key '" + c.args[0] + "' (space, left, right, home, end, plus, minus, pagedown, pageup)");
        if (c.name == "lesson-step") (void)to_int(c, c.args[0], path);
        if (c.name == "select" && c.args.size() == 1 && c.args[0] != "none")
            fail(path, line_no, "usage: select STEP SLOT | select none");
        if (c.name == "select" && c.args.size() == 2) {
            (void)to_int(c, c.args[0], path);
            (void)to_int(c, c.args[1], path);
        }
        script.commands.push_back(std::move(c));
    }
    return script;
}

Script load_script(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw std::runtime_error("cannot read script '" + path + "'");
    std::stringstream ss;
    ss << f.rdbuf();
    return parse_script(ss.str(), path);
}

int ScriptRunner::Run(GuiSession& session) {
    while (next_ < script_.commands.size()) {
        const ScriptCommand& c = script_.commands[next_++];
        if (c.name == "frames") return std::max(1, std::stoi(c.args[0]));
        Execute(session, c);
        if (c.name == "capture") return kCaptureFrames;
        // Scripted input plays out over frames of its own.
        if (!session.scripted_input.empty()) return static_cast<int>(session.scripted_input.size()) + 1;
    }
    return 0;
}

void ScriptRunner::Execute(GuiSession& session, const ScriptCommand& c) {
    App& app = session.app;
    InputForm& f = app.form;
    const std::string& path = script_.path;
    const std::string a0 = c.args.empty() ? std::string() : c.args[0];
    bool apply = true;
    if (c.name == "variant") {
        f.variant = a0;
        if (const VariantInfo* v = find_variant(a0)) {
            f.n = v->default_n;
            f.threads = 0;
            f.items_per_thread = 0;
        }
    } else if (c.name == "n") {
        f.n = to_int(c, a0, path);
    } else if (c.name == "threads") {
        f.threads = to_int(c, a0, path);
    } else if (c.name == "items") {
        f.items_per_thread = to_int(c, a0, path);
    } else if (c.name == "op") {
        f.op = *parse_op(a0);
    } else if (c.name == "type") {
        f.type = a0 == "int32" ? ElemType::I32 : a0 == "float32" ? ElemType::F32 : *parse_type(a0);
    } else if (c.name == "exclusive") {
        f.exclusive = on_off(c, a0, path);
    } else if (c.name == "input") {
        if (a0 == "random") {
            f.input = InputKind::Random;
            if (c.args.size() > 1) f.seed = to_int(c, c.args[1], path);
        } else if (a0 == "ones" && c.args.size() == 1) {
            f.input = InputKind::Ones;
        } else if (a0 == "ramp" && c.args.size() == 1) {
            f.input = InputKind::Ramp;
        } else {
            f.input = InputKind::Given;
            f.values_text = c.rest;
        }
    } else if (c.name == "seed") {
        f.seed = to_int(c, a0, path);
        f.input = InputKind::Random;
    } else if (c.name == "heads") {
        f.heads_text = a0 == "none" ? std::string() : c.rest;
    } else {
        apply = false;
    }
    if (apply) {
        app.apply_form();
        return;
    }

    if (c.name == "step") {
        const int steps = app.steps();
        int k;
        if (a0 == "first")
            k = -1;
        else if (a0 == "last")
            k = steps - 1;
        else if (a0 == "middle")
            k = steps / 2;
        else
            k = to_int(c, a0, path);
        if (k < -1 || k >= steps)
            fail(path, c.line,
                 "step " + a0 + " is outside -1 .. " + std::to_string(steps - 1) + " (" +
                     std::to_string(steps) + " steps)");
        app.set_step(k);
    } else if (c.name == "select") {
        if (a0 == "none") {
            app.select(-1, -1);
            return;
        }
        const int s = to_int(c, c.args[0], path), slot = to_int(c, c.args[1], path);
        if (s < -1 || s >= app.steps() || slot < 0 || slot >= app.trace.layout.slots)
            fail(path, c.line,
                 "no cell at step " + c.args[0] + ", slot " + c.args[1] + " (steps -1 .. " +
                     std::to_string(app.steps() - 1) + ", slots 0 .. " +
                     std::to_string(app.trace.layout.slots - 1) + ")");
        app.select(s, slot);
    } else if (c.name == "presentation") {
        app.settings.presentation = on_off(c, a0, path);
    } else if (c.name == "show") {
        const bool on = on_off(c, c.args[1], path);
        Settings& s = app.settings;
        (a0 == "state"      ? s.show_state
         : a0 == "diagram"  ? s.show_diagram
         : a0 == "metrics"  ? s.show_metrics
         : a0 == "bench"    ? s.show_bench
         : a0 == "lookback" ? s.show_lookback
         : a0 == "race"     ? s.show_race
         : a0 == "banks"    ? s.show_banks
                            : s.show_source) = on;
    } else if (c.name == "race") {
        const std::string& what = c.args[1];
        const int choice = what == "none"         ? -1
                           : what == "one-buffer" ? RaceView::kOneBuffer
                                                  : to_int(c, what, path);
        if (c.args.size() > 2 && c.args[2] != "diverged")
            fail(path, c.line, "race: the third word may only be 'diverged', got '" + c.args[2] + "'");
        if (!session.race.Select(a0, choice, c.args.size() > 2))
            fail(path, c.line, "race: " + session.race.error);
    } else if (c.name == "play") {
        if (!app.playing) app.toggle_play();
    } else if (c.name == "pause") {
        if (app.playing) app.toggle_play();
    } else if (c.name == "speed") {
        app.settings.speed = to_float(c, a0, path);
    } else if (c.name == "zoom") {
        app.zoom_request *= to_float(c, a0, path);
    } else if (c.name == "fit") {
        app.fit_request = true;
    } else if (c.name == "lesson") {
        // A name from the shipped lessons, or a file; a broken lesson is refused with its message.
        if (session.lesson.catalog.empty()) session.lesson.LoadCatalog();
        std::string file = lessons::find_lesson(session.lesson.dir, a0);
        session.lesson.Open(app, file.empty() ? a0 : file);
    } else if (c.name == "lesson-step") {
        if (!session.lesson.active()) fail(path, c.line, "no lesson is open (lesson NAME first)");
        const int k = to_int(c, a0, path);
        const int steps = static_cast<int>(session.lesson.lesson->steps.size());
        if (k < 1 || k > steps)
            fail(path, c.line, "lesson-step " + a0 + " is outside 1 .. " + std::to_string(steps));
        session.lesson.Enter(app, k - 1);
    } else if (c.name == "lessons") {
        session.lesson.LoadCatalog();
        session.lesson.picker_open = true;
    } else if (c.name == "answer") {
        if (!session.lesson.active()) fail(path, c.line, "no lesson is open (lesson NAME first)");
        session.lesson.Submit(c.rest);
    } else if (c.name == "capture") {
        session.capture_png = c.args[0];
        session.capture_json = c.args[1];
    } else if (c.name == "expect-error") {
        std::string error = app.errors.first();
        if (error.empty()) error = session.lesson.error;
        if (error.empty())
            fail(path, c.line, "expected an error containing '" + c.rest + "', the window shows none");
        if (error.find(c.rest) == std::string::npos)
            fail(path, c.line,
                 "expected an error containing '" + c.rest + "', the window shows '" + error + "'");
    } else if (c.name == "expect-ok") {
        if (app.errors.any())
            fail(path, c.line, "expected no error, the window shows '" + app.errors.first() + "'");
    } else if (c.name == "export-png" || c.name == "export-svg") {
        const bool state = a0 == "state";
        ExportPanel& panel = state ? session.state.export_panel : session.diagram.export_panel;
        SceneCanvas& canvas = state ? session.state.canvas : session.diagram.canvas;
        if (state)
            session.state.Update(app);
        else
            session.diagram.Update(app);
        const render::Scene& scene = state ? session.state.scene : session.diagram.scene;
        bool ok;
        if (c.name == "export-png") {
            int w = 0, h = 0;
            char x = 0;
            std::istringstream size(c.args[2]);
            size >> w >> x >> h;
            ok = panel.ExportPng(canvas, scene, c.args[1], w, h);
        } else {
            ok = panel.ExportSvg(scene, c.args[1]);
        }
        if (!ok) fail(path, c.line, panel.message);
    } else if (c.name == "click") {
        // Press and release the mouse on the cell's centre, through ImGui's input
        // path: the canvas hit-tests it as it would a person's click.
        const bool state = a0 == "state";
        const int s = to_int(c, c.args[1], path), slot = to_int(c, c.args[2], path);
        const render::Scene& scene = state ? session.state.scene : session.diagram.scene;
        const SceneCanvas& canvas = state ? session.state.canvas : session.diagram.canvas;
        const render::NodeInstance* hit = nullptr;
        for (const render::NodeInstance& n : scene.nodes)
            if (n.step == s && n.slot == slot) hit = &n;
        if (!hit)
            fail(path, c.line,
                 "the " + a0 + " view shows no cell at step " + c.args[1] + ", slot " + c.args[2]);
        const CellRect r = canvas.rect_of(*hit);
        if (!r.visible) fail(path, c.line, "that cell is outside the " + a0 + " view (zoom or fit first)");
        ScriptedInput at{(r.x0 + r.x1) * 0.5f, (r.y0 + r.y1) * 0.5f, false, -1, -1};
        ScriptedInput down = at;
        down.mouse_down = true;
        session.scripted_input = {at, down, at};
    } else if (c.name == "key") {
        const int key = key_code(a0);
        ScriptedInput press, release;
        press.key = key;
        release.release_key = key;
        session.scripted_input = {press, release};
    } else if (c.name == "open") {
        app.open_file(a0);  // a bad file shows its message in the window (expect-error checks it)
    } else {
        fail(path, c.line, "unknown command '" + c.name + "'");
    }
}

}  // namespace scanviz::ui
