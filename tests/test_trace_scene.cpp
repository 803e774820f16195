// Scene building from traces (no GL needed): what the state view and the diagram
// contain, where, and how clicks map back to (step, slot).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/analysis/diagram.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/models/variants.hpp"
#include "support/spec_cases.hpp"

using namespace scanviz;
using namespace scanviz::test;
using namespace scanviz::figure;

namespace {

std::vector<const NodeInstance*> cells(const Scene& s) {
    std::vector<const NodeInstance*> out;
    for (const auto& n : s.nodes)
        if (n.slot >= 0) out.push_back(&n);
    return out;
}

}  // namespace

TEST(StateScene, KoggeStoneStepHighlightsTheWrittenLanesAndDrawsAnArrowPerRead) {
    const Trace t = ramp_model("warp_conditional", 32);
    const SceneStyle style;
    const Scene s = build_state_scene(t, 0, Selection{}, style);  // d = 1: lanes 1..31 combine
    const auto c = cells(s);
    ASSERT_EQ(c.size(), 32u);
    for (const NodeInstance* n : c) {
        EXPECT_EQ(n->step, 0);
        EXPECT_EQ(n->fill_rgba, n->slot >= 1 ? style.written_fill : style.cell_fill) << "slot " << n->slot;
    }
    // Lane strip: 32 markers, lane 0 inactive (no partner at d = 1).
    std::vector<const NodeInstance*> lanes;
    for (const auto& n : s.nodes)
        if (n.slot < 0) lanes.push_back(&n);
    ASSERT_EQ(lanes.size(), 32u);
    EXPECT_EQ(lanes[0]->fill_rgba, style.inactive_lane);
    EXPECT_EQ(lanes[1]->fill_rgba, style.active_lane);
    // Each lane i >= 1 reads lane i - 1 (its own slot is no arrow): 31 curved arrows,
    // each drawn as segments of which only the last has a head.
    const auto heads =
        std::count_if(s.edges.begin(), s.edges.end(), [](const auto& e) { return e.head_px > 0; });
    EXPECT_EQ(heads, 31);
    // Every cell shows its value after the step: lane i holds i + (i - 1) for the ramp input.
    for (const NodeInstance* n : c) {
        const double expect = n->slot == 0 ? 0 : 2 * n->slot - 1;
        bool found = false;
        for (const auto& l : s.labels)
            if (l.centered && l.text == std::to_string(static_cast<int>(expect)) &&
                std::abs(l.x - (n->x + n->w / 2)) < 0.01f && std::abs(l.y - (n->y + n->h / 2)) < 0.01f)
                found = true;
        EXPECT_TRUE(found) << "value label of slot " << n->slot;
    }
    // Everything lies inside the scene's extent.
    for (const auto& n : s.nodes) {
        EXPECT_LE(n.x + n.w, s.width);
        EXPECT_LE(n.y + n.h, s.height);
    }
}

TEST(StateScene, InitialStateHasNoArrowsAndBadStepsThrow) {
    const Trace t = ramp_model("warp_conditional", 32);
    const Scene s = build_state_scene(t, -1, Selection{}, SceneStyle{});
    EXPECT_TRUE(s.edges.empty());
    EXPECT_EQ(cells(s).size(), 32u);
    EXPECT_THROW(build_state_scene(t, static_cast<int>(t.steps.size()), Selection{}, SceneStyle{}),
                 std::out_of_range);
    EXPECT_THROW(build_state_scene(t, -2, Selection{}, SceneStyle{}), std::out_of_range);
}

TEST(StateScene, SelectedCellGetsTheSelectionBorder) {
    const Trace t = ramp_model("warp_conditional", 32);
    const SceneStyle style;
    const Scene s = build_state_scene(t, 1, Selection{1, 7}, style);
    for (const NodeInstance* n : cells(s))
        EXPECT_EQ(n->border_rgba == style.selected_border, n->slot == 7) << "slot " << n->slot;
}

TEST(DiagramScene, OneNodePerValueOneEdgePerOperandAndHitTestMapsBack) {
    const Trace t = ramp_model("warp_conditional", 32);
    const DependencyGraph g(t);
    const Scene s = build_diagram_scene(t, g, 2, Selection{}, SceneStyle{});
    // Every step is a full row: the values it wrote, the rest pass-throughs.
    const auto all = cells(s);
    EXPECT_EQ(all.size(), (t.steps.size() + 1) * 32);
    EXPECT_EQ(std::count_if(all.begin(), all.end(), [](const NodeInstance* n) { return !n->pass; }),
              static_cast<long>(g.nodes().size()));
    EXPECT_EQ(s.edges.size(), g.edges().size());
    // Every node can be clicked back to its (step, slot).
    for (const NodeInstance* n : cells(s)) {
        const int hit = hit_test(s, n->x + n->w * 0.5f, n->y + n->h * 0.5f);
        ASSERT_GE(hit, 0);
        EXPECT_EQ(s.nodes[hit].step, n->step);
        EXPECT_EQ(s.nodes[hit].slot, n->slot);
    }
    // Rows go down with the step, columns right with the slot.
    auto find = [&](int step, int slot) {
        for (const NodeInstance* n : cells(s))
            if (n->step == step && n->slot == slot) return n;
        return static_cast<const NodeInstance*>(nullptr);
    };
    ASSERT_TRUE(find(-1, 0) && find(0, 1) && find(4, 31));
    EXPECT_LT(find(-1, 0)->y, find(0, 1)->y);
    EXPECT_LT(find(0, 1)->x, find(4, 31)->x);
    ASSERT_NE(find(0, 0), nullptr);
    EXPECT_TRUE(find(0, 0)->pass);  // lane 0 writes nothing at d = 1: a pass-through
    EXPECT_FALSE(find(0, 1)->pass);
    // Between the cells (and on the current-step band) nothing is hit.
    const NodeInstance* a = find(-1, 0);
    EXPECT_EQ(hit_test(s, a->x + a->w * 1.07f, a->y + a->h * 0.5f), -1);
    EXPECT_EQ(hit_test(s, -5.0f, -5.0f), -1);
}

// A lesson shows the diagram as far as the run has gone: after step 1 of the warp scan, the initial
// row and the rows of steps 0 and 1, with their values and the edges into them; nothing of steps 2..4
// (no cell, no edge, no value, no row name).
TEST(DiagramScene, KeepsTheRowsUpToTheStepShown) {
    const Trace t = ramp_model("warp_conditional", 32);
    const DependencyGraph g(t);
    const Scene full = build_diagram_scene(t, g, 1, Selection{}, SceneStyle{});
    Scene s = full;
    keep_diagram_rows_up_to(s, 1);
    EXPECT_EQ(cells(s).size(), 3u * 32u);
    for (const NodeInstance* n : cells(s)) EXPECT_LE(n->step, 1);
    ASSERT_FALSE(s.edges.empty());
    for (const EdgeInstance& e : s.edges) EXPECT_LE(e.to_row, 1);
    EXPECT_LT(s.edges.size(), full.edges.size());
    for (const TextLabel& l : s.labels) {
        if (l.node >= 0) {
            ASSERT_LT(static_cast<size_t>(l.node), s.nodes.size());
            EXPECT_LE(s.nodes[static_cast<size_t>(l.node)].step, 1) << l.text;
        }
        EXPECT_NE(l.text, t.steps[4].label) << "a later step's row name";
    }
    Scene initial = full;
    keep_diagram_rows_up_to(initial, -1);
    EXPECT_EQ(cells(initial).size(), 32u);
    EXPECT_TRUE(initial.edges.empty());
}

TEST(DiagramScene, SelectionLightsTheConeAndTheReach) {
    const Trace t = ramp_model("warp_conditional", 32);
    const DependencyGraph g(t);
    const SceneStyle style;
    // Lane 5 after d = 2 (step 1) holds inputs 2..5.
    const Scene s = build_diagram_scene(t, g, 1, Selection{1, 5}, style);
    std::set<int> cone_inputs;
    std::set<std::pair<int, int>> reach_cells, expect_reach;
    for (const NodeInstance* n : cells(s)) {
        if (n->fill_rgba == style.cone_fill && n->step == -1) cone_inputs.insert(n->slot);
        if (n->fill_rgba == style.reach_fill && !n->pass) reach_cells.insert({n->step, n->slot});
        EXPECT_EQ(n->border_rgba == style.selected_border, n->step == 1 && n->slot == 5);
    }
    EXPECT_EQ(cone_inputs, (std::set<int>{2, 3, 4, 5}));
    for (int id : g.reach(1, 5))
        if (!(g.node(id).step == 1 && g.node(id).slot == 5))
            expect_reach.insert({g.node(id).step, g.node(id).slot});
    EXPECT_EQ(reach_cells, expect_reach);
    EXPECT_TRUE(reach_cells.count({2, 5}));   // d = 4: lane 5 adds lane 1 to itself
    EXPECT_FALSE(reach_cells.count({2, 6}));  // lane 6 is built from other partial sums
    const auto lit = std::count_if(s.edges.begin(), s.edges.end(),
                                   [&](const auto& e) { return e.rgba != style.edge_dim; });
    EXPECT_GT(lit, 0);
    // Lit edges are drawn last, on top of the dimmed ones.
    EXPECT_NE(s.edges.back().rgba, style.edge_dim);
}

// The highlights are roles in the scene (readers ask what a cell is, never compare colours),
// and a role and the colours the style gives it always agree: in the state view and the
// diagram of a run, at every step, with a cell selected at another step and at this one.
TEST(SceneRoles, AgreeWithTheColoursOfEveryCellAndEdge) {
    const Trace t = ramp_model("block_blelloch", 64);
    const DependencyGraph g(t);
    const SceneStyle style;
    const int steps = static_cast<int>(t.steps.size());
    for (int step = -1; step < steps; ++step) {
        for (const Selection sel : {Selection{}, Selection{step, 37}, Selection{steps / 2, 12}}) {
            SCOPED_TRACE("step " + std::to_string(step) + ", cell " + std::to_string(sel.step) + ":" +
                         std::to_string(sel.slot));
            const Scene d = build_diagram_scene(t, g, step, sel, style);
            const int selected = sel.valid() ? g.version_at(sel.step, sel.slot) : -1;
            int band = 0, chosen = 0;
            for (const NodeInstance& n : d.nodes) {
                band += n.role == Role::Band;
                if (n.role == Role::Band) {
                    EXPECT_EQ(n.fill_rgba, style.current_row);
                }
                if (n.slot < 0) continue;
                EXPECT_EQ(n.role == Role::Cone, n.fill_rgba == style.cone_fill) << n.step << ":" << n.slot;
                EXPECT_EQ(n.role == Role::Reach, n.fill_rgba == style.reach_fill) << n.step << ":" << n.slot;
                // The selected value keeps its own colours (written, when the step wrote it).
                if (n.role != Role::Selected) {
                    EXPECT_EQ(n.role == Role::Written, n.fill_rgba == style.written_fill)
                        << n.step << ":" << n.slot;
                }
                if (n.role == Role::Selected) {
                    ++chosen;
                    EXPECT_FALSE(n.pass);
                    EXPECT_EQ(n.step, g.node(selected).step);
                    EXPECT_EQ(n.slot, g.node(selected).slot);
                }
            }
            EXPECT_EQ(band, 1);
            EXPECT_EQ(chosen, selected >= 0 ? 1 : 0);
            for (const EdgeInstance& e : d.edges) {
                EXPECT_EQ(e.role == Role::Dim, e.rgba == style.edge_dim);
                if (e.role == Role::Cone) {
                    EXPECT_EQ(e.rgba, style.edge_lit);
                }
                if (e.role == Role::Reach) {
                    EXPECT_EQ(e.rgba, style.reach_fill);
                }
            }

            const Scene st = build_state_scene(t, step, sel, style);
            for (const NodeInstance* n : cells(st)) {
                EXPECT_EQ(n->role == Role::Selected, sel.valid() && n->slot == sel.slot && sel.step == step);
                if (n->role == Role::Written) {
                    EXPECT_EQ(n->fill_rgba, style.written_fill);
                }
                if (n->role == Role::None) {
                    EXPECT_NE(n->fill_rgba, style.written_fill);
                }
            }
        }
    }
}

TEST(Camera, FitShowsTheWholeSceneAndZoomAtKeepsThePointUnderTheCursor) {
    Scene s;
    s.width = 1000;
    s.height = 100;
    Camera cam = fit_camera(s, 500, 500, 10.0f);
    EXPECT_FLOAT_EQ(cam.zoom, 0.48f);
    EXPECT_NEAR(cam.to_px_x(0), 10.0f, 1e-3);
    EXPECT_NEAR(cam.to_px_x(1000), 490.0f, 1e-3);
    EXPECT_NEAR(cam.to_px_y(50), 250.0f, 1e-3);  // centred vertically
    const float wx = cam.to_world_x(123), wy = cam.to_world_y(321);
    cam.zoom_at(3.0f, 123, 321);
    EXPECT_NEAR(cam.zoom, 1.44f, 1e-5);
    EXPECT_NEAR(cam.to_world_x(123), wx, 1e-3);
    EXPECT_NEAR(cam.to_world_y(321), wy, 1e-3);
}

TEST(StateScene, AWideReduceDrawsOneBarAndOneArrowPerRowRead) {
    // 64 slots whose rows hold 8 (cols hint), packed 32 to a row on screen, and one
    // aggregate slot; one tile reduce reads all 64.
    Trace t;
    t.threads = 1;
    t.layout.regions.push_back(Region{"tile input", Space::Global, 0, 64, 0, 4, 8});
    t.layout.regions.push_back(Region{"tile aggregate", Space::Tiles, 64, 1});
    t.layout.slots = 65;
    t.layout.padding.assign(65, 0);
    t.initial_state.assign(65, 1.0);
    Step s;
    s.phase = s.label = "reduce";
    s.active_mask = {1u};
    std::vector<int> reads(64);
    for (int i = 0; i < 64; ++i) reads[i] = i;
    s.ops.push_back(Operation{0, OpKind::Reduce, reads, {64}, 63, 4});
    s.state = t.initial_state;
    s.state[64] = 64;
    t.steps.push_back(s);
    const SceneStyle style;
    const Scene scene = build_state_scene(t, 0, Selection{}, style);
    const auto heads =
        std::count_if(scene.edges.begin(), scene.edges.end(), [](const auto& e) { return e.head_px > 0; });
    EXPECT_EQ(heads, 2) << "one arrow per row of 32 cells read, not 64";
    const auto bars = std::count_if(scene.edges.begin(), scene.edges.end(), [](const auto& e) {
        return e.head_px == 0 && e.y0 == e.y1 && e.x1 - e.x0 > 100;
    });
    EXPECT_EQ(bars, 2);
    EXPECT_EQ(cells(scene).size(), 65u);
}
