#include "controls_view.hpp"

#include "core/i18n/step_label.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <string>

#include "view_common.hpp"

namespace scanviz::ui {

void ControlsView::HandleKeys(App& app) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) app.toggle_play();
    if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) app.step_by(-1);
    if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) app.step_by(1);
    if (ImGui::IsKeyPressed(GLFW_KEY_HOME, false)) app.first();
    if (ImGui::IsKeyPressed(GLFW_KEY_END, false)) app.last();
    if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD))
        app.zoom_request *= 1.25f;
    if (ImGui::IsKeyPressed(GLFW_KEY_MINUS) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT))
        app.zoom_request /= 1.25f;
    if (ImGui::IsKeyPressed(GLFW_KEY_F11, false)) app.settings.fullscreen = !app.settings.fullscreen;
    // F5, as slide software: the lecture layout (figures fill the screen, large type).
    if (ImGui::IsKeyPressed(GLFW_KEY_F5, false)) app.settings.presentation = !app.settings.presentation;
}

void ControlsView::Draw(App& app) {
    ImGui::Begin((std::string(i18n::tr("Controls")) + "###controls").c_str(), nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                     ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
    const bool have = app.has_trace && app.steps() > 0;
    if (!have) ImGui::BeginDisabled();
    if (ImGui::Button("|<")) app.first();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("first (Home)"));
    ImGui::SameLine();
    if (ImGui::Button("<")) app.step_by(-1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("back (Left)"));
    ImGui::SameLine();
    // As wide as the wider of its two words, so the buttons after it stay put.
    const char* play = i18n::tr("Play");
    const char* pause = i18n::tr("Pause");
    const float play_w = std::max(ImGui::CalcTextSize(play).x, ImGui::CalcTextSize(pause).x) +
                         ImGui::GetStyle().FramePadding.x * 2;
    if (ImGui::Button((std::string(app.playing ? pause : play) + "###play").c_str(), ImVec2(play_w, 0)))
        app.toggle_play();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("play / pause (Space)"));
    ImGui::SameLine();
    if (ImGui::Button(">")) app.step_by(1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("forward (Right)"));
    ImGui::SameLine();
    if (ImGui::Button(">|")) app.last();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("last (End)"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::SliderFloat("##speed", &app.settings.speed, 0.25f, 16.0f, i18n::tr("%.2f steps/s"),
                       ImGuiSliderFlags_Logarithmic);
    if (!have) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("-")) app.zoom_request /= 1.25f;
    ImGui::SameLine();
    if (ImGui::Button("+")) app.zoom_request *= 1.25f;
    ImGui::SameLine();
    if (ImGui::Button((std::string(i18n::tr("Fit")) + "###fit_all").c_str())) app.fit_request = true;
    ImGui::SameLine();
    ImGui::Checkbox((std::string(i18n::tr("Presentation (F5)")) + "###presentation").c_str(),
                    &app.settings.presentation);
    ImGui::SameLine();
    ImGui::Checkbox("F11", &app.settings.fullscreen);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("full screen (F11)"));

    // The scrubber: the rest of this line, or a line of its own when that is short.
    if (!have) ImGui::BeginDisabled();
    const float min_scrubber = ImGui::GetFontSize() * 20.0f;
    ImGui::SameLine();
    rows = 1;
    if (ImGui::GetContentRegionAvail().x < min_scrubber) {
        ImGui::NewLine();
        rows = 2;
    }
    ImGui::SetNextItemWidth(-1);
    int shown = app.step + 1;  // 0 = initial state, k = after step k
    const std::string total =
        app.settings.hide_step_count || app.settings.lesson_so_far ? "?" : std::to_string(app.steps());
    const std::string label = "%d / " + total + "  " + i18n::step_label(app.current_label());
    if (app.settings.lesson_so_far) {
        // A lesson: no scrubber, whose knob would show how far the run goes; the step and its label.
        ImGui::Text(i18n::tr("step %d  %s"), shown, i18n::step_label(app.current_label()).c_str());
    } else if (ImGui::SliderInt("##scrubber", &shown, 0, std::max(app.steps(), 0), label.c_str(),
                                ImGuiSliderFlags_AlwaysClamp)) {
        app.set_step(shown - 1);
    }
    if (!have) ImGui::EndDisabled();
    ImGui::End();
}

}  // namespace scanviz::ui
