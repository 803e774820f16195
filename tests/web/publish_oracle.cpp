// What the published app page must show at one step with one cell clicked, computed
// by the C++ code the window uses (not by the page's script or the WebAssembly module):
// the browser test (browser_test.py) compares the page's DOM with it.
//   publish_oracle TRACE.json STEP SLOT
// TRACE.json is what `scanviz trace --format json` wrote for the run the page is asked
// for; STEP counts as the page does (1 = after the first step); SLOT is the cell clicked
// in the state view at that step. Prints one JSON document.
#include <cstdio>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>

#include "core/analysis/diagram.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/publish/trace_page.hpp"
#include "core/analysis/metrics.hpp"
#include "core/run/badge.hpp"
#include "core/trace/json.hpp"

using namespace scanviz;

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: publish_oracle TRACE.json STEP SLOT\n");
        return 2;
    }
    try {
        const int step = std::stoi(argv[2]) - 1, slot = std::stoi(argv[3]);
        {
            const Trace t = load_trace_file(argv[1]);
            const DependencyGraph graph(t);
            const Metrics metrics = compute_metrics(t);
            const figure::SceneStyle style;
            const figure::Selection sel{step, slot};
            nlohmann::json out;
            out["steps"] = t.steps.size();
            out["label"] = t.steps.at(step).label;
            out["barrier"] = t.steps.at(step).barrier;
            out["values"] = t.steps.at(step).state;
            out["badge"] = badge_text(t.source);
            out["work"] = metrics.work;
            out["span"] = metrics.span;
            out["step_work"] = metrics.per_step.at(step).work;
            out["span_so_far"] = metrics.per_step.at(step).span_so_far;
            out["selected"] = graph.version_at(step, slot);
            // The diagram as the window draws it: node 0 is the current-step band, then the cells
            // in the page's order. The cone and the reach: the cells lit in their colours (the
            // graph's values and the pass-throughs on their paths), the selected value in both.
            const figure::Scene diagram = figure::build_diagram_scene(t, graph, step, sel, style);
            nlohmann::json cone = nlohmann::json::array(), reach = nlohmann::json::array();
            for (size_t i = 1; i < diagram.nodes.size(); ++i) {
                const int id = static_cast<int>(i) - 1;
                const bool selected = id == graph.version_at(step, slot);
                if (diagram.nodes[i].fill_rgba == style.cone_fill || selected) cone.push_back(id);
                if (diagram.nodes[i].fill_rgba == style.reach_fill || selected) reach.push_back(id);
            }
            out["cone"] = cone;
            out["reach"] = reach;
            nlohmann::json nodes = nlohmann::json::array();
            for (size_t i = 1; i < diagram.nodes.size(); ++i)
                nodes.push_back(
                    {diagram.nodes[i].fill_rgba, diagram.nodes[i].border_rgba, diagram.nodes[i].border_px});
            out["diagram_nodes"] = nodes;
            out["band"] = {diagram.nodes[0].x, diagram.nodes[0].y, diagram.nodes[0].w, diagram.nodes[0].h};
            nlohmann::json edges = nlohmann::json::array();
            for (const auto& e : diagram.edges) edges.push_back({e.x0, e.y0, e.x1, e.y1, e.rgba, e.width_px});
            out["diagram_edges"] = edges;
            const figure::Scene state = figure::build_state_scene(t, step, sel, style);
            nlohmann::json cells = nlohmann::json::array();
            for (const auto& n : state.nodes)
                if (n.slot >= 0) cells.push_back({n.slot, n.fill_rgba, n.border_rgba, n.border_px});
            out["state_cells"] = cells;
            out["cone_fill"] = style.cone_fill;
            out["min_text_px"] = style.min_text_px;
            out["reach_fill"] = style.reach_fill;
            std::printf("%s\n", out.dump().c_str());
            return 0;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "publish_oracle: %s\n", e.what());
        return 1;
    }
}
