#include "gui_main.hpp"

#include "core/i18n/i18n.hpp"

#include <chrono>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <optional>

#include "drawn_text.hpp"
#include "script.hpp"
#include "session.hpp"
#include "window.hpp"
#include "core/common/output.hpp"
#include "render/export.hpp"

namespace scanviz::ui {
namespace {

constexpr int kSettleFrames = 3;  // frames drawn after a script ends, before the capture
constexpr double kScriptFrameSeconds = 1.0 / 60.0;
constexpr double kIdleWaitSeconds = 5.0;  // a redraw now and then even without events
constexpr int kFramesAfterEvent = 2;
constexpr double kJobFrameSeconds = 1.0 / 30.0;  // frame pace while only a job's progress moves

bool write_screenshot(Window& window, const std::string& path) {
    int w = 0, h = 0;
    const std::vector<uint8_t> pixels = window.read_pixels(w, h);
    std::string error;
    if (!render::write_png(path, pixels.data(), w, h, &error)) {
        std::fprintf(stderr, "scanviz: the screenshot: %s\n", error.c_str());
        return false;
    }
    return true;
}

bool write_dump(const GuiSession& session, const std::string& path) {
    try {
        write_file_atomically(path, session.StateDump().dump(1) + "\n");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "scanviz: the state dump: %s\n", e.what());
        return false;
    }
    return true;
}

}  // namespace

int gui_main(const GuiOptions& options) {
    // A script is read completely before the window opens: a typo costs no window.
    std::optional<ScriptRunner> runner;
    if (!options.script.empty()) {
        try {
            runner.emplace(load_script(options.script));
        } catch (const std::exception& e) {
            std::fprintf(stderr, "scanviz: %s\n", e.what());
            return 2;
        }
    }
    Window window;
    std::string error;
    if (!window.open(options.width, options.height, "scanviz", &error)) {
        std::fprintf(stderr, "scanviz: %s\n", error.c_str());
        return 3;
    }
    GuiSession session;
    if (!session.Init(&error)) {
        std::fprintf(stderr, "scanviz: cannot start the window: %s\n", error.c_str());
        return 3;
    }
    const bool lesson_file = std::filesystem::path(options.open_file).extension() == lessons::kLessonExtension;
    if (!session.app.device.present && (!runner || lesson_file) && (options.open_file.empty() || lesson_file)) {
        // No GPU here: a newcomer's first screen shows what a real GPU did.
        const std::string shipped = shipped_recording_path();
        if (!shipped.empty()) session.app.open_recording(shipped);
    }
    if (!options.open_file.empty()) {
        session.OpenPath(options.open_file);  // a broken lesson is refused with the checker's message
        if (lesson_file && !session.lesson.active()) session.lesson.picker_open = true;
    } else if (!runner) {
        session.lesson.LoadCatalog();
        session.lesson.picker_open = true;  // the opening screen offers the lessons
    }

    const bool scripted = runner || !options.screenshot.empty() || !options.state_dump.empty();
    // A scripted run's state dump lists the words shown and any the catalog lacks.
    i18n::record_lookups(scripted);
    record_drawn_text(scripted);
    window.ignore_focus_changes(scripted);
    int wait_frames = 0;
    int settle_frames = -1;
    int exit_code = 0;
    int settled_frames = 0;
    auto last = std::chrono::steady_clock::now();
    while (!window.should_close()) {
        if (runner && wait_frames == 0 && !runner->done()) {
            try {
                wait_frames = runner->Run(session);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "scanviz: %s\n", e.what());
                exit_code = 1;
                break;
            }
        }
        if (scripted && settle_frames < 0 && wait_frames == 0 && (!runner || runner->done())) {
            settle_frames = kSettleFrames;
            session.metrics.ComputeSome(1e9);  // the chart complete in the capture
        }
        // Nothing moving and nothing left to compute: wait for the person (hover,
        // keys and clicks are events) instead of redrawing an unchanged window.
        // ImGui settles in a frame or two after an event (hover, popups): those
        // are drawn before the next wait.
        if (!scripted && !session.Busy() && ++settled_frames > kFramesAfterEvent) {
            window.wait_events(session.IdleWaitSeconds(kIdleWaitSeconds));
            settled_frames = 0;
        } else if (!scripted && session.OnlyAJobMoves()) {
            // A progress bar needs no more than this; the job (a compiler, on a laptop's
            // few cores) gets the rest of the machine.
            window.wait_events(kJobFrameSeconds);
        }
        const auto now = std::chrono::steady_clock::now();
        const double seconds =
            scripted ? kScriptFrameSeconds : std::chrono::duration<double>(now - last).count();
        last = now;

        std::optional<ScriptedInput> input;
        if (!session.scripted_input.empty()) {
            input = session.scripted_input.front();
            session.scripted_input.erase(session.scripted_input.begin());
        }
        window.begin_frame(input ? &*input : nullptr);
        session.Frame(window, seconds);
        window.render();
        if (wait_frames == 1 && !session.capture_png.empty()) {  // a script's capture: this frame
            if (!write_screenshot(window, session.capture_png)) exit_code = 1;
            if (!write_dump(session, session.capture_json)) exit_code = 1;
            session.capture_png.clear();
            session.capture_json.clear();
        }
        if (wait_frames > 0) --wait_frames;
        if (settle_frames > 0 && --settle_frames == 0) {
            if (!options.screenshot.empty() && !write_screenshot(window, options.screenshot)) exit_code = 1;
            if (!options.state_dump.empty() && !write_dump(session, options.state_dump)) exit_code = 1;
            break;
        }
        window.swap();
    }
    return exit_code;
}

}  // namespace scanviz::ui
