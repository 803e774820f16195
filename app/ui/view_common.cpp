#include "view_common.hpp"

#include "drawn_text.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // CalcWrapWidthForPos, the window's text wrap position
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <cstdarg>
#include <cstdio>
#include <vector>


#include "core/figure/svg.hpp"
#include "core/i18n/i18n.hpp"
#include "core/run/badge.hpp"
#include "render/export.hpp"
#include "theme.hpp"

namespace scanviz::ui {

namespace {

// The byte length of the UTF-8 sequence that starts with `c` (1 for a stray continuation byte).
size_t utf8_len(unsigned char c) { return c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; }

unsigned utf8_at(const std::string& s, size_t i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const size_t n = utf8_len(c);
    if (n == 1 || i + n > s.size()) return c;
    unsigned cp = c & (0xFF >> (n + 1));
    for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    return cp;
}

bool is_cjk(unsigned cp) { return cp >= 0x2E80 && cp <= 0xFFEF; }

// Punctuation that must not start a line (it closes or follows) or end one (it opens).
bool closes(unsigned cp) {
    static const unsigned kCloses[] = {0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF09,
                                       0x300B, 0x300D, 0x300F, 0x3011, 0x201D, 0x2019, 0x2026, ',', '.',
                                       ';', ':', '!', '?', ')', ']'};
    for (unsigned c : kCloses)
        if (c == cp) return true;
    return false;
}
bool opens(unsigned cp) { return cp == 0xFF08 || cp == 0x300A || cp == 0x300C || cp == 0x300E || cp == 0x3010 || cp == 0x201C || cp == 0x2018; }

}  // namespace

void WrappedText(const std::string& text) {
    bool cjk = false;
    for (size_t i = 0; i < text.size(); i += utf8_len(static_cast<unsigned char>(text[i])))
        if (is_cjk(utf8_at(text, i))) {
            cjk = true;
            break;
        }
    if (!cjk) {
        ImGui::TextWrapped("%s", text.c_str());
        return;
    }
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    // As TextWrapped: the wrap position pushed, else the end of the content region (0).
    const float wrap_pos = window->DC.TextWrapPos < 0.0f ? 0.0f : window->DC.TextWrapPos;
    const float wrap_width =
        std::max(ImGui::GetFontSize() * 2, ImGui::CalcWrapWidthForPos(ImGui::GetCursorScreenPos(), wrap_pos));
    ImFont* font = ImGui::GetFont();
    const float px = ImGui::GetFontSize();
    auto width = [&](size_t a, size_t b) { return font->CalcTextSizeA(px, FLT_MAX, 0.0f, text.data() + a, text.data() + b).x; };
    // Break units: a run of non-space non-CJK characters with the spaces after it, or one
    // ideograph; closing punctuation stays with what it follows, an opening one with what follows it.
    note_drawn_text(text);  // whole: a parenthesis may open on one line and close on the next
    const NotRecorded lines;
    std::vector<size_t> cuts;  // unit starts
    for (size_t i = 0; i < text.size();) {
        cuts.push_back(i);
        const unsigned cp = utf8_at(text, i);
        size_t j = i + utf8_len(static_cast<unsigned char>(text[i]));
        if (text[i] == '\n') {
            i = j;
            continue;
        }
        if (!is_cjk(cp) || opens(cp)) {
            if (opens(cp) && j < text.size()) j += utf8_len(static_cast<unsigned char>(text[j]));
            while (j < text.size() && text[j] != ' ' && text[j] != '\n' && !is_cjk(utf8_at(text, j))) j += utf8_len(static_cast<unsigned char>(text[j]));
        }
        while (j < text.size() && closes(utf8_at(text, j))) j += utf8_len(static_cast<unsigned char>(text[j]));
        while (j < text.size() && text[j] == ' ') ++j;
        i = j;
    }
    cuts.push_back(text.size());
    size_t line_start = 0;
    float line_w = 0;
    auto emit = [&](size_t end) {
        size_t e = end;
        while (e > line_start && (text[e - 1] == ' ' || text[e - 1] == '\n')) --e;
        ImGui::TextUnformatted(text.data() + line_start, text.data() + e);
    };
    for (size_t u = 0; u + 1 < cuts.size(); ++u) {
        const size_t a = cuts[u], b = cuts[u + 1];
        if (text[a] == '\n') {
            emit(a);
            line_start = b;
            line_w = 0;
            continue;
        }
        const float w = width(a, b);
        if (line_w > 0 && line_w + w > wrap_width) {
            emit(a);
            line_start = a;
            line_w = 0;
        }
        line_w += w;
    }
    if (line_start < text.size() || text.empty()) emit(text.size());
}

void TextWrappedCJK(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    const std::string text = i18n::vformat(fmt, args);
    va_end(args);
    WrappedText(text);
}


using i18n::tr;

namespace {
// The panels' names (ExportPanel::what), shown in "Export the %s for slides".
[[maybe_unused]] constexpr const char* kExportWhat[] = {i18n::N_("state"), i18n::N_("diagram")};
}  // namespace


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
        so_far == app.settings.lesson_so_far && language == static_cast<int>(i18n::language()) &&
        hazards == app.hazards_key())
        return false;
    hazards = app.hazards_key();
    so_far = app.settings.lesson_so_far;
    language = static_cast<int>(i18n::language());
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
    if (ImGui::Button((std::string(tr("Cancel")) + "###cancel_job").c_str())) app.jobs.cancel();
    if (job.cancelling) ImGui::EndDisabled();
    ImGui::SameLine();
    const std::string what = job.cancelling ? tr("cancelling...") : job.text;
    ImGui::ProgressBar(static_cast<float>(job.fraction), ImVec2(ImGui::GetFontSize() * 14, 0), what.c_str());
}

void DrawZoomButtons(SceneCanvas& canvas) {
    if (ImGui::SmallButton("-")) canvas.zoom_by(1.0f / 1.25f);
    ImGui::SameLine();
    if (ImGui::SmallButton("+")) canvas.zoom_by(1.25f);
    ImGui::SameLine();
    if (ImGui::SmallButton((std::string(tr("Fit")) + "###fit").c_str())) canvas.fit();
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
    if (hit < 0 || app.settings.lock_selection) return;
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
    char line[1024];
    std::snprintf(line, sizeof line, tr("wrote %s (%dx%d)"), path.c_str(), w, h);
    message = ok ? std::string(line) : error;
    return ok;
}

bool ExportPanel::ExportSvg(const figure::Scene& scene, const std::string& path) {
    std::string error;
    const bool ok = figure::export_svg(scene, path, &error);
    message_is_error = !ok;
    char line[1024];
    std::snprintf(line, sizeof line, tr("wrote %s"), path.c_str());
    message = ok ? std::string(line) : error;
    return ok;
}

void ExportPanel::Draw(App& app, SceneCanvas& canvas, const figure::Scene& scene) {
    if (png_path.empty()) png_path = "scanviz_" + what + ".png";
    if (svg_path.empty()) svg_path = "scanviz_" + what + ".svg";
    const std::string popup = "export " + what;
    if (ImGui::SmallButton((std::string(tr("Export...")) + "###export").c_str())) ImGui::OpenPopup(popup.c_str());
    if (ImGui::BeginPopup(popup.c_str())) {
        ImGui::Text(tr("Export the %s for slides"), tr(what.c_str()));
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::InputInt((std::string(tr("width px")) + "###width").c_str(), &width, 0);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::InputInt((std::string(tr("height px")) + "###height").c_str(), &height, 0);
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
        ImGui::InputText((std::string(tr("PNG file")) + "###png").c_str(), &png_path);
        ImGui::SameLine();
        if (ImGui::Button((std::string(tr("Save PNG")) + "###save_png").c_str())) ExportPng(canvas, scene, png_path, width, height);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
        ImGui::InputText((std::string(tr("SVG file")) + "###svg").c_str(), &svg_path);
        ImGui::SameLine();
        if (ImGui::Button((std::string(tr("Save SVG")) + "###save_svg").c_str())) ExportSvg(scene, svg_path);
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
