#include "script.hpp"

#include "core/i18n/i18n.hpp"

#include <GLFW/glfw3.h>

#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
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

// The figures `memory` prints. The heap in use (glibc's count of allocated bytes) shows a leak
// exactly; the resident memory (Linux: /proc/self/statm) is read after freed pages are given
// back (malloc_trim), so that it counts what is held rather than where the allocator left holes.
// -1 where the platform has neither.
long heap_in_use_kib() {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    const struct mallinfo2 m = mallinfo2();
    return static_cast<long>((m.uordblks + m.hblkhd) / 1024);
#else
    return -1;
#endif
}

long resident_kib() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = -1;
    if (!(statm >> size >> resident)) return -1;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

int key_code(const std::string& name) {
    if (name == "space") return GLFW_KEY_SPACE;
    if (name == "f5") return GLFW_KEY_F5;
    if (name == "f7") return GLFW_KEY_F7;
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
        if (c.name == "repeat" || c.name == "each-trace") {
            Enter(session, c);
            continue;
        }
        if (c.name == "end") {
            Close(session);
            continue;
        }
        if (c.name == "wait-kernel") {
            if (KernelWaits(session, c)) {
                --next_;  // asked again after the frame
                return 1;
            }
            continue;
        }
        Execute(session, c);
        if (c.name == "capture") return kCaptureFrames;
        // Scripted input plays out over frames of its own.
        if (!session.scripted_input.empty()) return static_cast<int>(session.scripted_input.size()) + 1;
    }
    return 0;
}

namespace {

// Shows trace `index` of the open recording, as opening the recording shows its first.
void open_recorded_trace(App& app, int index) {
    const Trace& recorded = app.recording->traces[static_cast<size_t>(index)];
    app.fill_form(recorded.spec);
    app.errors = {};
    app.show_trace(app.from_recording(recorded));
}

}  // namespace

bool ScriptRunner::KernelWaits(GuiSession& session, const ScriptCommand& c) {
    constexpr double kLongestWait = 120;
    const KernelView& k = session.kernel;
    if (k.path.empty()) script_fail(script_.path, c.line, "wait-kernel: no kernel is open (kernel FILE.cu first)");
    const bool waits = c.args.empty() ? k.Busy(session.app) : k.runs < script_int(c, c.args[0], script_.path);
    const double now =
        std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    if (!waits) {
        wait_started_ = -1;
        return false;
    }
    if (wait_started_ < 0) wait_started_ = now;
    if (now - wait_started_ > kLongestWait)
        script_fail(script_.path, c.line,
                    "wait-kernel: still waiting after " + std::to_string(static_cast<int>(kLongestWait)) +
                        " s (runs: " + std::to_string(k.runs) + ")");
    return true;
}

void ScriptRunner::Enter(GuiSession& session, const ScriptCommand& c) {
    App& app = session.app;
    Block block{next_ - 1, 0, 0};
    if (c.name == "each-trace") {
        if (!app.recording)
            script_fail(script_.path, c.line, "each-trace needs an open recording (open FILE.svzrec first)");
        block.left = static_cast<int>(app.recording->traces.size());
        if (block.left > 0) open_recorded_trace(app, 0);
    } else {
        block.left = c.args[0] == "steps" ? app.steps() : script_int(c, c.args[0], script_.path);
    }
    if (block.left <= 0) {
        next_ = static_cast<size_t>(c.match) + 1;  // no passes: on after its end
        return;
    }
    blocks_.push_back(block);
}

void ScriptRunner::Close(GuiSession& session) {
    Block& block = blocks_.back();
    if (--block.left <= 0) {
        blocks_.pop_back();
        return;
    }
    next_ = block.open + 1;
    if (script_.commands[block.open].name == "each-trace") {
        // The recording may have been replaced inside the block: the pass count stays, the index wraps.
        if (!session.app.recording) script_fail(script_.path, script_.commands[block.open].line,
                                                "each-trace: the recording was closed inside the block");
        ++block.trace;
        open_recorded_trace(session.app,
                            block.trace % static_cast<int>(session.app.recording->traces.size()));
    }
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
        f.n = script_int(c, a0, path);
    } else if (c.name == "threads") {
        f.threads = script_int(c, a0, path);
    } else if (c.name == "items") {
        f.items_per_thread = script_int(c, a0, path);
    } else if (c.name == "op") {
        f.op = *parse_op(a0);
    } else if (c.name == "type") {
        f.type = a0 == "int32" ? ElemType::I32 : a0 == "float32" ? ElemType::F32 : *parse_type(a0);
    } else if (c.name == "exclusive") {
        f.exclusive = script_on_off(c, a0, path);
    } else if (c.name == "input") {
        if (a0 == "random") {
            f.input = InputKind::Random;
            if (c.args.size() > 1) f.seed = script_int(c, c.args[1], path);
        } else if (a0 == "ones" && c.args.size() == 1) {
            f.input = InputKind::Ones;
        } else if (a0 == "ramp" && c.args.size() == 1) {
            f.input = InputKind::Ramp;
        } else {
            f.input = InputKind::Given;
            f.values_text = c.rest;
        }
    } else if (c.name == "seed") {
        f.seed = script_int(c, a0, path);
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
        else if (a0 == "next")
            k = std::min(app.step + 1, steps - 1);
        else if (a0 == "prev")
            k = std::max(app.step - 1, -1);
        else if (a0 == "last")
            k = steps - 1;
        else if (a0 == "middle")
            k = steps / 2;
        else
            k = script_int(c, a0, path);
        if (k < -1 || k >= steps)
            script_fail(path, c.line,
                 "step " + a0 + " is outside -1 .. " + std::to_string(steps - 1) + " (" +
                     std::to_string(steps) + " steps)");
        app.set_step(k);
    } else if (c.name == "select") {
        if (a0 == "none") {
            app.select(-1, -1);
            return;
        }
        const int s = script_int(c, c.args[0], path), slot = script_int(c, c.args[1], path);
        if (s < -1 || s >= app.steps() || slot < 0 || slot >= app.trace.layout.slots)
            script_fail(path, c.line,
                 "no cell at step " + c.args[0] + ", slot " + c.args[1] + " (steps -1 .. " +
                     std::to_string(app.steps() - 1) + ", slots 0 .. " +
                     std::to_string(app.trace.layout.slots - 1) + ")");
        app.select(s, slot);
    } else if (c.name == "presentation") {
        app.settings.presentation = script_on_off(c, a0, path);
    } else if (c.name == "language") {
        session.RequestLanguage(*i18n::parse_language(a0));  // as the menu does: before the next frame
    } else if (c.name == "show" && a0 == "sass") {
        session.sass.open = script_on_off(c, c.args[1], path);
    } else if (c.name == "memory") {
        // The work-and-span chart fills in over the first minutes, a frame's budget at a time (with a
        // model run of up to n = 4096 in flight): completed first, as a capture does, so that each
        // figure is of the window at rest and passes compare like with like.
        // A job in flight (a view's background work) is waited for and handed over the same way.
        session.metrics.ComputeSome(1e9);
        app.jobs.wait();
        app.jobs.poll();
        const long heap = heap_in_use_kib();
        std::printf("memory %s: rss %ld KiB, heap %ld KiB\n", a0.c_str(), resident_kib(), heap);
        std::fflush(stdout);
    } else if (c.name == "show") {
        const bool on = script_on_off(c, c.args[1], path);
        Settings& s = app.settings;
        (a0 == "state"             ? s.show_state
         : a0 == "diagram"         ? s.show_diagram
         : a0 == "metrics"         ? s.show_metrics
         : a0 == "bench"           ? s.show_bench
         : a0 == "lookback"        ? s.show_lookback
         : a0 == "race"            ? s.show_race
         : a0 == "banks"           ? s.show_banks
         : a0 == "instrumentation" ? s.show_instrumentation
                                   : s.show_source) = on;
    } else if (c.name == "race") {
        const std::string& what = c.args[1];
        const int choice = what == "none"         ? -1
                           : what == "one-buffer" ? RaceView::kOneBuffer
                                                  : script_int(c, what, path);
        if (c.args.size() > 2 && c.args[2] != "diverged")
            script_fail(path, c.line, "race: the third word may only be 'diverged', got '" + c.args[2] + "'");
        if (!session.race.Select(a0, choice, c.args.size() > 2))
            script_fail(path, c.line, "race: " + session.race.error);
    } else if (c.name == "play") {
        if (!app.playing) app.toggle_play();
    } else if (c.name == "pause") {
        if (app.playing) app.toggle_play();
    } else if (c.name == "speed") {
        app.settings.speed = script_positive(c, a0, path);
    } else if (c.name == "zoom") {
        app.zoom_request *= script_positive(c, a0, path);
    } else if (c.name == "fit") {
        app.fit_request = true;
    } else if (c.name == "lesson") {
        // A name from the shipped lessons, or a file; a broken lesson is refused with its message.
        if (session.lesson.catalog.empty()) session.lesson.LoadCatalog();
        std::string file = lessons::find_lesson(session.lesson.dir, a0);
        session.lesson.Open(app, file.empty() ? a0 : file);
    } else if (c.name == "lesson-step") {
        if (!session.lesson.active()) script_fail(path, c.line, "no lesson is open (lesson NAME first)");
        const int k = script_int(c, a0, path);
        const int steps = static_cast<int>(session.lesson.lesson->steps.size());
        if (k < 1 || k > steps)
            script_fail(path, c.line, "lesson-step " + a0 + " is outside 1 .. " + std::to_string(steps));
        session.lesson.Enter(app, k - 1);
    } else if (c.name == "lessons") {
        session.lesson.LoadCatalog();
        session.lesson.picker_open = true;
    } else if (c.name == "answer") {
        if (!session.lesson.active()) script_fail(path, c.line, "no lesson is open (lesson NAME first)");
        session.lesson.Submit(app, c.rest);
    } else if (c.name == "show-answer") {
        if (!session.lesson.active()) script_fail(path, c.line, "no lesson is open (lesson NAME first)");
        session.lesson.Reveal(app);
    } else if (c.name == "capture") {
        session.capture_png = c.args[0];
        session.capture_json = c.args[1];
    } else if (c.name == "expect-error") {
        std::string error = app.errors.first();
        if (error.empty()) error = session.lesson.error;
        if (error.empty() || (error.find(c.rest) == std::string::npos && !app.learner.error.empty()))
            error = app.learner.error;
        if (error.empty())
            script_fail(path, c.line, "expected an error containing '" + c.rest + "', the window shows none");
        if (error.find(c.rest) == std::string::npos)
            script_fail(path, c.line,
                 "expected an error containing '" + c.rest + "', the window shows '" + error + "'");
    } else if (c.name == "expect-ok") {
        if (app.errors.any())
            script_fail(path, c.line, "expected no error, the window shows '" + app.errors.first() + "'");
    } else if (c.name == "export-png" || c.name == "export-svg") {
        const bool state = a0 == "state";
        ExportPanel& panel = state ? session.state.export_panel : session.diagram.export_panel;
        SceneCanvas& canvas = state ? session.state.canvas : session.diagram.canvas;
        if (state)
            session.state.Update(app);
        else
            session.diagram.Update(app);
        const figure::Scene& scene = state ? session.state.scene : session.diagram.scene;
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
        if (!ok) script_fail(path, c.line, panel.message);
    } else if (c.name == "click") {
        // Press and release the mouse on the cell's centre, through ImGui's input
        // path: the canvas hit-tests it as it would a person's click.
        const bool state = a0 == "state";
        const int s = script_int(c, c.args[1], path), slot = script_int(c, c.args[2], path);
        const figure::Scene& scene = state ? session.state.scene : session.diagram.scene;
        const SceneCanvas& canvas = state ? session.state.canvas : session.diagram.canvas;
        const figure::NodeInstance* hit = nullptr;
        for (const figure::NodeInstance& n : scene.nodes)
            if (n.step == s && n.slot == slot) hit = &n;
        if (!hit)
            script_fail(path, c.line,
                 "the " + a0 + " view shows no cell at step " + c.args[1] + ", slot " + c.args[2]);
        const CellRect r = canvas.rect_of(*hit);
        if (!r.visible) script_fail(path, c.line, "that cell is outside the " + a0 + " view (zoom or fit first)");
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
    } else if (c.name == "kernel") {
        session.kernel.Open(app, a0);  // an unreadable file shows its message (expect-error checks it)
    } else if (c.name == "kernel-launches") {
        session.kernel.launches = script_int(c, a0, path);
    } else if (c.name == "click-hazard") {
        // Press and release the mouse on the line's centre, through ImGui's input path, as `click` does.
        const int k = script_int(c, a0, path);
        const auto& rects = session.kernel.hazard_rects;
        if (k >= static_cast<int>(rects.size()) || rects[static_cast<size_t>(k)][2] <= 0)
            script_fail(path, c.line,
                        "click-hazard " + a0 + ": the Your-kernel panel lists " + std::to_string(rects.size()) +
                            " hazard lines on screen (wait-kernel first; a lesson may keep them back)");
        const auto& r = rects[static_cast<size_t>(k)];
        ScriptedInput at{(r[0] + r[2]) * 0.5f, (r[1] + r[3]) * 0.5f, false, -1, -1};
        ScriptedInput down = at;
        down.mouse_down = true;
        session.scripted_input = {at, down, at};
    } else if (c.name == "kernel-timeout") {
        session.kernel.timeout_s = script_positive(c, a0, path);
    } else if (c.name == "open") {
        app.open_file(a0);  // a bad file shows its message in the window (expect-error checks it)
    } else {
        script_fail(path, c.line, "unknown command '" + c.name + "'");
    }
}

}  // namespace scanviz::ui
