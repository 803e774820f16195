#include "core/publish/trace_page.hpp"

#include "core/analysis/diagram.hpp"
#include "core/analysis/metrics.hpp"
#include "core/figure/figure_json.hpp"
#include "core/models/variants.hpp"
#include "core/run/badge.hpp"

namespace scanviz::publish {

std::string trace_page_id(const Trace& t) {
    return t.spec.variant + "-" + std::string(to_string(t.spec.op)) + "-" +
           std::string(to_string(t.spec.type)) + (t.spec.exclusive ? "-exclusive" : "-inclusive") + "-n" +
           std::to_string(t.spec.n);
}

std::vector<std::array<int, 3>> decode_links(const nlohmann::json& links) {
    std::vector<std::array<int, 3>> out;
    for (size_t i = 0; i + 5 < links.size(); i += 6) {
        const int count = links[i], from = links[i + 1], dfrom = links[i + 2], to = links[i + 3],
                  dto = links[i + 4], colour = links[i + 5];
        for (int k = 0; k < count; ++k) out.push_back({from + k * dfrom, to + k * dto, colour});
    }
    return out;
}

nlohmann::json state_scene_data(const Trace& trace, int step, const figure::SceneStyle& style) {
    return figure::scene_to_json(figure::build_state_scene(trace, step, {}, style));
}

nlohmann::json trace_page_data(const Trace& trace, const figure::SceneStyle& style, bool with_states) {
    using nlohmann::json;
    const VariantInfo* info = find_variant(trace.spec.variant);
    const Metrics metrics = compute_metrics(trace);
    const DependencyGraph graph(trace);
    const int steps = static_cast<int>(trace.steps.size());

    json page = {{"format", "scanviz-page"}, {"version", kPageFormatVersion}, {"id", trace_page_id(trace)}};
    page["variant"] = {{"id", trace.spec.variant},
                       {"title", info ? std::string(info->title) : trace.spec.variant},
                       {"level", info ? std::string(to_string(info->level)) : ""},
                       {"description", info ? std::string(info->description) : ""}};
    page["spec"] = {{"n", trace.spec.n},
                    {"op", to_string(trace.spec.op)},
                    {"type", to_string(trace.spec.type)},
                    {"exclusive", trace.spec.exclusive},
                    {"threads", trace.threads},
                    {"blocks", trace.blocks},
                    {"items_per_thread", trace.spec.items_per_thread}};
    page["badge"] = {{"kind", trace.source.kind}, {"text", badge_text(trace.source)}};
    page["slots"] = trace.layout.slots;
    page["output"] = trace.output;

    json step_rows = json::array();
    for (int k = 0; k < steps; ++k) {
        const Step& s = trace.steps[k];
        const StepMetrics& m = metrics.per_step[k];
        step_rows.push_back({{"label", s.label},
                             {"phase", s.phase},
                             {"barrier", s.barrier},
                             {"active", m.active_lanes},
                             {"threads", trace.threads},
                             {"ops", m.ops},
                             {"work", m.work},
                             {"span_so_far", m.span_so_far},
                             {"max_conflict_degree", m.max_conflict_degree},
                             {"conflicted_groups", m.conflicted_groups},
                             {"bank_cycles", m.bank_cycles},
                             {"shared_reads", m.shared_reads},
                             {"shared_writes", m.shared_writes}});
    }
    page["steps"] = std::move(step_rows);
    page["totals"] = {{"steps", metrics.steps},
                      {"work", metrics.work},
                      {"span", metrics.span},
                      {"sequential_work", metrics.sequential_work},
                      {"max_conflict_degree", metrics.max_conflict_degree}};

    json values = json::array({trace.initial_state});
    json state = json::array();
    for (int k = -1; k < steps; ++k) {
        if (k >= 0) values.push_back(trace.steps[k].state);
        if (with_states) state.push_back(state_scene_data(trace, k, style));
    }
    page["values"] = std::move(values);
    page["state"] = with_states ? std::move(state) : json(nullptr);

    // The diagram without a current step (-2: no band, no row written) and without a
    // selection: its nodes are the graph's nodes in id order, then the pass-throughs
    // (figure::diagram_cell_index). Its edges go as runs of links between those nodes (a
    // whole-array trace has 10^5 of them, in a few thousand runs): first one per graph
    // edge, drawn as build_diagram_scene draws it, from the bottom centre of the cell read
    // (the row above the value written) to the top centre of the value written; then one
    // per pass-through, from the cell above it, in a transparent colour: the page walks
    // them for a cone and shows them only when lit (tests/web/test_publish.cpp holds the
    // page to that).
    const figure::Scene base = figure::build_diagram_scene(trace, graph, -2, {}, style);
    json scene = figure::scene_to_json(base, false);
    const std::vector<int> cell = figure::diagram_cell_index(graph);
    const int slots = graph.slots();
    struct Link {
        int from, to, colour;
    };
    std::vector<Link> all;
    const auto& ge = graph.edges();
    const auto& gn = graph.nodes();
    for (size_t j = 0; j < ge.size(); ++j) {
        const int row_above = gn[ge[j].to].step;  // (step - 1) + 1
        all.push_back({cell[static_cast<size_t>(row_above) * slots + gn[ge[j].from].slot], ge[j].to,
                       figure::palette_index(scene, base.edges[j].rgba)});
    }
    const int clear = figure::palette_index(scene, 0u);
    for (int k = 0; k < steps; ++k)
        for (int s = 0; s < slots; ++s)
            if (graph.node_at(k, s) < 0)
                all.push_back({cell[static_cast<size_t>(k) * slots + s],
                               cell[static_cast<size_t>(k + 1) * slots + s], clear});
    json links = json::array(), bands = json::array();
    for (size_t j = 0; j < all.size();) {
        // One run: links j, j+1, ... whose ends step by a constant and whose colour stays.
        int dfrom = 0, dto = 0;
        size_t count = 1;
        if (j + 1 < all.size() && all[j + 1].colour == all[j].colour) {
            dfrom = all[j + 1].from - all[j].from;
            dto = all[j + 1].to - all[j].to;
            count = 2;
            while (j + count < all.size() && all[j + count].colour == all[j].colour &&
                   all[j + count].from - all[j + count - 1].from == dfrom &&
                   all[j + count].to - all[j + count - 1].to == dto)
                ++count;
        }
        for (json v :
             {json(count), json(all[j].from), json(dfrom), json(all[j].to), json(dto), json(all[j].colour)})
            links.push_back(std::move(v));
        j += count;
    }
    for (int k = -1; k < steps; ++k) {
        const figure::NodeInstance b = figure::diagram_row_band(trace, graph, k, style);
        bands.push_back({figure::json_length(b.x), figure::json_length(b.y), figure::json_length(b.w),
                         figure::json_length(b.h)});
    }
    page["diagram"] = {{"scene", std::move(scene)},
                       {"links", std::move(links)},
                       {"bands", std::move(bands)},
                       {"row_labels", steps + 1},
                       {"value_nodes", static_cast<int>(gn.size())}};  // then the pass-throughs
    page["style"] = figure::style_to_json(style);
    return page;
}

}  // namespace scanviz::publish
