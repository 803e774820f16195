// The data of one trace's web page: what the window shows for a trace, as JSON the
// page's script (web/scanviz.js) reads. Every figure is computed here from the
// trace (metrics.hpp, diagram.hpp) and every drawing is a scene from trace_scene.hpp,
// the code the window uses, which the browser's module keeps and writes as SVG with the
// window's SVG writer (figure/svg.hpp) when the page shows it.
//
//   {"format": "scanviz-page", "version": 3, "id", "variant": {id, title, level, description},
//    "spec": {n, op, type, exclusive, threads, blocks, items_per_thread},
//    "badge": {"kind", "text"}, "slots", "output",
//    "steps": [{label, phase, barrier, active, threads, ops, work, span_so_far,
//               max_conflict_degree, conflicted_groups, bank_cycles, shared_reads, shared_writes}],
//    "totals": {steps, work, span, sequential_work, max_conflict_degree},
//    "window_slots": the most diagram columns one view shows (figure::kDiagramWindowSlots),
//    "values": [initial state, state after step 1, ...] or null,   (steps + 1 rows of `slots` values)
//    "style": figure::style_to_json}
//
// The diagram is not in it: like the window, the page draws a legible window of at most
// window_slots columns, for the step and cell shown, and an overview strip of the whole
// array that moves the window. diagram_view makes one such view (the browser's module
// answers the page's "view" requests with it), so a 2048-element run draws 256 columns, not
// the 25 x 2049 cells of the whole textbook diagram.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/diagram.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::publish {

inline constexpr int kPageFormatVersion = 3;

// The page data of a trace as shown (its source already says where it came from:
// see as_recorded in run/badge.hpp). Without `with_values`, "values" is null (the browser's
// module leaves them out, which keeps a page of a 2048-element run small and quick to make).
nlohmann::json trace_page_data(const Trace& trace, const figure::SceneStyle& style = {},
                               bool with_values = true);

// The scene of the state after trace step `step` (-1: the initial state), as the page shows
// it; with `selected_slot` >= 0, that cell marked as the window marks the clicked cell.
// Throws std::invalid_argument when there is no such step.
figure::Scene state_scene(const Trace& trace, int step, const figure::SceneStyle& style = {},
                          int selected_slot = -1);

// What the page asks to see of the diagram: the step shown (-1: the initial state), the cell
// clicked, the start of a window the person moved (-1: none, the window follows the step and
// the cell as the window's does: figure::view_window), and the overview strip's width in
// pixels (0: no strip); `strip_x` >= 0 is a click (or drag) in the strip at that pixel,
// which moves the window there (figure::window_at, as the window's strip does).
struct DiagramRequest {
    int step = -1;
    figure::Selection selection;
    int moved_first = -1;
    float strip_width = 0.0f;
    float strip_x = -1.0f;
};

// One view of the diagram: its scenes and what the page needs besides them.
struct DiagramView {
    // build_diagram_scene of the window, current step and selection: node 0 the current-step
    // band, then the cells, then the markers of edges from outside the window; edges in
    // drawing order, row names the first labels.
    figure::Scene scene;
    // The overview strip (figure::build_overview), when the window does not hold every column
    // and a strip was asked for.
    std::optional<figure::Scene> strip;
    //   {"window": {"first", "count", "slots", "moved"}   (count = slots when every column fits;
    //                                                      moved: the person's window, which the
    //                                                      page keeps until the step changes or a
    //                                                      cell outside it is selected),
    //    "focus": [x0, y0, x1, y1] of figure::focus_box (the cells to keep in view) or null,
    //    "selection": null or {"value", "node", "inputs", "outputs"} (the clicked cell's value, the
    //                 scene node of that value's graph node (-1: outside the window), the inputs
    //                 its cone holds and the outputs its reach feeds, as the window's line says),
    //    "overview": null (no strip) or {"frame": [x0, x1] (the window, in strip pixels), "height"}}
    nlohmann::json data;
};
DiagramView diagram_view(const Trace& trace, const DependencyGraph& graph, const DiagramRequest& request,
                         const figure::SceneStyle& style = {});

// File name stem of a trace's page: "warp_conditional-add-i32-inclusive-n32".
std::string trace_page_id(const Trace& trace);

}  // namespace scanviz::publish
