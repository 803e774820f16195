// bench_render: frame time of the largest dependency diagram (Blelloch at the
// largest n its model accepts) drawn by SceneRenderer into its offscreen
// framebuffer, plus the time to build the graph and the scene and the time to the
// first frame. A benchmark, not a test: it prints figures, asserts nothing.
//
//   xvfb-run -a build/tests/render/bench_render [variant] [n] [frames]
#include <glad/gl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "core/analysis/diagram.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/models/variants.hpp"
#include "gl_test_env.hpp"
#include "render/scene_renderer.hpp"

using namespace scanviz;
using namespace scanviz::figure;
using namespace scanviz::render;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// CPU time of the whole process (llvmpipe's rasteriser threads included): on a busy
// machine the wall time of a frame includes waiting for a core, this does not.
double cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

struct Stats {
    double mean = 0, median = 0, max = 0, cpu = 0;
};

Stats time_frames(SceneRenderer& r, const Scene& scene, const Camera& cam, int w, int h, int frames) {
    std::vector<double> t;
    for (int i = 0; i < 3; ++i) r.render(scene, cam, w, h);  // warm up
    glFinish();
    const double cpu0 = cpu_ms();
    for (int i = 0; i < frames; ++i) {
        // Pan by half a pixel to and fro, as a drag does: every frame is drawn anew
        // (an unchanged frame would reuse the last image; timed apart below).
        Camera moved = cam;
        moved.pan_x += (i % 2 ? 0.5f : -0.5f) / cam.zoom;
        const auto t0 = Clock::now();
        r.render(scene, moved, w, h);
        glFinish();  // the frame is done when the pixels are
        t.push_back(ms_since(t0));
    }
    Stats s;
    s.cpu = (cpu_ms() - cpu0) / frames;
    std::sort(t.begin(), t.end());
    for (double x : t) s.mean += x / t.size();
    s.median = t[t.size() / 2];
    s.max = t.back();
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string variant = argc > 1 ? argv[1] : "block_blelloch";
    const int frames = argc > 3 ? std::atoi(argv[3]) : 60;
    int n = argc > 2 ? std::atoi(argv[2]) : 0;
    try {
        const auto start = Clock::now();
        std::string why;
        if (!gltest::open_gl_context(&why)) {
            std::fprintf(stderr, "bench_render: %s\n", why.c_str());
            return 2;
        }
        const double context_ms = ms_since(start);
        RunSpec spec;
        spec.variant = variant;
        spec.input = InputKind::Random;
        if (n <= 0) {
            // The largest n the variant accepts, up to 4096.
            for (n = 4096; n > 1; n /= 2) {
                RunSpec probe = spec;
                probe.n = n;
                if (!validate_and_resolve(probe)) break;
            }
        }
        spec.n = n;
        auto t0 = Clock::now();
        const Trace trace = run_model(spec);
        const double model_ms = ms_since(t0);
        t0 = Clock::now();
        const DependencyGraph graph(trace);
        const double graph_ms = ms_since(t0);
        t0 = Clock::now();
        const Scene scene = build_diagram_scene(trace, graph, static_cast<int>(trace.steps.size()) / 2,
                                                Selection{}, SceneStyle{});
        const double scene_ms = ms_since(t0);
        t0 = Clock::now();
        const int last = graph.steps() - 1;
        const auto cone = graph.cone(last, trace.layout.slots / 2);
        const auto reach = graph.reach(-1, 0);
        const double walk_ms = ms_since(t0);
        t0 = Clock::now();
        const Scene lit =
            build_diagram_scene(trace, graph, 1, Selection{last, trace.layout.slots / 2}, SceneStyle{});
        const double lit_scene_ms = ms_since(t0);

        SceneRenderer renderer;
        std::string error;
        t0 = Clock::now();
        if (!renderer.init(&error)) {
            std::fprintf(stderr, "bench_render: %s\n", error.c_str());
            return 2;
        }
        const int w = 1600, h = 900;
        const Camera fit = fit_camera(scene, w, h);
        renderer.render(scene, fit, w, h);
        glFinish();
        const double first_frame_ms = ms_since(t0);
        const double to_first_frame_ms = ms_since(start);

        const Stats whole = time_frames(renderer, scene, fit, w, h, frames);
        const int whole_nodes = renderer.stats().nodes_drawn, whole_edges = renderer.stats().edges_drawn;
        Camera zoomed = fit;
        zoomed.zoom_at(16.0f, w * 0.5f, h * 0.5f);
        const Stats close = time_frames(renderer, scene, zoomed, w, h, frames);
        const int close_nodes = renderer.stats().nodes_drawn, close_edges = renderer.stats().edges_drawn;
        const Stats lit_stats = time_frames(renderer, lit, fit, w, h, frames);
        // Unchanged frames: scene and camera as before, the image is kept.
        renderer.render(scene, fit, w, h);
        const long drawn_before = renderer.stats().frames_drawn;
        t0 = Clock::now();
        for (int i = 0; i < frames; ++i) renderer.render(scene, fit, w, h);
        glFinish();
        const double unchanged_ms = ms_since(t0) / frames;
        const long redrawn = renderer.stats().frames_drawn - drawn_before;

        double load[3] = {};
        if (FILE* f = std::fopen("/proc/loadavg", "r")) {
            if (std::fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3) load[0] = -1;
            std::fclose(f);
        }
        const char* gl_renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
        std::printf("bench_render: %s n=%d (%d steps, %d slots) on %s, %dx%d, %d frames each\n",
                    variant.c_str(), n, graph.steps(), graph.slots(), gl_renderer ? gl_renderer : "?", w, h,
                    frames);
        std::printf(
            "  load average %.1f on %ld CPUs while measuring (wall times include waiting for a core)\n",
            load[0], sysconf(_SC_NPROCESSORS_ONLN));
        std::printf("  graph: %zu nodes, %zu edges; scene: %zu nodes, %zu edges, %zu labels\n",
                    graph.nodes().size(), graph.edges().size(), scene.nodes.size(), scene.edges.size(),
                    scene.labels.size());
        std::printf(
            "  model %.1f ms, dependency graph %.1f ms, diagram scene %.1f ms (with a lit cone %.1f ms)\n",
            model_ms, graph_ms, scene_ms, lit_scene_ms);
        std::printf("  cone of the middle output (%zu nodes) + reach of input 0 (%zu nodes): %.2f ms\n",
                    cone.size(), reach.size(), walk_ms);
        std::printf(
            "  GL context %.1f ms; shaders + first frame %.1f ms; process start to first frame %.1f ms\n",
            context_ms, first_frame_ms, to_first_frame_ms);
        std::printf(
            "  frame, whole diagram (%d nodes, %d edges drawn): mean %.2f ms, median %.2f ms, max %.2f ms; "
            "CPU %.2f ms\n",
            whole_nodes, whole_edges, whole.mean, whole.median, whole.max, whole.cpu);
        std::printf(
            "  frame, zoomed x16 (%d nodes, %d edges drawn):    mean %.2f ms, median %.2f ms, max %.2f ms; "
            "CPU %.2f ms\n",
            close_nodes, close_edges, close.mean, close.median, close.max, close.cpu);
        std::printf(
            "  frame, whole diagram with a lit cone/reach:        mean %.2f ms, median %.2f ms, max %.2f ms; "
            "CPU %.2f ms\n",
            lit_stats.mean, lit_stats.median, lit_stats.max, lit_stats.cpu);
        std::printf("  frame, unchanged scene and camera (image kept, %ld of %d redrawn): mean %.3f ms\n",
                    redrawn, frames, unchanged_ms);
        renderer.shutdown();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_render: %s\n", e.what());
        return 1;
    }
    return 0;
}
