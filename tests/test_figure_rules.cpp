// The teaching contract of the figures (issue 21), checked on the geometry core
// builds for the window, the exports and the web pages, without pixels:
//   - every step with a phase is linked to the source: the variant's kernel file
//     has `// step: <phase>` lines for it (what the source view highlights);
//   - a diagram edge joins a row to the next one, from the bottom of a cell to the
//     top of a cell; the Blelloch up-sweep has no crossing edges;
//   - cells never overlap, and a value is drawn at the style's full size in a cell
//     wide enough for it, so at the legible zoom it is at least min_text_px high;
//   - a large array is shown as a window of it, never shrunk.
// For every variant at its default n and at its largest n.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/analysis/diagram.hpp"
#include "core/figure/legible.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/models/variants.hpp"
#include "core/sass/source_lines.hpp"
#include "support/temp_files.hpp"

using namespace scanviz;
using namespace scanviz::figure;

namespace {

// The largest n a variant's check accepts (traces), tried from the top.
int largest_n(const VariantInfo& v) {
    for (int n : {65536, 4096, 2048, 1024, 512, 256, 128, 64, 32}) {
        RunSpec spec;
        spec.variant = std::string(v.id);
        spec.n = n;
        if (!v.check(spec)) return n;
    }
    return v.default_n;
}

Trace model_at(const VariantInfo& v, int n) {
    RunSpec spec;
    spec.variant = std::string(v.id);
    spec.n = n;
    if (v.segmented) {
        spec.heads.assign(static_cast<size_t>(n), 0);
        for (int i = 0; i < n; i += 7) spec.heads[static_cast<size_t>(i)] = 1;
    }
    return run_model(spec);
}

// The `// step:` tags of a kernel file, read by the parser the source and SASS views use.
std::vector<sass::StepTag> step_tags(const std::string& rel) {
    return sass::parse_step_tags(rel, test::read_file(std::filesystem::path(SCANVIZ_SOURCE_DIR) / rel));
}

bool has_tag(const std::vector<sass::StepTag>& tags, const std::string& phase) {
    return std::any_of(tags.begin(), tags.end(), [&](const sass::StepTag& t) { return t.names(phase); });
}

bool crosses(const EdgeInstance& a, const EdgeInstance& b) {
    auto orient = [](float ax, float ay, float bx, float by, float cx, float cy) {
        const float v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        return v > 1e-3f ? 1 : (v < -1e-3f ? -1 : 0);
    };
    const int o1 = orient(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0),
              o2 = orient(a.x0, a.y0, a.x1, a.y1, b.x1, b.y1);
    const int o3 = orient(b.x0, b.y0, b.x1, b.y1, a.x0, a.y0),
              o4 = orient(b.x0, b.y0, b.x1, b.y1, a.x1, a.y1);
    return o1 * o2 < 0 && o3 * o4 < 0;  // proper crossings; a shared end is not one
}

// No two cells of a scene overlap.
void expect_no_overlap(const Scene& s, const std::string& what) {
    std::vector<const NodeInstance*> c;
    for (const auto& n : s.nodes)
        if (n.slot >= 0) c.push_back(&n);
    std::sort(c.begin(), c.end(), [](auto* a, auto* b) { return a->y != b->y ? a->y < b->y : a->x < b->x; });
    for (size_t i = 0; i < c.size(); ++i)
        for (size_t j = i + 1; j < c.size() && c[j]->y < c[i]->y + c[i]->h; ++j) {
            const bool overlap = c[j]->x < c[i]->x + c[i]->w && c[i]->x < c[j]->x + c[j]->w;
            ASSERT_FALSE(overlap) << what << ": cells " << c[i]->slot << " and " << c[j]->slot << " overlap";
        }
}

// Every value label is drawn at the full value size, fits its cell, and lies inside the scene.
void expect_values_legible(const Scene& s, const SceneStyle& style, const std::string& what) {
    int values = 0;
    for (const TextLabel& l : s.labels) {
        if (l.node < 0) continue;
        ++values;
        const NodeInstance& n = s.nodes[static_cast<size_t>(l.node)];
        ASSERT_EQ(l.size, style.text_size) << what << ": slot " << n.slot << " value shrunk";
        ASSERT_LE(0.62f * l.size * static_cast<float>(l.text.size()), n.w + 0.01f)
            << what << ": value '" << l.text << "' wider than its cell";
        ASSERT_GE(n.h * legible_zoom(style), style.min_cell_px - 0.01f);
        ASSERT_GE(l.size * legible_zoom(style), style.min_text_px - 0.01f);
    }
    EXPECT_GT(values, 0) << what;
    for (const auto& n : s.nodes) {
        ASSERT_LE(n.x + n.w, s.width + 0.01f) << what;
        ASSERT_LE(n.y + n.h, s.height + 0.01f) << what;
    }
}

}  // namespace

TEST(FigureRules, EveryPhaseOfEveryVariantIsLinkedToItsSource) {
    for (const VariantInfo& v : all_variants()) {
        SCOPED_TRACE(std::string(v.id));
        ASSERT_FALSE(v.source_file.empty());
        const std::vector<sass::StepTag> tags = step_tags(std::string(v.source_file));
        ASSERT_FALSE(tags.empty()) << v.source_file << " has no `// step:` tags (or cannot be read)";
        // Every step of a run (default n, exclusive too) names a tagged phase.
        for (bool exclusive : {false, true}) {
            RunSpec spec;
            spec.variant = std::string(v.id);
            spec.n = v.default_n;
            spec.exclusive = exclusive;
            if (v.segmented)
                spec.heads = std::vector<uint8_t>(static_cast<size_t>(spec.n), 0), spec.heads[0] = 1;
            const Trace t = run_model(spec);
            for (const Step& s : t.steps)
                EXPECT_TRUE(has_tag(tags, s.phase))
                    << v.source_file << " has no `// step: " << s.phase << "` line";
        }
    }
}

TEST(FigureRules, DiagramEdgesJoinConsecutiveRowsAndCellsStayLegible) {
    for (const VariantInfo& v : all_variants()) {
        for (int n : {v.default_n, largest_n(v)}) {
            for (bool presentation : {false, true}) {
                const std::string what =
                    std::string(v.id) + " n = " + std::to_string(n) + (presentation ? " (presentation)" : "");
                SCOPED_TRACE(what);
                const Trace t = model_at(v, n);
                const DependencyGraph g(t);
                const SceneStyle style = presentation ? SceneStyle::presentation_style() : SceneStyle{};
                const int step = static_cast<int>(t.steps.size()) / 2;
                const FigureWindow dw = focus_window(t, step, {}, 256);
                const Scene d = build_diagram_scene(t, g, step, {}, style, nullptr, dw);
                // Row tops and bottoms of the cells.
                std::map<int, std::pair<float, float>> rows;
                for (const auto& c : d.nodes)
                    if (c.slot >= 0) rows[c.step] = {c.y, c.y + c.h};
                ASSERT_EQ(rows.size(), t.steps.size() + 1);
                for (const auto& e : d.edges) {
                    ASSERT_EQ(e.from_row + 1, e.to_row) << what;
                    ASSERT_FLOAT_EQ(e.y0, rows.at(e.from_row).second);
                    ASSERT_FLOAT_EQ(e.y1, rows.at(e.to_row).first);
                }
                expect_no_overlap(d, what + " diagram");
                expect_values_legible(d, style, what + " diagram");
                const FigureWindow sw = focus_window(t, step, {}, 512);
                const Scene s = build_state_scene(t, step, {}, style, sw);
                expect_no_overlap(s, what + " state");
                expect_values_legible(s, style, what + " state");
                // A window of at most 512 state slots and 256 diagram columns, whole bank rows.
                if (t.layout.slots > 512) {
                    EXPECT_EQ(sw.count, 512);
                    EXPECT_TRUE(sw.first % 32 == 0 || sw.first + sw.count == t.layout.slots);
                }
            }
        }
    }
}

TEST(FigureRules, BlellochUpSweepIsATreeWithoutCrossings) {
    for (const char* id : {"block_blelloch", "block_blelloch_padded"}) {
        for (int n : {16, 64, 2048}) {
            RunSpec spec;
            spec.variant = id;
            spec.n = n;
            spec.exclusive = true;
            const Trace t = run_model(spec);
            const DependencyGraph g(t);
            const Scene d =
                build_diagram_scene(t, g, 0, {}, SceneStyle{}, nullptr, focus_window(t, 0, {}, 256));
            int up_edges = 0;
            for (size_t i = 0; i < d.edges.size(); ++i) {
                const EdgeInstance& a = d.edges[i];
                if (t.steps[static_cast<size_t>(a.to_row)].phase != "up-sweep") continue;
                ++up_edges;
                for (size_t j = i + 1; j < d.edges.size(); ++j) {
                    if (d.edges[j].to_row == a.to_row) {
                        ASSERT_FALSE(crosses(a, d.edges[j])) << id << " n = " << n << ": up-sweep edges cross";
                    }
                }
            }
            EXPECT_GT(up_edges, 0);
            // Each up-sweep step combines pairs: two edges per value written.
            int values = 0;
            for (const auto& c : d.nodes)
                values += c.slot >= 0 && !c.pass && c.step >= 0 &&
                          t.steps[static_cast<size_t>(c.step)].phase == "up-sweep";
            EXPECT_EQ(up_edges, 2 * values) << id << " n = " << n;
        }
    }
}

TEST(FigureRules, LegibleCameraShowsAWindowAtTheLegibleZoomAndFitsSmallFigures) {
    RunSpec spec;
    spec.variant = "block_blelloch";
    spec.n = 2048;
    const Trace t = run_model(spec);
    const SceneStyle style = SceneStyle::presentation_style();
    const FigureWindow w = focus_window(t, 3, {}, 512);
    const Scene s = build_state_scene(t, 3, {}, style, w);
    const Camera cam = legible_camera(s, style, 1900, 400, focus_box(s, {}, 3));
    EXPECT_FLOAT_EQ(cam.zoom, legible_zoom(style));  // too large to fit: never shrunk
    // A warp fits whole in a wide view: a fit, not magnified beyond the cap.
    spec.variant = "warp_conditional";
    spec.n = 32;
    const Trace wt = run_model(spec);
    const Scene ws = build_state_scene(wt, 1, {}, SceneStyle{});
    const Camera wc = legible_camera(ws, SceneStyle{}, 3000, 2000, focus_box(ws, {}, 1));
    EXPECT_GE(wc.zoom, legible_zoom(SceneStyle{}));
    EXPECT_LE(wc.zoom, 1.6f);
    // The overview marks the window and the written cells.
    const Overview o = build_overview(t, 3, w, style, 1000, 20);
    EXPECT_LT(o.frame_x0, o.frame_x1);
    EXPECT_EQ(o.slot_at(o.frame_x0 + 1, t.layout.slots) / 32, w.first / 32);
}

TEST(FigureRules, BankPictureStacksTheLanesThatCollide) {
    RunSpec spec;
    spec.variant = "block_blelloch";
    spec.n = 128;
    const Trace t = run_model(spec);
    // Up-sweep step 2 (offset 4): lane i reads words 8i + 3 and 8i + 7, so lanes 0, 4, 8, ... share a bank.
    const Scene s = build_bank_scene(t, 2, 0, SceneStyle{});
    bool degree_shown = false;
    for (const TextLabel& l : s.labels) degree_shown |= l.text.find("conflict degree 4") != std::string::npos;
    EXPECT_TRUE(degree_shown);
    expect_no_overlap(s, "bank picture");
}

// The identity of an int32 exclusive max (min) is -2^31 (2^31 - 1): its cell reads "-2³¹"
// ("2³¹-1") and the cells stay as narrow as the other values need, so one identity does not
// make every cell eleven characters wide and push the figure off the screen.
TEST(FigureRules, Int32ExtremesKeepTheCellsNarrow) {
    for (const Op op : {Op::Max, Op::Min}) {
        RunSpec spec;
        spec.variant = "block_blelloch";
        spec.n = 64;
        spec.op = op;
        spec.exclusive = true;
        const Trace ex = run_model(spec);
        spec.exclusive = false;
        const Trace in = run_model(spec);
        const int last = static_cast<int>(ex.steps.size()) - 1;
        const Scene se = build_state_scene(ex, last, {}, SceneStyle{});
        const Scene si = build_state_scene(in, last, {}, SceneStyle{});
        const std::string identity = op == Op::Max ? "-2\u00b3\u00b9" : "2\u00b3\u00b9-1";
        EXPECT_TRUE(std::any_of(se.labels.begin(), se.labels.end(),
                                [&](const TextLabel& l) { return l.slot >= 0 && l.text == identity; }))
            << "no cell reads " << identity;
        // Random int32 inputs are 0..9: one or two digits, so the identity's five glyphs at most.
        float widest_ex = 0, widest_in = 0;
        for (const auto& n : se.nodes)
            if (n.slot >= 0) widest_ex = std::max(widest_ex, n.w);
        for (const auto& n : si.nodes)
            if (n.slot >= 0) widest_in = std::max(widest_in, n.w);
        EXPECT_LE(widest_ex, widest_in * 2.0f) << "the identity widened every cell";
        EXPECT_LT(widest_ex, SceneStyle{}.text_size * 0.62f * 8) << "cells as wide as -2147483648";
    }
}

// A window the person moves (the overview strip's keys and clicks, here and on the web page):
// whole rows of 32, within the run, its last columns reachable (2049 slots: the exclusive
// Blelloch's), the same window again for its own start; a moved window is kept, else the view
// follows the step and the selection.
TEST(FigureRules, AMovedWindowStaysWithinTheRunAndIsStable) {
    RunSpec spec;
    spec.variant = "block_blelloch";
    spec.n = 2048;
    spec.exclusive = true;
    ASSERT_FALSE(validate_and_resolve(spec));
    const Trace t = run_model(spec);
    const int slots = t.layout.slots, count = kDiagramWindowSlots;
    ASSERT_EQ(slots % 32, 1);
    EXPECT_EQ(window_from(t, 0, count).first, 0);
    EXPECT_EQ(window_from(t, 45, count).first, 32);
    EXPECT_EQ(window_from(t, -50, count).first, 0);
    EXPECT_EQ(window_from(t, slots, count).first, slots - count);  // End: the last columns
    EXPECT_TRUE(window_from(t, slots, count).contains(slots - 1));
    for (int first : {0, 45, 500, 1700, 1792, 1793, 1800, 5000}) {
        const FigureWindow w = window_from(t, first, count);
        EXPECT_EQ(w.count, count);
        EXPECT_GE(w.first, 0);
        EXPECT_LE(w.first + w.count, slots);
        EXPECT_EQ(window_from(t, w.first, count).first, w.first) << first;
    }
    for (int slot : {0, 700, 2048}) {
        const FigureWindow w = window_at(t, slot, count);
        EXPECT_TRUE(w.contains(slot)) << slot;
        EXPECT_EQ(window_from(t, w.first, count).first, w.first) << slot;
    }
    // Moved: kept, selection or not; not moved: the step's or the selection's window.
    EXPECT_EQ(view_window(t, 3, Selection{3, 1500}, 64, count).first, 64);
    EXPECT_EQ(view_window(t, 3, Selection{3, 1500}, -1, count).first,
              focus_window(t, 3, Selection{3, 1500}, count).first);
    EXPECT_TRUE(view_window(t, 3, Selection{3, 1500}, -1, count).contains(1500));
    EXPECT_TRUE(view_window(t, 3, {}, -1, 4096).all());
}
