// trace_scene: the ONE place that turns a trace into scenes (state view and
// dependency diagram) for the window, its PNG/SVG export and the published web
// page. Plain C++ (no GL): testable without a display.
#pragma once

#include <cstdint>

#include "core/analysis/diagram.hpp"
#include "core/analysis/hazard.hpp"
#include "core/figure/scene.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::figure {

struct SceneStyle {
    bool presentation = false;  // large type, high contrast (lecture halls)

    // Geometry in world units (pixels at zoom 1).
    float cell_w = 26.0f;  // at least; wider when the run's values need it
    float cell_h = 28.0f;
    float text_size = 14.0f;   // values in cells
    float small_text = 12.0f;  // slot indices, region names, row names
    float border_px = 1.0f;
    float edge_px = 1.25f;
    float head_px = 7.0f;
    // Legibility (core/figure/legible.hpp): on screen a cell is never shorter than
    // min_cell_px nor its value smaller than min_text_px.
    float min_cell_px = 24.0f;
    float min_text_px = 12.0f;

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
    uint32_t pass_fill = rgba(248, 249, 251);       // diagram: a cell the step did not change
    uint32_t pass_border = rgba(200, 204, 212);
    uint32_t pass_text = rgba(120, 124, 134);
    uint32_t edge_out = rgba(150, 90, 200, 220);  // an edge to or from a slot outside the window
    uint32_t current_row = rgba(255, 240, 190);   // band behind the current step's row
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

// A learner's hazards drawn on the state view and the diagram (Your kernel): the racing pairs of
// accesses, placed on the trace drawn (core/race/placed_hazards.hpp). A pair is drawn at the steps
// of its two accesses: the read as the edge it feeds (an arc in the state view, the diagram's edge
// from the value read), the write as the cell it lands in; both Role::Hazard. With `picked` >= 0
// (a hazard clicked in the Your-kernel panel) that pair alone is drawn so.
struct HazardPairs {
    std::vector<Hazard> pairs;
    int picked = -1;
    bool empty() const { return pairs.empty(); }
    // The pairs drawn: every one, or the picked one.
    std::vector<Hazard> drawn() const;
};

// The text a cell shows for value `v`: int32 in full, except its extremes (the identities of
// exclusive max and min), written -2³¹ and 2³¹-1 so that one of them does not widen every cell;
// float32 to four significant digits.
std::string cell_text(double v, ElemType type);

// The array / lanes at `step` (-1 = the initial state): one block per region of the
// layout (shared memory with its padding, registers per lane, tile aggregate /
// prefix / status), values in the cells, the cells written in the step highlighted,
// curved arrows from the slots each operation read, a strip of lane markers with
// inactive lanes greyed. Throws std::out_of_range when step is not -1..steps-1.
// Shared memory and other large regions are laid out 32 slots to a row (a column
// is a bank), with the bank numbers above and each row's first word at its left.
// `window`: the slots of large regions drawn (regions of at most 64 slots are always
// drawn whole); the rest are left out with a line saying how many.
struct FigureWindow;
Scene build_state_scene(const Trace& trace, int step, const Selection& selection, const SceneStyle& style);
Scene build_state_scene(const Trace& trace, int step, const Selection& selection, const SceneStyle& style,
                        const FigureWindow& window, const HazardPairs* hazards = nullptr);

// The textbook diagram of the whole run (GPU Gems 3, figs. 39-2 to 39-4): row 0
// the initial state, row k + 1 the whole array after step k, one column per slot.
// A cell the step wrote is a value node; a cell it did not change is a faint
// pass-through showing the same value. Every edge joins a row to the next one:
// an operand read in step k goes from row k (the value as the step found it,
// a pass-through when written earlier) to row k + 1. The row of `current_step`
// is highlighted; the selected cell's cone and reach are lit, pass-throughs on
// their paths included (with the vertical pass edges that carry the value).
// `graph` must be DependencyGraph(trace). `hazard_edges` (sorted edge ids of
// `graph`, from core/race/hazards.hpp, which the caller includes) are drawn thick in the hazard colour, the rest dimmed.
// `window` limits the columns drawn; an edge from a slot outside it starts at the
// window's edge with a marker. Node order: the graph's value nodes in id order
// (those in the window), then the pass-throughs; a current-row band comes first.
Scene build_diagram_scene(const Trace& trace, const DependencyGraph& graph, int current_step,
                          const Selection& selection, const SceneStyle& style,
                          const std::vector<int>* hazard_edges = nullptr);
// `hazards`: a learner's racing pairs (HazardPairs), drawn as the race lab draws a built-in's:
// their edges (hazard_edges of the pairs drawn) thick in the hazard colour, the rest dimmed, and
// the cell each racing write lands in outlined, Role::Hazard. Ignored when `hazard_edges` is given.
Scene build_diagram_scene(const Trace& trace, const DependencyGraph& graph, int current_step,
                          const Selection& selection, const SceneStyle& style,
                          const std::vector<int>* hazard_edges, const FigureWindow& window,
                          const HazardPairs* hazards = nullptr);

// The diagram as far as the run has gone (a lesson shows no step before it runs): the rows of
// steps after `step` left out, with their cells, the edges into them, their values and their row
// names. `step` -1 keeps the initial row only.
void keep_diagram_rows_up_to(Scene& scene, int step);

// Index in build_diagram_scene's nodes (no band, every column) of the cell at
// (step, slot), for every cell: [(step + 1) * slots + slot]. The graph's nodes keep
// their ids; pass-throughs follow. What the web page draws its links between.
std::vector<int> diagram_cell_index(const DependencyGraph& graph);

// The bank picture of one warp in `step` (lesson 4): the 32 banks as columns, each
// shared-memory access of the warp's lanes placed in its bank, lanes that hit
// different words of one bank stacked in its column, the conflict degree beside it.
// `warp` counts from 0; the reads and the writes of the step are drawn as two grids.
Scene build_bank_scene(const Trace& trace, int step, int warp, const SceneStyle& style);

// The band build_diagram_scene draws behind the row of `step` (-1 = the initial
// state) when it is the current step: a decoration node (slot -1).
NodeInstance diagram_row_band(const Trace& trace, const DependencyGraph& graph, int step,
                              const SceneStyle& style);

}  // namespace scanviz::figure
