// The data of one trace's web page: what the window shows for a trace, as JSON the
// page's script (web/scanviz.js) reads. Every figure is computed here from the
// trace (metrics.hpp, diagram.hpp) and every drawing is a scene from trace_scene.hpp,
// the code the window and its SVG export use.
//
//   {"format": "scanviz-page", "version": 1, "id", "variant": {id, title, level, description},
//    "spec": {n, op, type, exclusive, threads, blocks, items_per_thread},
//    "badge": {"kind", "text"}, "slots", "output",
//    "steps": [{label, phase, barrier, active, threads, ops, work, span_so_far,
//               max_conflict_degree, conflicted_groups, bank_cycles, shared_reads, shared_writes}],
//    "totals": {steps, work, span, sequential_work, max_conflict_degree},
//    "values": [initial state, state after step 1, ...],          (steps + 1 rows of `slots` values)
//    "state": [scene of the initial state, scene of step 1, ...],  (figure_json.hpp, no selection)
//    "diagram": {"scene": the diagram with no current step and no selection, without its edges
//                         (node i = graph node i; the first row_labels labels name the rows),
//                "links": [count, from, dfrom, to, dto, colour, ...]: runs of graph edges in order; a run
//                         is `count` edges, the k-th from node from + k*dfrom to node to + k*dto,
//                         in palette colour `colour` (decode_links below),
//                "bands": [[x, y, w, h], ...] (the current-step band of rows -1 .. steps - 1),
//                "row_labels": steps + 1},
//    "style": figure::style_to_json}
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/figure/trace_scene.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::publish {

inline constexpr int kPageFormatVersion = 1;

// The page data of a trace as shown (its source already says where it came from:
// see as_recorded in trace_badge.hpp). Without `with_states`, "state" is null and the
// page asks for one step's scene when it shows it (state_scene_data; the browser's module
// does, which keeps a page of a 2048-element run small and quick to make).
nlohmann::json trace_page_data(const Trace& trace, const figure::SceneStyle& style = {},
                               bool with_states = true);

// The scene of the state after trace step `step` (-1: the initial state), as "state" holds it.
nlohmann::json state_scene_data(const Trace& trace, int step, const figure::SceneStyle& style = {});

// The graph edges [from, to, palette colour] that a page's "links" runs stand for.
std::vector<std::array<int, 3>> decode_links(const nlohmann::json& links);

// File name stem of a trace's page: "warp_conditional-add-i32-inclusive-n32".
std::string trace_page_id(const Trace& trace);

}  // namespace scanviz::publish
