// gui_frame_bench: a benchmark, not a test. Prints the time to the first frame
// (process start to the first frame on screen, default variant), then the frame
// times with the largest trace (Blelloch, n = 4096): frames where nothing changes,
// and frames that step (the state and diagram scenes rebuilt and redrawn each
// frame). Run under Xvfb on a machine without a GPU: xvfb-run -a ./gui_frame_bench
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include "ui/session.hpp"
#include "ui/window.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

struct Stats {
    double mean, p50, p95, max;
};

Stats stats(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    return {sum / v.size(), v[v.size() / 2], v[std::min(v.size() - 1, v.size() * 95 / 100)], v.back()};
}

// One frame, drawn and finished (glFinish: the GPU (or llvmpipe) work counted too).
double frame(scanviz::ui::Window& window, scanviz::ui::GuiSession& session) {
    const auto t = Clock::now();
    window.begin_frame();
    session.Frame(window, 1.0 / 60.0);
    window.render(0.94f, 0.94f, 0.95f);
    window.swap();
    glFinish();
    return ms_since(t);
}

void print(const char* what, const Stats& s, int frames) {
    std::printf("%-44s mean %7.2f ms  median %7.2f  p95 %7.2f  max %7.2f  (%d frames)\n", what, s.mean, s.p50, s.p95,
                s.max, frames);
}

}  // namespace

int main(int argc, char** argv) {
    const auto start = Clock::now();
    int width = 1600, height = 900;
    if (argc == 3) {
        width = std::stoi(argv[1]);
        height = std::stoi(argv[2]);
    }
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

    const auto chart_start = Clock::now();
    session.metrics.ComputeSome(1e9);
    const double chart_ms = ms_since(chart_start);

    const auto load_start = Clock::now();
    session.app.form.variant = "block_blelloch";
    session.app.form.n = 4096;
    if (!session.app.apply_form()) {
        std::fprintf(stderr, "gui_frame_bench: block_blelloch n = 4096: %s\n", session.app.errors.first().c_str());
        return 1;
    }
    const double load_ms = ms_since(load_start);
    session.app.set_step(session.app.steps() / 2);
    const double switch_frame_ms = frame(window, session);
    for (int i = 0; i < 5; ++i) frame(window, session);

    std::vector<double> idle;
    for (int i = 0; i < 120; ++i) idle.push_back(frame(window, session));

    std::vector<double> stepping;
    const int steps = session.app.steps();
    for (int i = 0; i < 3 * steps; ++i) {
        session.app.set_step(i % steps);
        stepping.push_back(frame(window, session));
    }
    std::vector<double> selecting;
    for (int i = 0; i < 40; ++i) {
        session.app.select(steps - 1, (i * 97) % 4096);
        selecting.push_back(frame(window, session));
    }

    std::printf("scanviz gui_frame_bench, window %dx%d, GL renderer: %s\n", width, height,
                reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
    std::printf("time to first frame (process start to first frame, %s, n = %d): %.1f ms\n", "warp_conditional", 32,
                first_frame_ms);
    std::printf("work and span chart, every variant's model at n = 32 .. 4096: %.1f ms (spread over frames in the window)\n",
                chart_ms);
    std::printf("Blelloch n = 4096: %d steps, %d slots; model + graph + metrics %.1f ms; first frame after it %.1f ms\n",
                steps, session.app.trace.layout.slots, load_ms, switch_frame_ms);
    std::printf("diagram scene: %zu nodes, %zu edges, %zu labels\n", session.diagram.scene.nodes.size(),
                session.diagram.scene.edges.size(), session.diagram.scene.labels.size());
    print("Blelloch 4096, frames with no change", stats(idle), static_cast<int>(idle.size()));
    print("Blelloch 4096, a step per frame (rebuilds)", stats(stepping), static_cast<int>(stepping.size()));
    print("Blelloch 4096, a new selection per frame", stats(selecting), static_cast<int>(selecting.size()));
    return 0;
}
