// gui_frame_bench: a benchmark, not a test. Prints the time to the first frame
// (process start to the first frame on screen, default variant), then the frame
// times with a large trace (default: Blelloch at its largest, n = 2048; the block
// scan takes one tile of at most 2048): frames where nothing changes, frames that
// step (the state and diagram scenes rebuilt and redrawn each frame) and frames
// that change the selection. Run under Xvfb on a machine without a GPU:
//   xvfb-run -a ./gui_frame_bench [--lang=en|zh] [VARIANT [N [WIDTH HEIGHT [presentation]]]]
// (presentation: the lecture layout, F5: the state and the diagram fill the window; --lang: the
// window's language, default English; tests/gui/frame_bench_languages.sh runs both in turn).
// glad before GLFW: glad provides the GL declarations.
// clang-format off
#include <glad/gl.h>
#include <GLFW/glfw3.h>
// clang-format on
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include "core/i18n/i18n.hpp"
#include "ui/session.hpp"
#include "ui/window.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

struct Stats {
    double mean, p50, p95, max;
};

Stats stats(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    return {sum / v.size(), v[v.size() / 2], v[std::min(v.size() - 1, v.size() * 95 / 100)], v.back()};
}

// CPU time of this process (all threads: llvmpipe rasterises on threads of its own).
double cpu_ms() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// Where a frame's time goes: the UI (views, scenes built, ImGui draw lists) and
// the drawing (offscreen scene renders + ImGui's GL pass + swap, finished).
struct FrameTimes {
    std::vector<double> wall, ui, draw, cpu;
};

// One frame, drawn and finished (glFinish: the GPU (or llvmpipe) work counted too).
double frame(scanviz::ui::Window& window, scanviz::ui::GuiSession& session, FrameTimes* out = nullptr) {
    const auto t = Clock::now();
    const double c0 = cpu_ms();
    window.begin_frame();
    session.Frame(window, 1.0 / 60.0);
    ImGui::EndFrame();  // closes the frame: what follows is drawing only
    const double ui = ms_since(t);
    const auto t1 = Clock::now();
    glFinish();  // the offscreen scene renders issued by the views
    window.render();
    window.swap();
    glFinish();
    const double wall = ms_since(t);
    if (out) {
        out->wall.push_back(wall);
        out->ui.push_back(ui);
        out->draw.push_back(ms_since(t1));
        out->cpu.push_back(cpu_ms() - c0);
    }
    return wall;
}

void print(const char* what, const FrameTimes& f) {
    const Stats w = stats(f.wall), u = stats(f.ui), d = stats(f.draw), c = stats(f.cpu);
    std::printf("%s (%zu frames)\n", what, f.wall.size());
    std::printf("  wall   mean %7.2f ms  median %7.2f  p95 %7.2f  max %7.2f\n", w.mean, w.p50, w.p95, w.max);
    std::printf("    ui (views, scenes, ImGui lists)   median %7.2f ms  p95 %7.2f\n", u.p50, u.p95);
    std::printf("    drawing (GL, swap, finished)      median %7.2f ms  p95 %7.2f\n", d.p50, d.p95);
    std::printf("  process CPU time per frame (all threads)  median %7.2f ms\n", c.p50);
}

}  // namespace

int main(int argc, char** argv) {
    const auto start = Clock::now();
    std::vector<char*> args;
    scanviz::i18n::Language lang = scanviz::i18n::Language::En;
    for (int i = 0; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.rfind("--lang=", 0) == 0) {
            const auto l = scanviz::i18n::parse_language(a.substr(7));
            if (!l) {
                std::fprintf(stderr, "gui_frame_bench: %s: the language must be en or zh\n", a.c_str());
                return 2;
            }
            lang = *l;
        } else {
            args.push_back(argv[i]);
        }
    }
    argc = static_cast<int>(args.size());
    argv = args.data();
    if (const std::string why = scanviz::i18n::set_language(lang); !why.empty()) {
        std::fprintf(stderr, "gui_frame_bench: %s\n", why.c_str());
        return 3;
    }
    std::string variant = "block_blelloch";
    int n = 2048;
    int width = 1600, height = 900;
    if (argc > 1) variant = argv[1];
    if (argc > 2) n = std::stoi(argv[2]);
    if (argc > 4) {
        width = std::stoi(argv[3]);
        height = std::stoi(argv[4]);
    }
    const bool presentation = argc > 5 && std::string(argv[5]) == "presentation";
    scanviz::ui::Window window;
    std::string error;
    if (!window.open(width, height, "scanviz bench", &error)) {
        std::fprintf(stderr, "gui_frame_bench: %s\n", error.c_str());
        return 3;
    }
    glfwSwapInterval(0);  // measure the work, not the display's refresh
    scanviz::ui::GuiSession session;
    if (!session.Init(&error)) {
        std::fprintf(stderr, "gui_frame_bench: %s\n", error.c_str());
        return 3;
    }
    frame(window, session);
    const double first_frame_ms = ms_since(start);
    session.app.settings.presentation = presentation;

    const auto chart_start = Clock::now();
    session.metrics.ComputeSome(1e9);
    const double chart_ms = ms_since(chart_start);

    const auto load_start = Clock::now();
    session.app.form.variant = variant;
    session.app.form.n = n;
    if (!session.app.apply_form()) {
        std::fprintf(stderr, "gui_frame_bench: %s n = %d: %s\n", variant.c_str(), n,
                     session.app.errors.first().c_str());
        return 1;
    }
    const double load_ms = ms_since(load_start);
    session.app.set_step(session.app.steps() / 2);
    const double switch_frame_ms = frame(window, session);
    for (int i = 0; i < 5; ++i) frame(window, session);

    FrameTimes idle;
    for (int i = 0; i < 120; ++i) frame(window, session, &idle);

    FrameTimes stepping;
    const int steps = session.app.steps();
    for (int i = 0; i < 3 * steps; ++i) {
        session.app.set_step(i % steps);
        frame(window, session, &stepping);
    }
    FrameTimes selecting;
    for (int i = 0; i < 40; ++i) {
        session.app.select(steps - 1, (i * 97) % session.app.trace.layout.slots);
        frame(window, session, &selecting);
    }

    std::printf("scanviz gui_frame_bench, window %dx%d%s, language %s (%d Chinese glyphs in the atlas), GL renderer: %s\n",
                width, height, presentation ? " (presentation)" : "",
                scanviz::i18n::language_code(scanviz::i18n::language()), session.fonts.cjk_glyphs,
                reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
    std::printf("time to first frame (process start to first frame, %s, n = %d): %.1f ms\n",
                "warp_conditional", 32, first_frame_ms);
    std::printf(
        "work and span chart, every variant's model at n = 32 .. 4096: %.1f ms (spread over frames in the "
        "window)\n",
        chart_ms);
    std::printf(
        "%s n = %d: %d steps, %d slots; model + graph + metrics %.1f ms; first frame after it %.1f ms\n",
        variant.c_str(), n, steps, session.app.trace.layout.slots, load_ms, switch_frame_ms);
    std::printf("diagram scene: %zu nodes, %zu edges, %zu labels\n", session.diagram.scene.nodes.size(),
                session.diagram.scene.edges.size(), session.diagram.scene.labels.size());
    print("frames with no change", idle);
    print("a step per frame (scenes rebuilt)", stepping);
    print("a new selection per frame", selecting);
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) > 0)
        std::printf("machine load average while measuring: %.2f (%u hardware threads)\n", load[0],
                    std::thread::hardware_concurrency());
    return 0;
}
