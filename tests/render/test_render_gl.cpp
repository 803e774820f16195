// The renderer and the exports, on a real GL context (Mesa llvmpipe under Xvfb in CI).
// Without a display every test here FAILS with a message: run under `xvfb-run -a`.
#include <glad/gl.h>
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/analysis/diagram.hpp"
#include "core/figure/svg.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/models/variants.hpp"
#include "gl_test_env.hpp"
#include "render/export.hpp"
#include "render/scene_renderer.hpp"

using namespace scanviz;
using namespace scanviz::figure;
using namespace scanviz::render;

namespace {

constexpr uint32_t kRed = rgba(230, 20, 20);
constexpr uint32_t kBlue = rgba(20, 40, 230);
constexpr uint32_t kGreen = rgba(20, 200, 40);
constexpr uint32_t kWhite = rgba(255, 255, 255);

class RenderGl : public ::testing::Test {
protected:
    void SetUp() override {
        std::string why;
        if (!gltest::open_gl_context(&why)) FAIL() << why;
        std::string error;
        ASSERT_TRUE(renderer_.init(&error)) << error;
    }
    void TearDown() override { renderer_.shutdown(); }

    SceneRenderer renderer_;
};

struct Pixels {
    std::vector<uint8_t> data;
    int w = 0, h = 0;
    uint32_t at(int x, int y) const {
        const uint8_t* p = &data[(static_cast<size_t>(y) * w + x) * 4];
        return rgba(p[0], p[1], p[2], p[3]);
    }
};

// Colours equal within `tol` per channel (r, g, b).
bool near(uint32_t a, uint32_t b, int tol = 6) {
    for (int c = 0; c < 3; ++c) {
        const int x = static_cast<int>((a >> (8 * c)) & 0xff), y = static_cast<int>((b >> (8 * c)) & 0xff);
        if (std::abs(x - y) > tol) return false;
    }
    return true;
}

std::string hex(uint32_t c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff);
    return buf;
}

Scene two_nodes_and_an_edge() {
    Scene s;
    s.width = 200;
    s.height = 100;
    s.background_rgba = kWhite;
    s.nodes.push_back(NodeInstance{20, 20, 60, 40, kRed, kRed, 0.0f, 0, 0});
    s.nodes.push_back(NodeInstance{120, 20, 60, 40, kBlue, kBlue, 0.0f, 0, 1});
    s.edges.push_back(EdgeInstance{10, 80, 190, 80, kGreen, 4.0f, 0.0f});
    return s;
}

Trace kogge_stone() {
    RunSpec spec;
    spec.variant = "warp_conditional";
    spec.n = 32;
    spec.input = InputKind::Ramp;
    return run_model(spec);
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
    return n;
}

std::filesystem::path temp_file(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("scanviz_render_test_" + name);
}

}  // namespace

TEST_F(RenderGl, NodeAndEdgeColoursAppearWhereTheyAreAndTheBackgroundElsewhere) {
    const Scene scene = two_nodes_and_an_edge();
    const unsigned tex = renderer_.render(scene, Camera{}, 200, 100);
    ASSERT_NE(tex, 0u);
    Pixels px;
    px.data = renderer_.read_rgba(px.w, px.h);
    ASSERT_EQ(px.w, 200);
    ASSERT_EQ(px.h, 100);
    // Row 0 is the top: the nodes lie at y 20..60, the edge at y 80.
    EXPECT_TRUE(near(px.at(50, 40), kRed)) << hex(px.at(50, 40));
    EXPECT_TRUE(near(px.at(25, 25), kRed)) << hex(px.at(25, 25));
    EXPECT_TRUE(near(px.at(150, 40), kBlue)) << hex(px.at(150, 40));
    EXPECT_TRUE(near(px.at(100, 80), kGreen)) << hex(px.at(100, 80));
    for (auto [x, y] : {std::pair{100, 40}, {5, 5}, {195, 95}, {100, 10}, {50, 70}, {50, 90}})
        EXPECT_TRUE(near(px.at(x, y), kWhite))
            << "background at " << x << "," << y << ": " << hex(px.at(x, y));
    EXPECT_EQ(renderer_.stats().nodes_drawn, 2);
    EXPECT_EQ(renderer_.stats().edges_drawn, 1);
}

TEST_F(RenderGl, CameraZoomAndPanMoveTheNodesAndCullWhatIsOutside) {
    const Scene scene = two_nodes_and_an_edge();
    Camera cam;
    cam.zoom = 2.0f;
    cam.pan_x = 100.0f;  // the world point (100, 0) at the top-left
    ASSERT_NE(renderer_.render(scene, cam, 200, 200), 0u);
    Pixels px;
    px.data = renderer_.read_rgba(px.w, px.h);
    // The blue node (world 120..180 x 20..60) now covers pixels 40..160 x 40..120.
    EXPECT_TRUE(near(px.at(100, 80), kBlue)) << hex(px.at(100, 80));
    EXPECT_TRUE(near(px.at(20, 80), kWhite)) << hex(px.at(20, 80));
    EXPECT_EQ(renderer_.stats().nodes_drawn, 1);  // the red node lies left of the view
    // The edge at world y 80 lands on pixel row 160.
    EXPECT_TRUE(near(px.at(100, 160), kGreen)) << hex(px.at(100, 160));
}

TEST_F(RenderGl, ArrowHeadIsWiderThanTheShaftAtTheEnd) {
    Scene s;
    s.width = 200;
    s.height = 100;
    s.background_rgba = kWhite;
    s.edges.push_back(EdgeInstance{20, 50, 180, 50, kGreen, 2.0f, 20.0f});
    ASSERT_NE(renderer_.render(s, Camera{}, 200, 100), 0u);
    Pixels px;
    px.data = renderer_.read_rgba(px.w, px.h);
    EXPECT_TRUE(near(px.at(100, 50), kGreen, 40));
    EXPECT_TRUE(near(px.at(100, 55), kWhite)) << "the shaft is 2 px wide";
    EXPECT_TRUE(near(px.at(164, 55), kGreen, 60))
        << "the head near its base is about 18 px wide: " << hex(px.at(164, 55));
    EXPECT_TRUE(near(px.at(185, 50), kWhite)) << "nothing beyond the tip";
}

TEST_F(RenderGl, NodesSmallerThanAPixelStillShow) {
    Scene s;
    s.width = 4096 * 10;
    s.height = 10;
    s.background_rgba = kWhite;
    for (int i = 0; i < 4096; ++i)
        s.nodes.push_back(NodeInstance{i * 10.0f, 0, 8, 8, kBlue, kBlue, 0.0f, 0, i});
    const Camera cam = fit_camera(s, 400, 100, 0.0f);  // each node about 0.08 px wide
    ASSERT_NE(renderer_.render(s, cam, 400, 100), 0u);
    Pixels px;
    px.data = renderer_.read_rgba(px.w, px.h);
    int coloured = 0;
    for (int x = 0; x < 400; ++x) coloured += near(px.at(x, 50), kWhite, 2) ? 0 : 1;
    EXPECT_GT(coloured, 300) << "the row of tiny nodes must not vanish";
}

TEST_F(RenderGl, DiagramConeCellsAreLitWhereTheTraceSays) {
    const Trace trace = kogge_stone();
    const DependencyGraph graph(trace);
    const SceneStyle style;
    const Selection sel{graph.steps() - 1, 9};  // output lane 9: cone = inputs 0..9
    const Scene scene = build_diagram_scene(trace, graph, 2, sel, style);
    const int w = 1600, h = 600;
    const Camera cam = fit_camera(scene, w, h);
    ASSERT_NE(renderer_.render(scene, cam, w, h), 0u);
    Pixels px;
    px.data = renderer_.read_rgba(px.w, px.h);
    int checked = 0;
    for (int slot = 0; slot < 32; ++slot) {
        // The initial row: lanes 0..9 are in the cone, the rest are not.
        const int id = graph.node_at(-1, slot);
        ASSERT_GE(id, 0);
        const NodeInstance* node = nullptr;
        for (const auto& n : scene.nodes)
            if (n.step == -1 && n.slot == slot) node = &n;
        ASSERT_NE(node, nullptr);
        // A point inside the cell but off its centre, where no value label sits (labels are ImGui's).
        const int x = static_cast<int>(cam.to_px_x(node->x + node->w * 0.15f));
        const int y = static_cast<int>(cam.to_px_y(node->y + node->h * 0.5f));
        const uint32_t expect = slot <= 9 ? style.cone_fill : style.cell_fill;
        EXPECT_TRUE(near(px.at(x, y), expect, 10)) << "initial slot " << slot << ": " << hex(px.at(x, y));
        ++checked;
    }
    EXPECT_EQ(checked, 32);
}

TEST_F(RenderGl, PngExportDecodesToTheRightSizeWithLabelsDrawnIn) {
    const Trace trace = kogge_stone();
    const SceneStyle style;
    const Scene scene = build_state_scene(trace, 2, Selection{}, style);
    const auto path = temp_file("state.png");
    std::string error;
    ASSERT_TRUE(export_png(renderer_, scene, 1280, 720, path.string(), &error)) << error;
    int w = 0, h = 0, comp = 0;
    uint8_t* data = stbi_load(path.string().c_str(), &w, &h, &comp, 4);
    ASSERT_NE(data, nullptr) << stbi_failure_reason();
    EXPECT_EQ(w, 1280);
    EXPECT_EQ(h, 720);
    // Not blank: the highlighted cells (written in step 3, d=4: lanes 4..31) are there,
    // and the text colour of the value labels (absent from the shader-drawn image) too.
    size_t written = 0, text = 0;
    for (int i = 0; i < w * h; ++i) {
        const uint32_t c = rgba(data[4 * i], data[4 * i + 1], data[4 * i + 2]);
        written += near(c, style.written_fill, 4) ? 1 : 0;
        text += near(c, style.text, 30) ? 1 : 0;
    }
    stbi_image_free(data);
    EXPECT_GT(written, 28u * 100u) << "28 highlighted cells of some hundred pixels each";
    EXPECT_GT(text, 200u) << "value labels must be rasterised into the PNG";
    Pixels raw;
    ASSERT_TRUE(renderer_.render(scene, fit_camera(scene, 1280, 720, 7.2f), 1280, 720));
    raw.data = renderer_.read_rgba(raw.w, raw.h);
    size_t raw_text = 0;
    for (int y = 0; y < raw.h; ++y)
        for (int x = 0; x < raw.w; ++x) raw_text += near(raw.at(x, y), style.text, 30) ? 1 : 0;
    EXPECT_LT(raw_text, text / 4) << "the dark text pixels come from the labels";
    std::filesystem::remove(path);
}

TEST_F(RenderGl, ExportRejectsBadSizesAndPathsWithAMessage) {
    const Scene scene = two_nodes_and_an_edge();
    std::string error;
    EXPECT_FALSE(export_png(renderer_, scene, 0, 100, temp_file("zero.png").string(), &error));
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;
    error.clear();
    EXPECT_FALSE(
        export_png(renderer_, scene, renderer_.max_size() + 1, 10, temp_file("huge.png").string(), &error));
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;
    error.clear();
    EXPECT_FALSE(export_png(renderer_, scene, 100, 50, "/nonexistent-dir/x.png", &error));
    EXPECT_NE(error.find("/nonexistent-dir/x.png"), std::string::npos) << error;
    error.clear();
    EXPECT_FALSE(export_svg(scene, "/nonexistent-dir/x.svg", &error));
    EXPECT_NE(error.find("/nonexistent-dir/x.svg"), std::string::npos) << error;
}

TEST_F(RenderGl, SvgExportHasARectPerNodeALinePerEdgeAndATextPerLabel) {
    const Trace trace = kogge_stone();
    const DependencyGraph graph(trace);
    const Scene scene = build_diagram_scene(trace, graph, 1, Selection{}, SceneStyle{});
    const auto path = temp_file("diagram.svg");
    std::string error;
    ASSERT_TRUE(export_svg(scene, path.string(), &error)) << error;
    std::ifstream in(path);
    std::stringstream buf;
    buf << in.rdbuf();
    const std::string svg = buf.str();
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
    EXPECT_EQ(count(svg, "<rect"), scene.nodes.size() + 1);  // + the background
    EXPECT_EQ(count(svg, "<line"), scene.edges.size());
    EXPECT_EQ(count(svg, "<text"), scene.labels.size());
    EXPECT_EQ(count(svg, "marker-end="), scene.edges.size());  // every diagram edge is an arrow
    EXPECT_EQ(count(svg, "</svg>"), 1u);
    // 161 values (32 initial + 129 written) and 258 operand edges, see test_diagram.
    EXPECT_EQ(scene.edges.size(), 258u);
    std::filesystem::remove(path);
}

TEST_F(RenderGl, RenderLeavesTheCallersFramebufferAndViewportAlone) {
    GLint viewport[4] = {};
    glViewport(1, 2, 30, 40);
    const Scene scene = two_nodes_and_an_edge();
    ASSERT_NE(renderer_.render(scene, Camera{}, 200, 100), 0u);
    GLint fbo = -1;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
    glGetIntegerv(GL_VIEWPORT, viewport);
    EXPECT_EQ(fbo, 0);
    EXPECT_EQ(viewport[0], 1);
    EXPECT_EQ(viewport[3], 40);
}

TEST_F(RenderGl, AnUnchangedFrameKeepsTheImageAndAChangedOneIsRedrawn) {
    Scene scene = two_nodes_and_an_edge();
    ASSERT_NE(renderer_.render(scene, Camera{}, 200, 100), 0u);
    const long drawn = renderer_.stats().frames_drawn;
    ASSERT_NE(renderer_.render(scene, Camera{}, 200, 100), 0u);
    EXPECT_EQ(renderer_.stats().frames_drawn, drawn);
    EXPECT_GE(renderer_.stats().frames_reused, 1);
    scene.nodes[0].fill_rgba = kGreen;  // same sizes, different contents
    ASSERT_NE(renderer_.render(scene, Camera{}, 200, 100), 0u);
    EXPECT_EQ(renderer_.stats().frames_drawn, drawn + 1);
    Pixels px;
    px.data = renderer_.read_rgba(px.w, px.h);
    EXPECT_TRUE(near(px.at(50, 40), kGreen)) << hex(px.at(50, 40));
    Camera moved;
    moved.pan_x = 1.0f;
    ASSERT_NE(renderer_.render(scene, moved, 200, 100), 0u);
    EXPECT_EQ(renderer_.stats().frames_drawn, drawn + 2);
}
