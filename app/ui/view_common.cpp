#include "view_common.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include "core/figure/svg.hpp"
#include "core/run/badge.hpp"
#include "render/export.hpp"
#include "theme.hpp"

namespace scanviz::ui {

ChartFrame BeginChart(const App& app, ImVec2 size) {
    ChartFrame f;
    f.dl = ImGui::GetWindowDrawList();
    f.p0 = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    f.pres = app.settings.presentation;
    f.axis = f.pres ? IM_COL32(255, 255, 255, 255) : IM_COL32(40, 40, 40, 255);
    f.grid = f.pres ? IM_COL32(90, 90, 90, 255) : IM_COL32(215, 215, 215, 255);
    return f;
}

bool SceneKey::update(const App& app) {
    if (generation == app.trace_generation && step == app.step && selection.step == app.selection.step &&
        selection.slot == app.selection.slot && presentation == app.settings.presentation &&
        so_far == app.settings.lesson_so_far)
        return false;
    so_far = app.settings.lesson_so_far;
    generation = app.trace_generation;
    step = app.step;
    selection = app.selection;
    presentation = app.settings.presentation;
    return true;
}

void DrawBadge(const App& app) {
    if (!app.badge) return;
    ImGui::TextColored(badge_colour(app.settings.presentation), "%s", badge_text(*app.badge).c_str());
}

void DrawJobProgress(App& app) {
    const JobStatus job = app.jobs.status();
    if (!job.running) return;
    if (job.cancelling) ImGui::BeginDisabled();
    if (ImGui::Button("Cancel")) app.jobs.cancel();
    if (job.cancelling) ImGui::EndDisabled();
    ImGui::SameLine();
    const std::string what = job.cancelling ? "cancelling..." : job.text;
    ImGui::ProgressBar(static_cast<float>(job.fraction), ImVec2(ImGui::GetFontSize() * 14, 0), what.c_str());
}

void DrawZoomButtons(SceneCanvas& canvas) {
    if (ImGui::SmallButton("-")) canvas.zoom_by(1.0f / 1.25f);
    ImGui::SameLine();
    if (ImGui::SmallButton("+")) canvas.zoom_by(1.25f);
    ImGui::SameLine();
    if (ImGui::SmallButton("Fit")) canvas.fit();
}

void DrawSceneAndSelect(App& app, SceneCanvas& canvas, const char* id, const figure::Scene& scene,
                        bool& scene_changed, const std::string& error, const Fonts& fonts) {
    if (!error.empty()) {
        ImGui::TextColored(ImColor(error_colour(app.settings.presentation)), "%s", error.c_str());
        return;
    }
    if (!app.has_trace) return;
    if (app.zoom_request != 1.0f) canvas.zoom_by(app.zoom_request);
    if (app.fit_request) canvas.fit();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const int hit = canvas.Draw(id, scene, scene_changed, avail, fonts.ui(false), fonts.sans_large);
    scene_changed = false;
    if (hit < 0) return;
    const figure::NodeInstance& n = scene.nodes[static_cast<size_t>(hit)];
    if (app.selection.valid() && app.selection.slot == n.slot && app.selection.step == n.step)
        app.select(-1, -1);
    else
        app.select(n.step, n.slot);
}

int DrawOverview(const Trace& trace, int step, const SceneCanvas& canvas, const figure::SceneStyle& style,
                 bool needed, float height, OverviewDrawn& out) {
    out = OverviewDrawn{};
    if (!needed) return -1;
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const int slots = trace.layout.slots;
    int first = canvas.first_visible_slot(), end = canvas.end_visible_slot();
    if (end <= first) end = first + 1;
    const figure::Overview o =
        figure::build_overview(trace, step, figure::FigureWindow{first, end - first}, style, width, height);
    ImGui::InvisibleButton("##overview", ImVec2(std::max(width, 1.0f), height));
    int clicked = -1;
    if (ImGui::IsItemClicked()) clicked = o.slot_at(ImGui::GetIO().MousePos.x - p0.x, slots);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p0, ImVec2(p0.x + width, p0.y + height), style.background);
    for (const figure::NodeInstance& n : o.strip.nodes) {
        const ImVec2 a(p0.x + n.x, p0.y + n.y), b(p0.x + n.x + n.w, p0.y + n.y + n.h);
        if (n.fill_rgba >> 24) dl->AddRectFilled(a, b, n.fill_rgba);
        if (n.border_px > 0) dl->AddRect(a, b, n.border_rgba, 0.0f, 0, n.border_px);
    }
    out.shown = true;
    out.rect[0] = p0.x;
    out.rect[1] = p0.y;
    out.rect[2] = p0.x + width;
    out.rect[3] = p0.y + height;
    out.frame[0] = p0.x + o.frame_x0;
    out.frame[1] = p0.x + o.frame_x1;
    out.first_slot = first;
    out.end_slot = end;
    return clicked;
}

bool ExportPanel::ExportPng(SceneCanvas& canvas, const figure::Scene& scene, const std::string& path, int w,
                            int h) {
    std::string error;
    // Legible as on screen: never smaller than the style's legible size (a slide shows a
    // window of a large figure, as the window does).
    const figure::Camera camera = canvas.export_camera(scene, w, h);
    const bool ok = render::export_png(canvas.renderer(), scene, w, h, path, &error, &camera);
    canvas.invalidate();  // export_png drew into the canvas renderer's framebuffer
    message_is_error = !ok;
    message = ok ? "wrote " + path + " (" + std::to_string(w) + "x" + std::to_string(h) + ")" : error;
    return ok;
}

bool ExportPanel::ExportSvg(const figure::Scene& scene, const std::string& path) {
    std::string error;
    const bool ok = figure::export_svg(scene, path, &error);
    message_is_error = !ok;
    message = ok ? "wrote " + path : error;
    return ok;
}

void ExportPanel::Draw(App& app, SceneCanvas& canvas, const figure::Scene& scene) {
    if (png_path.empty()) png_path = "scanviz_" + what + ".png";
    if (svg_path.empty()) svg_path = "scanviz_" + what + ".svg";
    const std::string popup = "export " + what;
    if (ImGui::SmallButton("Export...")) ImGui::OpenPopup(popup.c_str());
    if (ImGui::BeginPopup(popup.c_str())) {
        ImGui::Text("Export the %s for slides", what.c_str());
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::InputInt("width px", &width, 0);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::InputInt("height px", &height, 0);
        if (ImGui::SmallButton("1920x1080")) {
            width = 1920;
            height = 1080;
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("3840x2160")) {
            width = 3840;
            height = 2160;
        }
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
        ImGui::InputText("PNG file", &png_path);
        ImGui::SameLine();
        if (ImGui::Button("Save PNG")) ExportPng(canvas, scene, png_path, width, height);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
        ImGui::InputText("SVG file", &svg_path);
        ImGui::SameLine();
        if (ImGui::Button("Save SVG")) ExportSvg(scene, svg_path);
        if (!message.empty()) {
            if (message_is_error)
                ImGui::TextColored(ImColor(error_colour(app.settings.presentation)), "%s", message.c_str());
            else
                ImGui::TextUnformatted(message.c_str());
        }
        ImGui::EndPopup();
    }
}

}  // namespace scanviz::ui
