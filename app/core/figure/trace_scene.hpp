// trace_scene: the ONE place that turns a trace into scenes (state view and
// dependency diagram) for the window, its PNG/SVG export and the published web
// page. Plain C++ (no GL): testable without a display.
#pragma once

#include <cstdint>

#include "core/analysis/diagram.hpp"
#include "core/figure/scene.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::figure {

struct SceneStyle {
    bool presentation = false;  // large type, high contrast (lecture halls)

    // Geometry in world units (pixels at zoom 1).
    float cell_w = 40.0f;
    float cell_h = 28.0f;
    float text_size = 14.0f;   // values in cells
    float small_text = 10.0f;  // slot indices, region names
    float border_px = 1.0f;
    float edge_px = 1.25f;
    float head_px = 7.0f;

    uint32_t background = rgba(255, 255, 255);
    uint32_t text = rgba(20, 20, 28);
    uint32_t muted_text = rgba(110, 110, 120);
    uint32_t cell_fill = rgba(236, 240, 246);
    uint32_t cell_border = rgba(120, 128, 140);
    uint32_t written_fill = rgba(255, 196, 64);  // cells written in this step
    uint32_t written_border = rgba(170, 100, 0);
    uint32_t inactive_fill = rgba(200, 200, 204);  // lanes / threads that did nothing this step
    uint32_t padding_fill = rgba(250, 236, 210);   // zero-pad and bank-pad slots
    uint32_t padding_border = rgba(200, 170, 120);
    uint32_t selected_border = rgba(220, 30, 60);
    uint32_t cone_fill = rgba(110, 170, 255);   // values the selection depends on
    uint32_t reach_fill = rgba(120, 220, 140);  // values the selection feeds
    uint32_t edge = rgba(90, 96, 110, 200);
    uint32_t edge_copy = rgba(60, 140, 200, 200);
    uint32_t edge_swap = rgba(190, 80, 170, 220);
    uint32_t edge_tile = rgba(120, 90, 40, 200);
    uint32_t edge_dim = rgba(160, 164, 172, 90);  // edges outside a lit cone/reach
    uint32_t edge_lit = rgba(30, 80, 200, 255);
    uint32_t edge_hazard = rgba(225, 30, 45, 255);  // race lab: an edge a missing barrier puts at risk
    uint32_t current_row = rgba(255, 240, 190);  // band behind the current step's row
    uint32_t active_lane = rgba(90, 180, 110);
    uint32_t inactive_lane = rgba(205, 205, 210);

    // The presentation variant of this style: larger cells and type, stronger contrast.
    static SceneStyle presentation_style();
};

struct Selection {
    int step = -1;  // a clicked cell: its step (-1 = initial state) ...
    int slot = -1;  // ... and slot; slot < 0 = nothing selected
    bool valid() const { return slot >= 0; }
};

// The array / lanes at `step` (-1 = the initial state): one block per region of the
// layout (shared memory with its padding, registers per lane, tile aggregate /
// prefix / status), values in the cells, the cells written in the step highlighted,
// curved arrows from the slots each operation read, a strip of lane markers with
// inactive lanes greyed. Throws std::out_of_range when step is not -1..steps-1.
Scene build_state_scene(const Trace& trace, int step, const Selection& selection, const SceneStyle& style);

// The whole run: row 0 the initial state, row k + 1 the values step k wrote, one
// column per slot; an edge per operand (combine, copy, swap, tile op); the row of
// `current_step` highlighted; the selected cell's cone and reach lit.
// `graph` must be DependencyGraph(trace). `hazard_edges` (sorted edge ids of
// `graph`, from core/race/hazards.hpp) are drawn thick in the hazard colour, the rest dimmed.
Scene build_diagram_scene(const Trace& trace, const DependencyGraph& graph, int current_step,
                          const Selection& selection, const SceneStyle& style,
                          const std::vector<int>* hazard_edges = nullptr);

// The band build_diagram_scene draws behind the row of `step` (-1 = the initial
// state) when it is the current step: a decoration node (slot -1).
NodeInstance diagram_row_band(const DependencyGraph& graph, int step, const SceneStyle& style);

}  // namespace scanviz::figure
