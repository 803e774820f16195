// The data of one trace's web page: what the window shows for a trace, as JSON the
// page's script (web/scanviz.js) reads. Every figure is computed here from the
// trace (metrics.hpp, diagram.hpp) and every drawing is a scene from trace_scene.hpp,
// the code the window and its SVG export use.
//
//   {"format": "scanviz-page", "version": 2, "id", "variant": {id, title, level, description},
//    "spec": {n, op, type, exclusive, threads, blocks, items_per_thread},
//    "badge": {"kind", "text"}, "slots", "output",
//    "steps": [{label, phase, barrier, active, threads, ops, work, span_so_far,
//               max_conflict_degree, conflicted_groups, bank_cycles, shared_reads, shared_writes}],
//    "totals": {steps, work, span, sequential_work, max_conflict_degree},
//    "window_slots": the most diagram columns one view shows (figure::kDiagramWindowSlots),
//    "values": [initial state, state after step 1, ...] or null,   (steps + 1 rows of `slots` values)
//    "state": [scene of the initial state, scene of step 1, ...] or null,  (figure_json.hpp, no selection)
//    "style": figure::style_to_json}
//
// The diagram is not in it: like the window, the page draws a legible window of at most
// window_slots columns, for the step and cell shown, and an overview strip of the whole
// array that moves the window. diagram_view_data makes one such view (the browser's module
// answers the page's "view" requests with it), so a 2048-element run sends 256 columns, not
// the 25 x 2049 cells of the whole textbook diagram.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/analysis/diagram.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::publish {

inline constexpr int kPageFormatVersion = 2;

// The page data of a trace as shown (its source already says where it came from:
// see as_recorded in run/badge.hpp). Without `with_states`, "values" and "state" are null
// and the page asks for one step's scene when it shows it (state_scene_data; the browser's
// module does, which keeps a page of a 2048-element run small and quick to make).
nlohmann::json trace_page_data(const Trace& trace, const figure::SceneStyle& style = {},
                               bool with_states = true);

// The scene of the state after trace step `step` (-1: the initial state), as "state" holds it;
// with `selected_slot` >= 0, that cell marked as the window marks the clicked cell.
nlohmann::json state_scene_data(const Trace& trace, int step, const figure::SceneStyle& style = {},
                                int selected_slot = -1);
// The same as JSON text (figure::scene_json_text): what the browser's module sends.
std::string state_scene_text(const Trace& trace, int step, const figure::SceneStyle& style = {},
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

// One view of the diagram:
//   {"window": {"first", "count", "slots", "moved"}   (count = slots when every column fits;
//                                                      moved: the person's window, which the
//                                                      page keeps until the step changes or a
//                                                      cell outside it is selected),
//    "scene": build_diagram_scene of that window, current step and selection (figure_json.hpp):
//             node 0 the current-step band, then the cells (data-slot), then the markers of
//             edges from outside the window; edges in drawing order, row names the first labels,
//    "focus": [x0, y0, x1, y1] of figure::focus_box (the cells to keep in view) or null,
//    "selection": null or {"value", "node", "inputs", "outputs"} (the clicked cell's value, the
//                 scene node of that value's graph node (-1: outside the window), the inputs
//                 its cone holds and the outputs its reach feeds, as the window's line says),
//    "overview": null (every column shown, or no strip asked for) or
//                {"strip": scene of figure::build_overview, "frame": [x0, x1], "height"}}
nlohmann::json diagram_view_data(const Trace& trace, const DependencyGraph& graph, const DiagramRequest& request,
                                 const figure::SceneStyle& style = {});
// The same view as JSON text, written without building the scenes' JSON values (the
// browser's module answers with it; diagram_view_data parses it).
std::string diagram_view_text(const Trace& trace, const DependencyGraph& graph, const DiagramRequest& request,
                              const figure::SceneStyle& style = {});

// File name stem of a trace's page: "warp_conditional-add-i32-inclusive-n32".
std::string trace_page_id(const Trace& trace);

}  // namespace scanviz::publish
