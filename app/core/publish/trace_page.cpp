#include "core/publish/trace_page.hpp"

#include <stdexcept>

#include "core/analysis/diagram.hpp"
#include "core/analysis/metrics.hpp"
#include "core/i18n/step_label.hpp"
#include "core/figure/figure_json.hpp"
#include "core/figure/legible.hpp"
#include "core/models/variants.hpp"
#include "core/run/badge.hpp"

namespace scanviz::publish {

std::string trace_page_id(const Trace& t) {
    return t.spec.variant + "-" + std::string(to_string(t.spec.op)) + "-" +
           std::string(to_string(t.spec.type)) + (t.spec.exclusive ? "-exclusive" : "-inclusive") + "-n" +
           std::to_string(t.spec.n);
}

figure::Scene state_scene(const Trace& trace, int step, const figure::SceneStyle& style, int selected_slot) {
    if (step < -1 || step >= static_cast<int>(trace.steps.size()))
        throw std::invalid_argument("no step " + std::to_string(step + 1) + " in this trace");
    figure::Selection selection;
    if (selected_slot >= 0 && selected_slot < trace.layout.slots) selection = {step, selected_slot};
    return figure::build_state_scene(trace, step, selection, style);
}

nlohmann::json trace_page_data(const Trace& trace, const figure::SceneStyle& style, bool with_values) {
    using nlohmann::json;
    const VariantInfo* info = find_variant(trace.spec.variant);
    const Metrics metrics = compute_metrics(trace);
    const int steps = static_cast<int>(trace.steps.size());

    json page = {{"format", "scanviz-page"}, {"version", kPageFormatVersion}, {"id", trace_page_id(trace)}};
    // The title and description in the module's language, as the step labels below.
    page["variant"] = {{"id", trace.spec.variant},
                       {"title", info ? variant_text(info->title) : trace.spec.variant},
                       {"level", info ? std::string(to_string(info->level)) : ""},
                       {"description", info ? variant_text(info->description) : ""}};
    page["spec"] = {{"n", trace.spec.n},
                    {"op", to_string(trace.spec.op)},
                    {"type", to_string(trace.spec.type)},
                    {"exclusive", trace.spec.exclusive},
                    {"threads", trace.threads},
                    {"blocks", trace.blocks},
                    {"items_per_thread", trace.spec.items_per_thread}};
    // Its parts too, for the page to say it in the reader's language (web/i18n.js).
    page["badge"] = {{"kind", trace.source.kind},   {"text", badge_text(trace.source)},
                     {"device", trace.source.device}, {"sm", trace.source.sm},
                     {"date", trace.source.date},     {"note", trace.source.note}};
    page["slots"] = trace.layout.slots;
    page["output"] = trace.output;

    json step_rows = json::array();
    for (int k = 0; k < steps; ++k) {
        const Step& s = trace.steps[k];
        const StepMetrics& m = metrics.per_step[k];
        step_rows.push_back({{"label", i18n::step_label(s.label)},  // in the module's language
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

    page["window_slots"] = figure::kDiagramWindowSlots;
    if (with_values) {
        json values = json::array({trace.initial_state});
        for (const Step& s : trace.steps) values.push_back(s.state);
        page["values"] = std::move(values);
    } else {
        page["values"] = nullptr;
    }
    page["style"] = figure::style_to_json(style);
    return page;
}

DiagramView diagram_view(const Trace& trace, const DependencyGraph& graph, const DiagramRequest& request,
                         const figure::SceneStyle& style) {
    using nlohmann::json;
    const int slots = trace.layout.slots;
    const int steps = static_cast<int>(trace.steps.size());
    if (request.step < -1 || request.step >= steps)
        throw std::invalid_argument("no step " + std::to_string(request.step + 1) + " in this trace");
    figure::Selection selection = request.selection;
    if (selection.valid() && (selection.slot >= slots || selection.step < -1 || selection.step >= steps))
        selection = {};
    // The window: where the strip was clicked, else the person's moved window, else the one
    // around the selection or the step (the window's rules).
    int moved_first = request.moved_first;
    if (request.strip_x >= 0 && request.strip_width > 0) {
        const figure::Overview at = figure::build_overview(trace, request.step, {}, style, request.strip_width,
                                                           figure::overview_height(style));
        moved_first = figure::window_at(trace, at.slot_at(request.strip_x, slots), figure::kDiagramWindowSlots).first;
    }
    const figure::FigureWindow window =
        figure::view_window(trace, request.step, selection, moved_first, figure::kDiagramWindowSlots);
    const bool moved = moved_first >= 0 && !window.all();

    DiagramView out;
    out.scene = figure::build_diagram_scene(trace, graph, request.step, selection, style, nullptr, window);
    const figure::Scene& scene = out.scene;
    json& view = out.data;
    view["window"] = {{"first", window.all() ? 0 : window.first},
                      {"count", window.all() ? slots : window.count},
                      {"slots", slots},
                      {"moved", moved}};
    const figure::FocusBox focus = figure::focus_box(scene, selection, request.step);
    view["focus"] = focus.valid ? json::array({figure::json_length(focus.x0), figure::json_length(focus.y0),
                                               figure::json_length(focus.x1), figure::json_length(focus.y1)})
                                : json(nullptr);
    if (selection.valid()) {
        const auto& values = selection.step < 0 ? trace.initial_state : trace.steps[selection.step].state;
        // The selected value's cell in the scene (the graph's node: the clicked cell itself, or
        // where the value was written when it passed through unchanged); -1 outside the window.
        const DiagramNode& version = graph.node(graph.version_at(selection.step, selection.slot));
        int node = -1;
        for (size_t i = 0; i < scene.nodes.size() && node < 0; ++i) {
            const figure::NodeInstance& n = scene.nodes[i];
            if (!n.pass && n.slot == version.slot && n.step == version.step) node = static_cast<int>(i);
        }
        view["selection"] = {
            {"value", values[static_cast<size_t>(selection.slot)]},
            {"node", node},
            {"inputs", graph.cone_inputs(selection.step, selection.slot).size()},
            {"outputs", graph.reach_outputs(selection.step, selection.slot).size()}};
    } else {
        view["selection"] = nullptr;
    }
    if (!window.all() && request.strip_width > 0) {
        const float height = figure::overview_height(style);
        figure::Overview o =
            figure::build_overview(trace, request.step, window, style, request.strip_width, height);
        view["overview"] = {{"frame", {figure::json_length(o.frame_x0), figure::json_length(o.frame_x1)}},
                            {"height", figure::json_length(height)}};
        out.strip = std::move(o.strip);
    } else {
        view["overview"] = nullptr;
    }
    return out;
}

}  // namespace scanviz::publish
