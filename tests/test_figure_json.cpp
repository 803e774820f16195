// The scene JSON the published pages draw: scene_json_text (what the browser's module sends)
// writes exactly the text that scene_to_json(...).dump() prints, for every figure the pages
// ask for and for the awkward numbers and strings a scene can hold.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/analysis/diagram.hpp"
#include "core/figure/figure_json.hpp"
#include "core/figure/legible.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/publish/trace_page.hpp"
#include "support/spec_cases.hpp"

using namespace scanviz;
using namespace scanviz::test;
using namespace scanviz::figure;

namespace {

void expect_same_text(const Scene& s, const std::string& what) {
    EXPECT_EQ(scene_json_text(s), scene_to_json(s).dump()) << what;
    EXPECT_EQ(scene_json_text(s, false), scene_to_json(s, false).dump()) << what;
}

}  // namespace

TEST(SceneJsonText, EveryStateAndDiagramSceneOfSeveralRuns) {
    for (const auto& [variant, n] : {std::pair<std::string, int>{"warp_conditional", 32}, {"block_blelloch", 128},
                                     {"block_blelloch", 2048}, {"block_hillis_steele", 64}, {"warp_segmented", 32}}) {
        for (const bool exclusive : {false, true}) {
            const Trace t = ramp_model(variant, n, exclusive);
            const DependencyGraph graph(t);
            const int steps = static_cast<int>(t.steps.size());
            for (int step = -1; step < steps; step += std::max(1, steps / 4)) {
                const std::string what = variant + " n=" + std::to_string(n) + " step " + std::to_string(step);
                expect_same_text(build_state_scene(t, step, Selection{step, n / 3}, {}), what + " state");
                const FigureWindow w = view_window(t, step, {}, -1, kDiagramWindowSlots);
                expect_same_text(build_diagram_scene(t, graph, step, Selection{step, n / 2}, {}, nullptr, w),
                                 what + " diagram");
                expect_same_text(build_overview(t, step, w, {}, 1200.0f, overview_height({})).strip, what + " strip");
            }
        }
    }
}

TEST(SceneJsonText, AwkwardNumbersAndStrings) {
    Scene s;
    s.width = 12345.678f;
    s.height = 0.004f;  // rounds to 0: "0.0"
    s.background_rgba = 0xffffffffu;
    for (const float v : {0.0f, -0.0f, -0.004f, 0.005f, 0.015f, 0.1f, 0.25f, 1.0f, 2.5f, -3.75f, 99.99f, 99.995f,
                          1234.5f, -1e6f, 16777216.0f, 0.07f, 0.29f, 0.57f, 1.13f, 4.35f})
        s.nodes.push_back(NodeInstance{v, -v, v * 3, v / 7, 0x12345678u, 0u, v, -1, 7, v});
    s.edges.push_back(EdgeInstance{0.1f, 0.2f, -0.3f, 1e3f, 0xff0000ffu, 1.5f, 0.0f});
    for (const std::string& text : std::vector<std::string>{"plain", "-2\u00b3\u00b9", "quote \" and \\ back", "tab\there", "nl\nx",
                                   std::string("ctl\x01\x1f", 5), ""})
        s.labels.push_back(TextLabel{1.005f, 2.0f, text, 0x80808080u, 14.0f, true, 3});
    expect_same_text(s, "awkward scene");
    expect_same_text(Scene{}, "empty scene");
}

TEST(SceneJsonText, ObjectWithRawMembers) {
    const nlohmann::json o = {{"a", 1}, {"b", "x"}};
    const std::string text = json_object_text(o, {{"scene", "{\"w\":1.0}"}, {"more", "[1,2]"}});
    EXPECT_EQ(nlohmann::json::parse(text),
              nlohmann::json({{"a", 1}, {"b", "x"}, {"scene", {{"w", 1.0}}}, {"more", {1, 2}}}));
    EXPECT_EQ(json_object_text(nlohmann::json::object(), {{"s", "null"}}), "{\"s\":null}");
    EXPECT_EQ(json_object_text(o, {}), o.dump());
    EXPECT_THROW(json_object_text(nlohmann::json::array(), {}), std::invalid_argument);
}

TEST(SceneJsonText, TheModulesViewIsTheViewData) {
    const Trace t = ramp_model("block_blelloch", 2048);
    const DependencyGraph graph(t);
    publish::DiagramRequest r;
    r.step = 3;
    r.selection = Selection{3, 700};
    r.strip_width = 1000.0f;
    const std::string text = publish::diagram_view_text(t, graph, r);
    const nlohmann::json view = nlohmann::json::parse(text);
    EXPECT_EQ(view["scene"].dump(), scene_to_json(build_diagram_scene(t, graph, 3, r.selection, {}, nullptr,
                                                                      view_window(t, 3, r.selection, -1,
                                                                                  kDiagramWindowSlots)))
                                        .dump());
    ASSERT_TRUE(view["overview"].is_object());
    EXPECT_TRUE(view["overview"]["strip"].is_object());
    EXPECT_EQ(view["window"]["slots"], t.layout.slots);
    EXPECT_EQ(publish::state_scene_text(t, 3, {}, 5), publish::state_scene_data(t, 3, {}, 5).dump());
}
