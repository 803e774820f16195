#include "core/publish/trace_page.hpp"

#include "core/analysis/diagram.hpp"
#include "core/figure/figure_json.hpp"
#include "core/analysis/metrics.hpp"
#include "core/run/badge.hpp"
#include "core/models/variants.hpp"

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
    // selection: its nodes are the graph's nodes in id order. Its edges go as runs of graph
    // links (a whole-array trace has 10^5 of them, in a few thousand runs); each is drawn, as
    // build_diagram_scene draws it, from the bottom centre of the value read to the top
    // centre of the value written (tests/web/test_publish.cpp holds the page to that).
    const figure::Scene base = figure::build_diagram_scene(trace, graph, -2, {}, style);
    json scene = figure::scene_to_json(base, false);
    json links = json::array(), bands = json::array();
    const auto& ge = graph.edges();
    for (size_t j = 0; j < ge.size();) {
        // One run: edges j, j+1, ... whose ends step by a constant and whose colour stays.
        const int colour = figure::palette_index(scene, base.edges[j].rgba);
        int dfrom = 0, dto = 0;
        size_t count = 1;
        if (j + 1 < ge.size() && base.edges[j + 1].rgba == base.edges[j].rgba) {
            dfrom = ge[j + 1].from - ge[j].from;
            dto = ge[j + 1].to - ge[j].to;
            count = 2;
            while (j + count < ge.size() && base.edges[j + count].rgba == base.edges[j].rgba &&
                   ge[j + count].from - ge[j + count - 1].from == dfrom &&
                   ge[j + count].to - ge[j + count - 1].to == dto)
                ++count;
        }
        for (json v : {json(count), json(ge[j].from), json(dfrom), json(ge[j].to), json(dto), json(colour)})
            links.push_back(std::move(v));
        j += count;
    }
    for (int k = -1; k < steps; ++k) {
        const figure::NodeInstance b = figure::diagram_row_band(graph, k, style);
        bands.push_back({figure::json_length(b.x), figure::json_length(b.y), figure::json_length(b.w),
                         figure::json_length(b.h)});
    }
    page["diagram"] = {{"scene", std::move(scene)},
                       {"links", std::move(links)},
                       {"bands", std::move(bands)},
                       {"row_labels", steps + 1}};
    page["style"] = figure::style_to_json(style);
    return page;
}

}  // namespace scanviz::publish
