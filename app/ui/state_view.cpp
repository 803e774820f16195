#include "state_view.hpp"

#include <imgui.h>

#include <algorithm>

#include "core/analysis/metrics.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "view_common.hpp"

namespace scanviz::ui {

bool StateView::Init(const Fonts* fonts, std::string* err) {
    fonts_ = fonts;
    return canvas.init(err);
}

bool StateView::Update(const App& app) {
    if (!app.has_trace) return false;
    const int old_step = key_.step;
    const uint64_t old_generation = key_.generation;
    const bool key_changed = key_.update(app);
    const int warps = std::max(1, (app.trace.threads + kWarpThreads - 1) / kWarpThreads);
    bank_warp = std::clamp(bank_warp, 0, warps - 1);
    if (!key_changed && !force_ && banks_ == app.settings.show_banks && (!banks_ || built_warp_ == bank_warp))
        return false;
    if (!force_ && (old_step != key_.step || old_generation != key_.generation)) manual_window_ = false;
    force_ = false;
    if (!manual_window_) window = figure::focus_window(app.trace, app.step, app.selection, kStateWindowSlots);
    banks_ = app.settings.show_banks;
    built_warp_ = bank_warp;
    const figure::SceneStyle style = scene_style(key_.presentation);
    try {
        scene = banks_ ? figure::build_bank_scene(app.trace, app.step, bank_warp, style)
                       : figure::build_state_scene(app.trace, app.step, app.selection, style, window,
                                                    app.hazards_shown());
        error.clear();
    } catch (const std::exception& e) {
        scene = figure::Scene{};
        error = std::string(i18n::tr("cannot draw this step: ")) + e.what();
    }
    canvas.set_legibility(style, figure::focus_box(scene, app.selection, app.step));
    canvas.fit();  // follow the step: its cells in view at a legible size
    changed_ = true;
    return true;
}

void StateView::Draw(App& app) {
    BeginFigureView(i18n::tr("State"), app, *this);
    const bool banks_locked = app.settings.is_locked("banks");  // a question asks for a conflict degree
    if (banks_locked) ImGui::BeginDisabled();
    ImGui::Checkbox((std::string(i18n::tr("banks")) + "###banks").c_str(), &app.settings.show_banks);
    if (banks_locked) ImGui::EndDisabled();
    if (app.settings.show_banks && app.has_trace && app.trace.threads > kWarpThreads) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
        const int warps = (app.trace.threads + kWarpThreads - 1) / kWarpThreads;
        ImGui::SliderInt((std::string(i18n::tr("warp")) + "###warp").c_str(), &bank_warp, 0, warps - 1);
    }
    ImGui::SameLine();
    if (app.has_trace) {
        const Metrics& m = app.metrics;
        if (app.step >= 0 && app.step < static_cast<int>(m.per_step.size())) {
            const Step& st = app.trace.steps[static_cast<size_t>(app.step)];
            const StepMetrics& sm = m.per_step[static_cast<size_t>(app.step)];
            // A lesson keeps back the number of steps (a span or step-count question would read it
            // here), and a work question the step's work.
            const Settings& set = app.settings;
            const int threads = app.trace.threads * app.trace.blocks;
            const std::string label = i18n::step_label(st.label), barrier = i18n::barrier_label(st.barrier);
            if (set.lesson_so_far || set.hide_step_count)
                ImGui::Text(set.hide_step_work ? i18n::tr("step %d: %s, then %s   active %d of %d")
                                               : i18n::tr("step %d: %s, then %s   active %d of %d   work %lld"),
                            app.step + 1, label.c_str(), barrier.c_str(), sm.active_lanes, threads,
                            static_cast<long long>(sm.work));
            else
                ImGui::Text(i18n::tr("step %d of %d: %s, then %s   active %d of %d   work %lld"), app.step + 1,
                            app.steps(), label.c_str(), barrier.c_str(), sm.active_lanes, threads,
                            static_cast<long long>(sm.work));
        } else if (app.settings.lesson_so_far || app.settings.hide_step_count) {
            ImGui::TextUnformatted(i18n::tr("initial state (before step 1)"));
        } else {
            ImGui::Text(i18n::tr("initial state (before step 1 of %d)"), app.steps());
        }
    } else {
        ImGui::TextUnformatted(i18n::tr("no trace yet"));
    }

    const figure::SceneStyle style = scene_style(app.settings.presentation);
    const bool partial =
        !banks_ && app.has_trace &&
        (!window.all() || canvas.end_visible_slot() - canvas.first_visible_slot() < app.trace.layout.slots);
    const int slot = DrawOverview(app.trace, app.step, canvas, style, partial, figure::overview_height(style), overview);
    if (slot >= 0) {
        window = figure::window_at(app.trace, slot, kStateWindowSlots);
        manual_window_ = true;
        force_ = true;  // rebuild with the new window
        Update(app);
    }
    DrawSceneAndSelect(app, canvas, "##state_canvas", scene, changed_, error, *fonts_);
    ImGui::End();
}

}  // namespace scanviz::ui
