#include "core/figure/trace_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace scanviz::figure {
namespace {

// More cells than this in one region of the state view are not drawn (a whole-array
// trace may hold millions of slots); a label says how many were left out.
constexpr int kMaxStateCells = 16384;
// Region rows wrap after this many cells when the layout gives no column hint.
constexpr int kDefaultWrap = 64;
// Value labels are left out of diagrams with more nodes than this.
constexpr size_t kMaxDiagramLabels = 200000;
constexpr int kArcSegments = 10;
// Operations reading more slots than this draw one arrow per row of cells read.
constexpr size_t kMaxArrowsPerOp = 4;

std::string format_value(double v, ElemType type) {
    char buf[32];
    if (type == ElemType::I32) {
        std::snprintf(buf, sizeof buf, "%.0f", v);
    } else {
        std::snprintf(buf, sizeof buf, "%.4g", v);
    }
    return buf;
}

// Text height that lets `text` fit in a cell `w` wide (about 0.6 em per glyph).
float fitted_size(const std::string& text, float base, float w) {
    const float fit = w * 0.92f / (0.6f * static_cast<float>(std::max<size_t>(text.size(), 1)));
    return std::min(base, fit);
}

uint32_t edge_colour(EdgeKind kind, const SceneStyle& style) {
    switch (kind) {
        case EdgeKind::Operand:
            return style.edge;
        case EdgeKind::Copy:
            return style.edge_copy;
        case EdgeKind::SwapMove:
        case EdgeKind::SwapCombine:
            return style.edge_swap;
        case EdgeKind::Tile:
            return style.edge_tile;
    }
    return style.edge;
}

EdgeKind op_edge_kind(OpKind kind) {
    switch (kind) {
        case OpKind::Combine:
            return EdgeKind::Operand;
        case OpKind::Copy:
            return EdgeKind::Copy;
        case OpKind::Swap:
            return EdgeKind::SwapCombine;
        default:
            return EdgeKind::Tile;
    }
}

struct Box {
    float x = 0, y = 0, w = 0, h = 0;
    float cx() const { return x + w * 0.5f; }
    float cy() const { return y + h * 0.5f; }
};

// A curved arrow from box a to box b as a quadratic Bezier in kArcSegments pieces;
// it bends to the left of the direction a -> b (above the row for a left-to-right
// arrow), so the two arrows of a swap bend apart.
void add_arc(Scene& scene, const Box& a, const Box& b, uint32_t colour, const SceneStyle& style) {
    const float dx = b.cx() - a.cx(), dy = b.cy() - a.cy();
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    const float nx = dy / len, ny = -dx / len;  // left normal (y down)
    auto anchor = [&](const Box& box) {
        if (std::abs(ny) >= 0.5f) return std::pair{box.cx(), ny < 0 ? box.y : box.y + box.h};
        return std::pair{nx < 0 ? box.x : box.x + box.w, box.cy()};
    };
    const auto [x0, y0] = anchor(a);
    const auto [x1, y1] = anchor(b);
    const float bend = std::min(0.5f * len, 2.4f * style.cell_h);
    const float cx = 0.5f * (x0 + x1) + nx * bend, cy = 0.5f * (y0 + y1) + ny * bend;
    float px = x0, py = y0;
    for (int i = 1; i <= kArcSegments; ++i) {
        const float t = static_cast<float>(i) / kArcSegments, u = 1.0f - t;
        const float qx = u * u * x0 + 2 * u * t * cx + t * t * x1;
        const float qy = u * u * y0 + 2 * u * t * cy + t * t * y1;
        scene.edges.push_back(EdgeInstance{px, py, qx, qy, colour, style.edge_px * 1.2f,
                                           i == kArcSegments ? style.head_px : 0.0f});
        px = qx;
        py = qy;
    }
}

const std::vector<double>& state_after(const Trace& trace, int step) {
    return step < 0 ? trace.initial_state : trace.steps[step].state;
}

double value_of(const Trace& trace, int step, int slot) {
    const auto& state = state_after(trace, step);
    return slot < static_cast<int>(state.size()) ? state[slot] : 0.0;
}

}  // namespace

SceneStyle SceneStyle::presentation_style() {
    SceneStyle s;
    s.presentation = true;
    s.cell_w = 56.0f;
    s.cell_h = 40.0f;
    s.text_size = 22.0f;
    s.small_text = 14.0f;
    s.border_px = 2.0f;
    s.edge_px = 2.0f;
    s.head_px = 11.0f;
    s.background = rgba(255, 255, 255);
    s.text = rgba(0, 0, 0);
    s.muted_text = rgba(60, 60, 60);
    s.cell_fill = rgba(255, 255, 255);
    s.cell_border = rgba(0, 0, 0);
    s.written_fill = rgba(255, 200, 0);
    s.written_border = rgba(0, 0, 0);
    s.inactive_fill = rgba(150, 150, 150);
    s.padding_fill = rgba(255, 230, 170);
    s.padding_border = rgba(120, 80, 0);
    s.selected_border = rgba(230, 0, 0);
    s.cone_fill = rgba(60, 140, 255);
    s.reach_fill = rgba(40, 200, 80);
    s.edge = rgba(0, 0, 0, 230);
    s.edge_copy = rgba(0, 90, 200, 230);
    s.edge_swap = rgba(180, 0, 160, 240);
    s.edge_tile = rgba(120, 70, 0, 230);
    s.edge_dim = rgba(150, 150, 150, 110);
    s.edge_lit = rgba(0, 40, 220, 255);
    s.current_row = rgba(255, 235, 150);
    s.active_lane = rgba(0, 160, 60);
    s.inactive_lane = rgba(170, 170, 170);
    return s;
}

Scene build_state_scene(const Trace& trace, int step, const Selection& selection, const SceneStyle& style) {
    const int steps = static_cast<int>(trace.steps.size());
    if (step < -1 || step >= steps)
        throw std::out_of_range("state view: step " + std::to_string(step) + " is not in -1.." +
                                std::to_string(steps - 1));
    Scene scene;
    scene.background_rgba = style.background;
    const float pitch_x = style.cell_w + style.cell_w * 0.15f;
    const float margin = style.cell_w * 0.5f;
    const float arc_room = style.cell_h * 1.3f;  // above and below a row of cells, for the arrows
    float y = margin;
    float max_x = 0;

    // Title: what this step did and what ends it.
    std::string title = step < 0
                            ? std::string("initial state")
                            : "step " + std::to_string(step + 1) + "/" + std::to_string(steps) + ": " +
                                  trace.steps[step].label + "  (ends at " + trace.steps[step].barrier + ")";
    scene.labels.push_back(TextLabel{margin, y, title, style.text, style.text_size, false});
    y += style.text_size * 1.8f;

    // Lane strip: one marker per thread (lane, tile), inactive ones grey.
    if (step >= 0 && trace.threads > 0) {
        const auto& mask = trace.steps[step].active_mask;
        const int wrap = trace.threads <= 32 ? 32 : kDefaultWrap;
        int active = 0;
        for (int t = 0; t < trace.threads; ++t) active += is_active(mask, t) ? 1 : 0;
        scene.labels.push_back(TextLabel{
            margin, y,
            std::to_string(active) + " of " + std::to_string(trace.threads) +
                (trace.blocks > 1 && trace.threads == trace.blocks ? " tiles" : " threads") + " active",
            style.muted_text, style.small_text, false});
        y += style.small_text * 1.6f;
        const float lane_h = style.cell_h * 0.3f;
        for (int t = 0; t < trace.threads; ++t) {
            const float lx = margin + (t % wrap) * pitch_x, ly = y + (t / wrap) * lane_h * 1.6f;
            const bool on = is_active(mask, t);
            scene.nodes.push_back(
                NodeInstance{lx, ly, style.cell_w, lane_h, on ? style.active_lane : style.inactive_lane,
                             on ? style.active_lane : style.inactive_lane, 0.0f, step, -1, 0.3f});
            max_x = std::max(max_x, lx + style.cell_w);
        }
        y += ((trace.threads + wrap - 1) / wrap) * lane_h * 1.6f + style.small_text;
    }

    // Which slots this step wrote, and which threads were active (greys register cells).
    std::vector<uint8_t> written(trace.layout.slots, 0);
    if (step >= 0)
        for (const auto& op : trace.steps[step].ops)
            for (int w : op.writes)
                if (w >= 0 && w < trace.layout.slots) written[w] = 1;

    std::vector<Box> boxes(trace.layout.slots);
    std::vector<uint8_t> drawn(trace.layout.slots, 0);
    for (const Region& region : trace.layout.regions) {
        const int shown = std::min(region.count, kMaxStateCells);
        const int cols = region.cols > 0 ? region.cols : std::min(std::max(region.count, 1), kDefaultWrap);
        std::string name = region.name + "  (" + std::string(to_string(region.space)) + ", " +
                           std::to_string(region.count) + (region.count == 1 ? " slot)" : " slots)");
        scene.labels.push_back(TextLabel{margin, y, name, style.muted_text, style.small_text, false});
        y += style.small_text * 1.2f + arc_room;
        const float row_pitch = style.cell_h + style.small_text * 1.4f + 2.0f * arc_room;
        const bool per_thread =
            region.space == Space::Registers && region.count == trace.threads && step >= 0;
        for (int i = 0; i < shown; ++i) {
            const int slot = region.first_slot + i;
            Box b{margin + (i % cols) * pitch_x, y + (i / cols) * row_pitch, style.cell_w, style.cell_h};
            boxes[slot] = b;
            drawn[slot] = 1;
            const bool pad =
                slot < static_cast<int>(trace.layout.padding.size()) && trace.layout.padding[slot];
            uint32_t fill = style.cell_fill, border = style.cell_border;
            float border_px = style.border_px;
            if (pad) {
                fill = style.padding_fill;
                border = style.padding_border;
            }
            if (per_thread && !is_active(trace.steps[step].active_mask, i)) fill = style.inactive_fill;
            if (written[slot]) {
                fill = style.written_fill;
                border = style.written_border;
                border_px = style.border_px * 1.5f;
            }
            if (selection.valid() && selection.slot == slot) {
                border = style.selected_border;
                border_px = style.border_px * 3.0f;
            }
            scene.nodes.push_back(NodeInstance{b.x, b.y, b.w, b.h, fill, border, border_px, step, slot});
            const std::string text = format_value(value_of(trace, step, slot), trace.spec.type);
            scene.labels.push_back(TextLabel{b.cx(), b.cy(), text, pad ? style.muted_text : style.text,
                                             fitted_size(text, style.text_size, b.w), true, slot});
            scene.labels.push_back(TextLabel{b.cx(), b.y + b.h + style.small_text * 0.75f,
                                             pad ? "pad" : std::to_string(i), style.muted_text,
                                             style.small_text * 0.9f, true});
            max_x = std::max(max_x, b.x + b.w);
        }
        const int rows = (shown + cols - 1) / cols;
        y += rows * row_pitch - arc_room;
        if (shown < region.count) {
            scene.labels.push_back(TextLabel{margin, y,
                                             std::to_string(region.count - shown) + " more slots not drawn",
                                             style.muted_text, style.small_text, false});
            y += style.small_text * 1.5f;
        }
        y += style.small_text;
    }

    // Arrows from the slots each operation read to the slots it wrote.
    // An operation reading more than kMaxArrowsPerOp slots (a tile reduce) gets a bar
    // under each row of the cells it read and one arrow from each bar's middle.
    if (step >= 0) {
        for (const auto& op : trace.steps[step].ops) {
            const uint32_t colour = edge_colour(op_edge_kind(op.kind), style);
            std::vector<int> reads;
            for (int r : op.reads)
                if (r >= 0 && r < trace.layout.slots && drawn[r]) reads.push_back(r);
            std::vector<Box> sources;
            if (reads.size() <= kMaxArrowsPerOp) {
                for (int r : reads) sources.push_back(boxes[r]);
            } else {
                std::map<float, std::pair<float, float>> rows;  // row y -> x extent of the cells read
                for (int r : reads) {
                    auto [it, fresh] = rows.try_emplace(boxes[r].y, boxes[r].x, boxes[r].x + boxes[r].w);
                    if (!fresh) {
                        it->second.first = std::min(it->second.first, boxes[r].x);
                        it->second.second = std::max(it->second.second, boxes[r].x + boxes[r].w);
                    }
                }
                for (const auto& [row_y, extent] : rows) {
                    const float bar_y = row_y + style.cell_h + style.small_text * 1.5f;
                    scene.edges.push_back(EdgeInstance{extent.first, bar_y, extent.second, bar_y, colour,
                                                       style.edge_px * 2.0f, 0.0f});
                    sources.push_back(Box{extent.first, row_y, extent.second - extent.first, style.cell_h});
                }
            }
            for (int w : op.writes) {
                if (w < 0 || w >= trace.layout.slots || !drawn[w]) continue;
                for (size_t i = 0; i < sources.size(); ++i) {
                    if (reads.size() <= kMaxArrowsPerOp && reads[i] == w)
                        continue;  // s[i] op= ...: no self arrow
                    add_arc(scene, sources[i], boxes[w], colour, style);
                }
            }
        }
    }

    scene.width = max_x + margin;
    scene.height = y + margin;
    return scene;
}

namespace {

// The diagram's grid: one row per step (row 0 the initial state), one column per slot.
struct DiagramGrid {
    float pitch_x, pitch_y, left, top, width;
    DiagramGrid(const DependencyGraph& graph, const SceneStyle& style)
        : pitch_x(style.cell_w * 1.15f),
          pitch_y(style.cell_h * 2.6f),
          left(style.text_size * 14.0f),  // room for the step labels
          top(style.small_text * 4.0f),   // room for region names and slot indices
          width(left + graph.slots() * pitch_x + style.cell_w) {}
    float row_y(int step) const { return top + (step + 1) * pitch_y; }
    float col_x(int slot) const { return left + slot * pitch_x; }
};

}  // namespace

NodeInstance diagram_row_band(const DependencyGraph& graph, int step, const SceneStyle& style) {
    const DiagramGrid grid(graph, style);
    const float band = (grid.pitch_y - style.cell_h) * 0.35f;
    return NodeInstance{0,
                        grid.row_y(step) - band,
                        grid.width,
                        style.cell_h + 2 * band,
                        style.current_row,
                        style.current_row,
                        0.0f,
                        step,
                        -1,
                        0.0f};
}

Scene build_diagram_scene(const Trace& trace, const DependencyGraph& graph, int current_step,
                          const Selection& selection, const SceneStyle& style,
                          const std::vector<int>* hazard_edges) {
    Scene scene;
    scene.background_rgba = style.background;
    const int steps = graph.steps();
    const DiagramGrid grid(graph, style);
    const float top = grid.top;
    auto row_y = [&](int step) { return grid.row_y(step); };
    auto col_x = [&](int slot) { return grid.col_x(slot); };
    scene.width = grid.width;
    scene.height = row_y(steps - 1) + style.cell_h + style.cell_h;

    // Current step band (a decoration: slot -1).
    if (current_step >= -1 && current_step < steps)
        scene.nodes.push_back(diagram_row_band(graph, current_step, style));

    // Row labels and column headers.
    for (int k = -1; k < steps; ++k) {
        std::string text = k < 0 ? "initial" : std::to_string(k + 1) + ": " + trace.steps[k].label;
        scene.labels.push_back(
            TextLabel{style.cell_w * 0.25f, row_y(k) + (style.cell_h - style.small_text) * 0.5f, text,
                      k == current_step ? style.text : style.muted_text, style.small_text * 1.1f, false});
    }
    for (const Region& region : trace.layout.regions) {
        scene.labels.push_back(TextLabel{col_x(region.first_slot), style.small_text * 0.4f, region.name,
                                         style.muted_text, style.small_text, false});
        for (int i = 0; i < region.count; ++i) {
            const int slot = region.first_slot + i;
            scene.labels.push_back(TextLabel{col_x(slot) + style.cell_w * 0.5f, top - style.small_text * 0.9f,
                                             std::to_string(i), style.muted_text, style.small_text * 0.9f,
                                             true});
        }
    }

    // Cone and reach of the selection.
    const auto& nodes = graph.nodes();
    std::vector<uint8_t> lit(nodes.size(), 0);  // 1 = cone, 2 = reach, 3 = the selected value
    int selected = -1;
    if (selection.valid()) {
        selected = graph.version_at(selection.step, selection.slot);
        if (selected >= 0) {
            for (int id : graph.cone_of(selected)) lit[id] = 1;
            for (int id : graph.reach_of(selected)) lit[id] = 2;
            lit[selected] = 3;
        }
    }

    // Nodes: one per value.
    const bool labels = nodes.size() <= kMaxDiagramLabels;
    for (size_t id = 0; id < nodes.size(); ++id) {
        const DiagramNode& n = nodes[id];
        const float x = col_x(n.slot), y = row_y(n.step);
        const bool pad =
            n.slot < static_cast<int>(trace.layout.padding.size()) && trace.layout.padding[n.slot];
        uint32_t fill = pad ? style.padding_fill : style.cell_fill;
        uint32_t border = pad ? style.padding_border : style.cell_border;
        float border_px = style.border_px;
        if (n.step == current_step && n.step >= 0) {
            fill = style.written_fill;
            border = style.written_border;
        }
        if (lit[id] == 1) fill = style.cone_fill;
        if (lit[id] == 2) fill = style.reach_fill;
        if (lit[id] == 3) {
            border = style.selected_border;
            border_px = style.border_px * 3.0f;
        }
        scene.nodes.push_back(
            NodeInstance{x, y, style.cell_w, style.cell_h, fill, border, border_px, n.step, n.slot});
        if (labels) {
            const std::string text = format_value(value_of(trace, n.step, n.slot), trace.spec.type);
            scene.labels.push_back(TextLabel{x + style.cell_w * 0.5f, y + style.cell_h * 0.5f, text,
                                             style.text, fitted_size(text, style.text_size, style.cell_w),
                                             true, n.slot});
        }
    }

    // Edges: bottom of the value read to the top of the value written.
    for (const DiagramEdge& e : graph.edges()) {
        const DiagramNode& a = nodes[e.from];
        const DiagramNode& b = nodes[e.to];
        uint32_t colour = edge_colour(e.kind, style);
        float width_px = style.edge_px;
        if (selected >= 0) {
            const bool in_cone = lit[e.from] == 1 && (lit[e.to] == 1 || lit[e.to] == 3);
            const bool in_reach = (lit[e.from] == 2 || lit[e.from] == 3) && lit[e.to] == 2;
            if (in_cone || in_reach) {
                colour = in_cone ? style.edge_lit : style.reach_fill;
                width_px = style.edge_px * 2.0f;
            } else {
                colour = style.edge_dim;
            }
        }
        if (hazard_edges) {
            const int id = static_cast<int>(&e - graph.edges().data());
            if (std::binary_search(hazard_edges->begin(), hazard_edges->end(), id)) {
                colour = style.edge_hazard;
                width_px = style.edge_px * 2.5f;
            } else if (!hazard_edges->empty()) {
                colour = style.edge_dim;
            }
        }
        scene.edges.push_back(EdgeInstance{col_x(a.slot) + style.cell_w * 0.5f, row_y(a.step) + style.cell_h,
                                           col_x(b.slot) + style.cell_w * 0.5f, row_y(b.step), colour,
                                           width_px, style.head_px});
    }
    // Lit edges last, so they are drawn on top of the dimmed ones.
    if (selected >= 0)
        std::stable_partition(scene.edges.begin(), scene.edges.end(),
                              [&](const EdgeInstance& e) { return e.rgba == style.edge_dim; });
    return scene;
}

}  // namespace scanviz::figure
