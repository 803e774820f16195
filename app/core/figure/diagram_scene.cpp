// The textbook dependency diagram (trace_scene.hpp, build_diagram_scene): each step
// a full row of the array, unchanged cells as faint pass-throughs, every edge
// between consecutive rows (GPU Gems 3, figs. 39-2 to 39-4).
#include <algorithm>

#include "core/figure/legible.hpp"
#include "core/figure/scene_parts.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"

namespace scanviz::figure {
namespace {

// A row's name: its step number and what the label adds to the phase ("3: d=4"); the
// phase itself heads the rows it spans (phase_starts).
std::string row_name(const Trace& trace, int k) {
    if (k < 0) return i18n::trc("diagram row", "initial");
    const Step& s = trace.steps[static_cast<size_t>(k)];
    std::string rest = s.label;
    if (!s.phase.empty() && rest.rfind(s.phase, 0) == 0) rest = rest.substr(s.phase.size());
    rest.erase(0, rest.find_first_not_of(" \t:"));
    return std::to_string(k + 1) + (rest.empty() ? "" : ": " + rest);
}

bool phase_starts(const Trace& trace, int k) {
    return k >= 0 && (k == 0 || trace.steps[static_cast<size_t>(k)].phase !=
                                    trace.steps[static_cast<size_t>(k - 1)].phase);
}

// The diagram's grid: one row per step (row 0 the initial state), one column per
// slot of the window.
struct DiagramGrid {
    float cell_w, pitch_x, pitch_y, left, top, width;
    int first, count;
    DiagramGrid(const Trace& trace, const DependencyGraph& graph, const SceneStyle& style,
                const FigureWindow& window) {
        cell_w = parts::cell_width(style, parts::value_chars(trace));
        pitch_x = cell_w + style.cell_w * 0.15f;
        pitch_y = style.cell_h * 2.1f;
        size_t longest = row_name(trace, -1).size();  // "initial"
        for (size_t k = 0; k < trace.steps.size(); ++k)
            longest = std::max(longest, row_name(trace, static_cast<int>(k)).size());
        const float marker_room =
            window.all() ? 0.0f : pitch_x * 0.5f;  // stubs of edges from outside the window
        left =
            style.small_text * 1.1f * 0.62f * static_cast<float>(longest) + style.cell_w * 0.5f + marker_room;
        top = style.small_text * 4.0f;
        first = window.all() ? 0 : std::clamp(window.first, 0, std::max(graph.slots() - 1, 0));
        count = window.all() ? graph.slots() : std::min(window.count, graph.slots() - first);
        width = left + count * pitch_x + style.cell_w * 0.5f + marker_room;
    }
    float row_y(int step) const { return top + (step + 1) * pitch_y; }
    float col_x(int slot) const { return left + (slot - first) * pitch_x; }
    bool shows(int slot) const { return slot >= first && slot < first + count; }
};

NodeInstance row_band(const DiagramGrid& grid, int step, const SceneStyle& style) {
    const float band = (grid.pitch_y - style.cell_h) * 0.3f;
    const float y = grid.row_y(step) - band, h = style.cell_h + 2 * band;
    const uint32_t c = style.current_row;
    return NodeInstance{0, y, grid.width, h, c, c, 0.0f, step, -1, 0.0f, 0, Role::Band};
}

}  // namespace

NodeInstance diagram_row_band(const Trace& trace, const DependencyGraph& graph, int step,
                              const SceneStyle& style) {
    return row_band(DiagramGrid(trace, graph, style, FigureWindow{}), step, style);
}

std::vector<int> diagram_cell_index(const DependencyGraph& graph) {
    const int slots = graph.slots(), steps = graph.steps();
    std::vector<int> index(static_cast<size_t>(steps + 1) * slots, -1);
    int next = static_cast<int>(graph.nodes().size());
    for (int k = -1; k < steps; ++k)
        for (int s = 0; s < slots; ++s) {
            const int id = graph.node_at(k, s);
            index[static_cast<size_t>(k + 1) * slots + s] = id >= 0 ? id : next++;
        }
    return index;
}

Scene build_diagram_scene(const Trace& trace, const DependencyGraph& graph, int current_step,
                          const Selection& selection, const SceneStyle& style,
                          const std::vector<int>* hazard_edges) {
    return build_diagram_scene(trace, graph, current_step, selection, style, hazard_edges, FigureWindow{});
}

Scene build_diagram_scene(const Trace& trace, const DependencyGraph& graph, int current_step,
                          const Selection& selection, const SceneStyle& style,
                          const std::vector<int>* hazard_edges, const FigureWindow& window,
                          const HazardPairs* hazards) {
    // A learner's racing pairs: the edges of their reads, and the cells their writes land in.
    std::vector<int> pair_edges;
    std::vector<std::pair<int, int>> raced;  // (step, slot)
    if (!hazard_edges && hazards && !hazards->empty()) {
        const std::vector<Hazard> drawn = hazards->drawn();
        pair_edges = hazard_edges_of(graph, trace, drawn);
        hazard_edges = &pair_edges;
        for (const Hazard& h : drawn)
            if (h.write.step >= -1 && h.write.step < graph.steps()) raced.emplace_back(h.write.step, h.slot);
        std::sort(raced.begin(), raced.end());
    }
    Scene scene;
    scene.background_rgba = style.background;
    const int steps = graph.steps();
    const DiagramGrid grid(trace, graph, style, window);
    const float cw = grid.cell_w, ch = style.cell_h;
    scene.width = grid.width;
    scene.height = grid.row_y(steps - 1) + ch * 2;

    if (current_step >= -1 && current_step < steps)
        scene.nodes.push_back(row_band(grid, current_step, style));

    // Row names (first, in row order: the web page lights the current one), then column headers.
    for (int k = -1; k < steps; ++k) {
        TextLabel l{style.cell_w * 0.25f,    grid.row_y(k) + (ch - style.small_text * 1.1f) * 0.5f,
                    row_name(trace, k),      k == current_step ? style.text : style.muted_text,
                    style.small_text * 1.1f, false};
        l.pin = TextLabel::Left;
        scene.labels.push_back(std::move(l));
    }
    // Each phase named once, above its first row (GPU Gems 3 labels the up-sweep and down-sweep so).
    for (int k = 0; k < steps; ++k) {
        if (!phase_starts(trace, k)) continue;
        TextLabel l{style.cell_w * 0.25f,
                    grid.row_y(k) - (grid.pitch_y - ch) * 0.5f - style.small_text * 0.55f,
                    i18n::step_label(trace.steps[static_cast<size_t>(k)].phase),
                    style.text,
                    style.small_text * 1.1f,
                    false};
        l.pin = TextLabel::Left;
        scene.labels.push_back(std::move(l));
    }
    for (const Region& region : trace.layout.regions) {
        const int a = std::max(region.first_slot, grid.first);
        const int b = std::min(region.first_slot + region.count, grid.first + grid.count);
        if (a >= b) continue;
        scene.labels.push_back(TextLabel{grid.col_x(a), style.small_text * 0.4f,
                                         i18n::region_label(region.name), style.muted_text, style.small_text,
                                         false});
        for (int slot = a; slot < b; ++slot) {
            scene.labels.push_back(TextLabel{grid.col_x(slot) + cw * 0.5f, grid.top - style.small_text * 0.9f,
                                             std::to_string(slot - region.first_slot), style.muted_text,
                                             style.small_text * 0.9f, true});
        }
    }

    // Cone and reach of the selection, on the graph's nodes.
    const auto& nodes = graph.nodes();
    std::vector<uint8_t> lit(nodes.size(), 0);      // 1 = cone, 2 = reach, 3 = the selected value
    std::vector<int> cone_until(nodes.size(), -2);  // a cone value's last consumer in the cone (its step)
    int selected = -1;
    if (selection.valid()) {
        selected = graph.version_at(selection.step, selection.slot);
        if (selected >= 0) {
            for (int id : graph.cone_of(selected)) lit[id] = 1;
            for (int id : graph.reach_of(selected)) lit[id] = 2;
            lit[selected] = 3;
            for (size_t id = 0; id < nodes.size(); ++id) {
                if (lit[id] != 1) continue;
                for (int e : graph.out_edges(static_cast<int>(id))) {
                    const int to = graph.edges()[e].to;
                    if (lit[to] == 1 || lit[to] == 3)
                        cone_until[id] = std::max(cone_until[id], nodes[to].step);
                }
            }
        }
    }
    auto selected_cell = [&](int step, int slot) {
        return selection.valid() && selection.step == step && selection.slot == slot;
    };
    auto add_value = [&](float x, float y, int step, int slot, uint32_t colour) {
        const std::string text = parts::format_value(parts::value_of(trace, step, slot), trace.spec.type);
        TextLabel l{x + cw * 0.5f, y + ch * 0.5f, text, colour, style.text_size, true, slot};
        l.node = static_cast<int>(scene.nodes.size()) - 1;
        scene.labels.push_back(std::move(l));
    };

    // Value nodes: the cells a step wrote (and the initial values), in graph id order.
    for (size_t id = 0; id < nodes.size(); ++id) {
        const DiagramNode& n = nodes[id];
        if (!grid.shows(n.slot)) continue;
        const float x = grid.col_x(n.slot), y = grid.row_y(n.step);
        const bool pad =
            n.slot < static_cast<int>(trace.layout.padding.size()) && trace.layout.padding[n.slot];
        uint32_t fill = pad ? style.padding_fill : style.cell_fill;
        uint32_t border = pad ? style.padding_border : style.cell_border;
        float border_px = style.border_px;
        Role role = Role::None;
        if (n.step == current_step && n.step >= 0) {
            fill = style.written_fill;
            border = style.written_border;
            role = Role::Written;
        }
        if (lit[id] == 1) fill = style.cone_fill, role = Role::Cone;
        if (lit[id] == 2) fill = style.reach_fill, role = Role::Reach;
        if (lit[id] == 3) role = Role::Selected;  // keeps its own colours: the cone and reach meet there
        if (std::binary_search(raced.begin(), raced.end(), std::pair{n.step, n.slot})) {
            border = style.edge_hazard;
            border_px = style.border_px * 3.0f;
            role = Role::Hazard;
        }
        if (selected_cell(n.step, n.slot)) {
            border = style.selected_border;
            border_px = style.border_px * 3.0f;
        }
        NodeInstance node{x, y, cw, ch, fill, border, border_px, n.step, n.slot};
        node.role = role;
        scene.nodes.push_back(node);
        add_value(x, y, n.step, n.slot, style.text);
    }

    // Pass-throughs: the cells a step left as they were, faint, lit on a cone's or reach's path.
    std::vector<EdgeInstance> pass_edges;
    for (int k = 0; k < steps; ++k) {
        for (int slot = grid.first; slot < grid.first + grid.count; ++slot) {
            if (graph.node_at(k, slot) >= 0) continue;
            const int v = graph.version_at(k, slot);
            const float x = grid.col_x(slot), y = grid.row_y(k);
            uint32_t fill = style.pass_fill, border = style.pass_border, text = style.pass_text;
            float border_px = style.border_px;
            int path = 0;  // 1 = on the cone's path, 2 = on the reach's
            if (v >= 0 && lit[v] == 1 && k < cone_until[v]) path = 1;
            if (v >= 0 && (lit[v] == 2 || lit[v] == 3)) path = 2;
            const Role role = path == 1 ? Role::Cone : path == 2 ? Role::Reach : Role::None;
            if (path) {
                fill = path == 1 ? style.cone_fill : style.reach_fill;
                text = style.text;
                pass_edges.push_back(EdgeInstance{x + cw * 0.5f, grid.row_y(k - 1) + ch, x + cw * 0.5f, y,
                                                  path == 1 ? style.edge_lit : style.reach_fill,
                                                  style.edge_px * 2.0f, 0.0f, k - 1, k, role});
            }
            if (selected_cell(k, slot)) {
                border = style.selected_border;
                border_px = style.border_px * 3.0f;
            }
            NodeInstance node{x, y, cw, ch, fill, border, border_px, k, slot};
            node.pass = 1;
            node.role = role;
            scene.nodes.push_back(node);
            add_value(x, y, k, slot, text);
        }
    }

    // Edges: from the value as step k found it (row k, the bottom of its cell) to the value
    // it wrote (row k + 1, the top). A read from outside the window starts at its edge, marked.
    for (size_t j = 0; j < graph.edges().size(); ++j) {
        const DiagramEdge& e = graph.edges()[j];
        const DiagramNode& a = nodes[e.from];
        const DiagramNode& b = nodes[e.to];
        if (!grid.shows(b.slot)) continue;
        const bool inside = grid.shows(a.slot);
        uint32_t colour = inside ? parts::edge_colour(e.kind, style) : style.edge_out;
        float width_px = style.edge_px;
        Role role = Role::None;
        if (selected >= 0) {
            const bool in_cone = lit[e.from] == 1 && (lit[e.to] == 1 || lit[e.to] == 3);
            const bool in_reach = (lit[e.from] == 2 || lit[e.from] == 3) && lit[e.to] == 2;
            if (in_cone || in_reach) {
                colour = in_cone ? style.edge_lit : style.reach_fill;
                width_px = style.edge_px * 2.0f;
                role = in_cone ? Role::Cone : Role::Reach;
            } else {
                colour = style.edge_dim;
                role = Role::Dim;
            }
        }
        if (hazard_edges) {
            if (std::binary_search(hazard_edges->begin(), hazard_edges->end(), static_cast<int>(j))) {
                colour = style.edge_hazard;
                width_px = style.edge_px * 2.5f;
                role = Role::Hazard;
            } else if (!hazard_edges->empty()) {
                colour = style.edge_dim;
                role = Role::Dim;
            }
        }
        const float y0 = grid.row_y(b.step - 1) + ch;
        // A read from outside the window: a short stub from the side it comes from, marked.
        const float x0 = inside ? grid.col_x(a.slot) + cw * 0.5f
                                : grid.col_x(b.slot) + cw * 0.5f +
                                      (a.slot < grid.first ? -1.0f : 1.0f) * grid.pitch_x * 0.45f;
        if (!inside) {
            const float m = ch * 0.22f;
            scene.nodes.push_back(NodeInstance{x0 - m, y0 + 0.2f * m, 2 * m, 2 * m, style.edge_out,
                                               style.edge_out, 0.0f, b.step - 1, -1, 0.5f});
        }
        scene.edges.push_back(EdgeInstance{x0, y0, grid.col_x(b.slot) + cw * 0.5f, grid.row_y(b.step), colour,
                                           width_px, style.head_px, b.step - 1, b.step, role});
    }
    scene.edges.insert(scene.edges.end(), pass_edges.begin(), pass_edges.end());
    // Lit edges last, so they are drawn on top of the dimmed ones.
    if (selected >= 0 || hazard_edges)
        std::stable_partition(scene.edges.begin(), scene.edges.end(),
                              [](const EdgeInstance& e) { return e.role == Role::Dim; });
    return scene;
}

}  // namespace scanviz::figure
