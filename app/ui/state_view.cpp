#include "state_view.hpp"

#include <imgui.h>

#include "render/trace_scene.hpp"
#include "view_common.hpp"

namespace scanviz::ui {

bool StateView::Init(const Fonts* fonts, std::string* err) {
    fonts_ = fonts;
    return canvas.init(err);
}

bool StateView::Update(const App& app) {
    if (!app.has_trace) return false;
    if (!key_.update(app)) return false;
    try {
        scene = render::build_state_scene(app.trace, app.step, app.selection, scene_style(key_.presentation));
        error.clear();
    } catch (const std::exception& e) {
        scene = render::Scene{};
        error = std::string("cannot draw this step: ") + e.what();
    }
    changed_ = true;
    return true;
}

void StateView::Draw(App& app) {
    ImGui::Begin("State", nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
    DrawBadge(app);
    const uint64_t before = key_.generation;
    Update(app);
    if (before != key_.generation) canvas.fit();  // a new trace: show all of it
    DrawZoomButtons(canvas);
    ImGui::SameLine();
    export_panel.Draw(app, canvas, scene);
    ImGui::SameLine();
    if (app.has_trace) {
        const Metrics& m = app.metrics;
        if (app.step >= 0 && app.step < static_cast<int>(m.per_step.size())) {
            const Step& st = app.trace.steps[static_cast<size_t>(app.step)];
            const StepMetrics& sm = m.per_step[static_cast<size_t>(app.step)];
            ImGui::Text("step %d of %d: %s, then %s   active %d of %d   work %lld", app.step + 1, app.steps(),
                        st.label.c_str(), st.barrier.c_str(), sm.active_lanes,
                        app.trace.threads * app.trace.blocks, static_cast<long long>(sm.work));
        } else {
            ImGui::Text("initial state (before step 1 of %d)", app.steps());
        }
    } else {
        ImGui::TextUnformatted("no trace yet");
    }

    DrawSceneAndSelect(app, canvas, "##state_canvas", scene, changed_, error, *fonts_);
    ImGui::End();
}

}  // namespace scanviz::ui
