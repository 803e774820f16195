// What the published app page must show at one step with one cell clicked, computed
// by the C++ code the window uses (not by the page's script or the WebAssembly module):
// the browser test (browser_test.py) compares the page's DOM with it.
//   publish_oracle TRACE.json STEP SLOT [FIRST]
// TRACE.json is what `scanviz trace --format json` wrote for the run the page is asked
// for; STEP counts as the page does (1 = after the first step); SLOT is the cell clicked
// in the state view at that step (-1: none). The diagram is the window's: every column
// when they fit, else the legible window of columns around the step or the cell
// (figure::focus_window), or the one starting at FIRST when the overview strip moved it.
// Prints one JSON document.
#include <cstdio>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>

#include "core/analysis/diagram.hpp"
#include "core/figure/legible.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/publish/trace_page.hpp"
#include "core/analysis/metrics.hpp"
#include "core/run/badge.hpp"
#include "core/trace/json.hpp"

using namespace scanviz;

int main(int argc, char** argv) {
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr, "usage: publish_oracle TRACE.json STEP SLOT [FIRST]\n");
        return 2;
    }
    try {
        const int step = std::stoi(argv[2]) - 1, slot = std::stoi(argv[3]);
        const int first = argc == 5 ? std::stoi(argv[4]) : -1;
        const Trace t = load_trace_file(argv[1]);
        const DependencyGraph graph(t);
        const Metrics metrics = compute_metrics(t);
        const figure::SceneStyle style;
        const figure::Selection sel = slot >= 0 ? figure::Selection{step, slot} : figure::Selection{};
        const figure::FigureWindow window =
            first >= 0 ? figure::window_from(t, first, figure::kDiagramWindowSlots)
                       : figure::focus_window(t, step, sel, figure::kDiagramWindowSlots);
        auto key = [](int s, int k) { return std::to_string(s) + ":" + std::to_string(k); };
        nlohmann::json out;
        out["steps"] = t.steps.size();
        out["slots"] = t.layout.slots;
        out["label"] = t.steps.at(step).label;
        out["barrier"] = t.steps.at(step).barrier;
        out["values"] = t.steps.at(step).state;
        out["badge"] = badge_text(t.source);
        out["work"] = metrics.work;
        out["span"] = metrics.span;
        out["step_work"] = metrics.per_step.at(step).work;
        out["span_so_far"] = metrics.per_step.at(step).span_so_far;
        out["window"] = {window.all() ? 0 : window.first, window.all() ? t.layout.slots : window.count};
        // The diagram as the window draws it: node 0 is the current-step band, then the cells,
        // each "step:slot" -> [fill, border, border_px, class the page gives it, value text].
        // The class is the cell's role (figure::role_name: written, cone, reach, selected); the
        // cone and the reach are the cells of those roles (the graph's values and the
        // pass-throughs on their paths), the selected value in both.
        const figure::Scene diagram =
            figure::build_diagram_scene(t, graph, step, sel, style, nullptr, window);
        nlohmann::json cells = nlohmann::json::object(), cone = nlohmann::json::array(),
                       reach = nlohmann::json::array();
        for (size_t i = 1; i < diagram.nodes.size(); ++i) {
            const figure::NodeInstance& n = diagram.nodes[i];
            if (n.slot < 0) continue;  // a marker of an edge from outside the window
            const std::string k = key(n.step, n.slot);
            const bool is_selected = n.role == figure::Role::Selected;
            if (n.role == figure::Role::Cone || is_selected) cone.push_back(k);
            if (n.role == figure::Role::Reach || is_selected) reach.push_back(k);
            cells[k] = {n.fill_rgba, n.border_rgba, n.border_px, figure::role_name(n.role), ""};
        }
        for (const auto& l : diagram.labels)
            if (l.slot >= 0 && l.node >= 0) {
                const figure::NodeInstance& n = diagram.nodes[static_cast<size_t>(l.node)];
                cells[key(n.step, n.slot)][4] = l.text;
            }
        out["cone"] = cone;
        out["reach"] = reach;
        out["diagram_cells"] = cells;
        out["band"] = {diagram.nodes[0].x, diagram.nodes[0].y, diagram.nodes[0].w, diagram.nodes[0].h};
        nlohmann::json edges = nlohmann::json::array();
        for (const auto& e : diagram.edges) edges.push_back({e.x0, e.y0, e.x1, e.y1, e.rgba, e.width_px});
        out["diagram_edges"] = edges;
        const figure::Scene state = figure::build_state_scene(t, step, sel, style);
        nlohmann::json state_cells = nlohmann::json::array();
        for (const auto& n : state.nodes)
            if (n.slot >= 0) state_cells.push_back({n.slot, n.fill_rgba, n.border_rgba, n.border_px});
        out["state_cells"] = state_cells;
        out["cone_fill"] = style.cone_fill;
        out["min_text_px"] = style.min_text_px;
        out["reach_fill"] = style.reach_fill;
        std::printf("%s\n", out.dump().c_str());
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "publish_oracle: %s\n", e.what());
        return 1;
    }
}
