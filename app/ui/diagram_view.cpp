#include "diagram_view.hpp"

#include "core/i18n/step_label.hpp"

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
                                            window, app.hazards_shown());
        if (app.settings.lesson_so_far) figure::keep_diagram_rows_up_to(scene, app.step);
        error.clear();
    } catch (const std::exception& e) {
        scene = figure::Scene{};
        error = i18n::format(i18n::tr("cannot draw the diagram: %s"), e.what());
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
    const std::string title = std::string(i18n::tr("Dependency diagram")) + "###diagram";
    BeginFigureView(title.c_str(), app, *this);
    if (app.selection.valid()) {
        const int s = app.selection.step;
        const auto& values = s < 0 ? app.trace.initial_state : app.trace.steps[static_cast<size_t>(s)].state;
        const double v = values[static_cast<size_t>(app.selection.slot)];
        // Two counts, each with its own plural: the cone's inputs and the outputs the value feeds.
        const std::string inputs =
            i18n::format(i18n::trn("depends on %d input", "depends on %d inputs", static_cast<unsigned long>(cone_inputs)),
                        cone_inputs);
        const std::string outputs =
            i18n::format(i18n::trn("feeds %d output", "feeds %d outputs", static_cast<unsigned long>(reach_outputs)),
                        reach_outputs);
        if (s < 0)
            ImGui::Text(i18n::tr("slot %d after the start = %g: %s, %s"), app.selection.slot, v, inputs.c_str(),
                        outputs.c_str());
        else
            ImGui::Text(i18n::tr("slot %d after %s = %g: %s, %s"), app.selection.slot,
                        i18n::step_label(app.trace.steps[static_cast<size_t>(s)].label).c_str(), v, inputs.c_str(),
                        outputs.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton((std::string(i18n::tr("clear")) + "###clear_selection").c_str())) app.select(-1, -1);
    } else {
        ImGui::TextUnformatted(i18n::tr("click a cell: its dependency cone and reach light up"));
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
