// kernel_save_bench: a benchmark, not a test. Prints the time from saving a learner's kernel
// file to the window showing its new picture (the first frame drawn with the new trace), for a
// 64-element block scan (default assets/kernels/blelloch.cu), on the engine the window picks (the
// CPU engine where there is no GPU engine). Each save rewrites a copy of the file with a changed
// comment line, as an editor's save of an edit does: the kernel is compiled again. Then the same
// for a save that changes nothing the compiler sees (touch: the compiled kernel is reused), and
// the time the checks take after the picture. Run under Xvfb:
//   xvfb-run -a ./kernel_save_bench [FILE.cu [SAVES]]
// glad before GLFW: glad provides the GL declarations.
// clang-format off
#include <glad/gl.h>
#include <GLFW/glfw3.h>
// clang-format on
#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/common/assets.hpp"
#include "kernels/learner/gpu_engine.hpp"
#include "ui/session.hpp"
#include "ui/window.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// One frame as the window's loop paces it (gui_main.cpp): at rest it waits for an event or the
// next look at the file; while only the run's progress moves, a frame each 1/30 s.
void frame(scanviz::ui::Window& window, scanviz::ui::GuiSession& session) {
    if (!session.Busy())
        window.wait_events(session.IdleWaitSeconds(5.0));
    else if (session.OnlyAJobMoves())
        window.wait_events(1.0 / 30.0);
    window.begin_frame();
    session.Frame(window, 1.0 / 60.0);
    window.render();
    window.swap();
    glFinish();
}

struct Figures {
    std::vector<double> picture_ms, checks_ms, job_ms;
};

// Saves `text` into `file` and draws frames until the run it starts is on screen (and then until
// its checks are done). False when the run failed or took longer than a minute.
bool save_and_wait(scanviz::ui::Window& window, scanviz::ui::GuiSession& session, const fs::path& file,
                   const std::string& text, Figures& out) {
    const int runs = session.kernel.runs;
    const auto t0 = Clock::now();
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
    while (session.kernel.runs == runs) {
        frame(window, session);
        if (ms_since(t0) > 60000) return false;
    }
    frame(window, session);  // the first frame with the new trace
    out.picture_ms.push_back(ms_since(t0));
    out.job_ms.push_back(session.kernel.last_run_s * 1e3);
    if (!session.app.learner.error.empty()) {
        std::fprintf(stderr, "kernel_save_bench: %s\n", session.app.learner.error.c_str());
        return false;
    }
    const auto t1 = Clock::now();
    while (session.kernel.Busy(session.app)) {
        frame(window, session);
        if (ms_since(t0) > 120000) return false;
    }
    out.checks_ms.push_back(ms_since(t1));
    return true;
}

void print(const char* what, std::vector<double> v) {
    std::sort(v.begin(), v.end());
    std::printf("  %-58s median %7.0f ms  min %7.0f  max %7.0f  (%zu saves)\n", what, v[v.size() / 2],
                v.front(), v.back(), v.size());
}

std::string read_text(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

}  // namespace

int main(int argc, char** argv) {
    // The GPU engine runs its child as this same program (/proc/self/exe), as scanviz does.
    if (argc > 1 && std::string_view(argv[1]) == scanviz::learner::kGpuChildFlag)
        return scanviz::learner::gpu_child_main(argc, argv);
    const std::string source = argc > 1 ? argv[1] : scanviz::asset_path("kernels/blelloch.cu");
    const int saves = argc > 2 ? std::max(1, std::atoi(argv[2])) : 7;
    const std::string text = read_text(source);
    if (text.empty()) {
        std::fprintf(stderr, "kernel_save_bench: cannot read %s\n", source.c_str());
        return 2;
    }
    const fs::path dir =
        fs::temp_directory_path() / ("scanviz-kernel-save-bench-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const fs::path file = dir / fs::path(source).filename();
    std::ofstream(file, std::ios::binary) << text;

    scanviz::ui::Window window;
    std::string error;
    if (!window.open(1600, 900, "scanviz kernel bench", &error)) {
        std::fprintf(stderr, "kernel_save_bench: %s\n", error.c_str());
        return 3;
    }
    glfwSwapInterval(0);
    scanviz::ui::GuiSession session;
    if (!session.Init(&error)) {
        std::fprintf(stderr, "kernel_save_bench: %s\n", error.c_str());
        return 3;
    }
    session.metrics.ComputeSome(1e9);  // the work-and-span chart complete: the window at rest
    // The first run: the engine chosen, the file compiled once.
    const auto open_start = Clock::now();
    session.kernel.Open(session.app, file.string());
    while (session.kernel.Busy(session.app)) frame(window, session);
    const double first_ms = ms_since(open_start);
    if (!session.app.learner.error.empty()) {
        std::fprintf(stderr, "kernel_save_bench: %s\n", session.app.learner.error.c_str());
        return 1;
    }
    Figures edited, touched;
    // An edit: a comment line the compiler sees, new to the engine's cache of compiled kernels
    // (this run's id and start time in it), so the kernel is compiled again.
    const std::string stamp = std::to_string(getpid()) + "-" + std::to_string(std::time(nullptr));
    auto edit = [&](int i) { return text + "// edit " + stamp + "-" + std::to_string(i) + "\n"; };
    for (int i = 0; i < saves; ++i)
        if (!save_and_wait(window, session, file, edit(i), edited)) return 1;
    const std::string last = edit(saves - 1);
    for (int i = 0; i < saves; ++i) {
        // The same text saved again (mtime only): the compiled kernel is reused.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (!save_and_wait(window, session, file, last, touched)) return 1;
    }
    std::printf(
        "scanviz kernel_save_bench: %s (n = %d, %d steps), engine: %s%s\n", source.c_str(),
        session.app.trace.spec.n, session.app.steps(), session.kernel.EngineKind().c_str(),
        session.kernel.EngineKind() == "cpu" ? (" (" + session.kernel.WhyNotGpu() + ")").c_str() : "");
    std::printf("  first open (engine chosen, compile, run, checks): %.0f ms\n", first_ms);
    print("save of an edit -> new picture (compile + run + frame)", edited.picture_ms);
    print("  of which the run job (compile + run in the child)", edited.job_ms);
    print("save, nothing changed (touch) -> new picture (run + frame)", touched.picture_ms);
    print("  of which the run job (cached kernel, run in the child)", touched.job_ms);
    print("then the checks (more inputs, like-model, hazards, SASS)", edited.checks_ms);
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) > 0)
        std::printf("machine load average while measuring: %.2f (%u hardware threads)\n", load[0],
                    std::thread::hardware_concurrency());
    std::error_code ec;
    fs::remove_all(dir, ec);
    return 0;
}
