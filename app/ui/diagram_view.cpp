#include "diagram_view.hpp"

#include <imgui.h>

#include "core/figure/trace_scene.hpp"
#include "view_common.hpp"

namespace scanviz::ui {

bool DiagramView::Init(const Fonts* fonts, std::string* err) {
    fonts_ = fonts;
    return canvas.init(err);
}

bool DiagramView::Update(const App& app) {
    if (!app.has_trace) return false;
    const uint64_t before = key_.generation;
    const int old_step = key_.step;
    if (!key_.update(app) && !force_) return false;
    if (!force_ && (before != key_.generation || old_step != key_.step)) manual_window_ = false;
    force_ = false;
    if (!manual_window_)
        window = figure::focus_window(app.trace, app.step, app.selection, kDiagramWindowSlots);
    const figure::SceneStyle style = scene_style(key_.presentation);
    try {
        scene = figure::build_diagram_scene(app.trace, app.graph, app.step, app.selection, style, nullptr,
                                            window);
        if (app.settings.lesson_so_far) figure::keep_diagram_rows_up_to(scene, app.step);
        error.clear();
    } catch (const std::exception& e) {
        scene = figure::Scene{};
        error = std::string("cannot draw the diagram: ") + e.what();
    }
    cone_inputs = reach_outputs = 0;
    if (app.selection.valid()) {
        // The inputs: initial values in the cone, and values a kernel loaded in its first step (written
        // from nothing on the trace's slots, as the segmented scan loads its packed values).
        for (int node : app.graph.cone(app.selection.step, app.selection.slot)) {
            const int step = app.graph.node(node).step;
            cone_inputs += step == -1 || (step == 0 && app.graph.in_edges(node).empty());
        }
        reach_outputs =
            static_cast<int>(app.graph.reach_outputs(app.selection.step, app.selection.slot).size());
    }
    canvas.set_legibility(style, figure::focus_box(scene, app.selection, app.step));
    canvas.fit();  // follow the step: its row in view at a legible size
    changed_ = true;
    return true;
}

void DiagramView::Draw(App& app) {
    BeginFigureView("Dependency diagram", app, *this);
    if (app.selection.valid()) {
        const int s = app.selection.step;
        const auto& values = s < 0 ? app.trace.initial_state : app.trace.steps[static_cast<size_t>(s)].state;
        const double v = values[static_cast<size_t>(app.selection.slot)];
        ImGui::Text("slot %d after %s = %g: depends on %d input%s, feeds %d output%s", app.selection.slot,
                    s < 0 ? "the start" : app.trace.steps[static_cast<size_t>(s)].label.c_str(), v,
                    cone_inputs, cone_inputs == 1 ? "" : "s", reach_outputs, reach_outputs == 1 ? "" : "s");
        ImGui::SameLine();
        if (ImGui::SmallButton("clear")) app.select(-1, -1);
    } else {
        ImGui::TextUnformatted("click a cell: its dependency cone and reach light up");
    }

    const figure::SceneStyle style = scene_style(app.settings.presentation);
    const bool partial =
        app.has_trace &&
        (!window.all() || canvas.end_visible_slot() - canvas.first_visible_slot() < app.trace.layout.slots);
    const int slot = DrawOverview(app.trace, app.step, canvas, style, partial, figure::overview_height(style), overview);
    if (slot >= 0) {
        window = figure::window_at(app.trace, slot, kDiagramWindowSlots);
        manual_window_ = true;
        force_ = true;
        Update(app);
    }
    DrawSceneAndSelect(app, canvas, "##diagram_canvas", scene, changed_, error, *fonts_);
    ImGui::End();
}

}  // namespace scanviz::ui
