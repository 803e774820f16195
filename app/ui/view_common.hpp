// Small pieces several views share: the recording badge, the export panel,
// and the zoomable scene canvas with click-to-select.
#pragma once

#include <imgui.h>

#include <string>

#include "app.hpp"
#include "core/i18n/i18n.hpp"
#include "core/figure/scene.hpp"
#include "scene_canvas.hpp"
#include "theme.hpp"

namespace scanviz::ui {

// "recorded on NVIDIA H100 ... on DATE": shown on every view while the trace on
// screen came from a recording.
void DrawBadge(const App& app);

// ImGui::TextWrapped's drop-in for text that may be Chinese: ImGui 1.86 breaks lines only at
// spaces, so a run of ideographs (which has none) would overflow or leave a line half empty.
// Chinese text breaks between any two ideographs here, never before closing punctuation nor after
// an opening one; text without CJK goes to ImGui::TextWrapped unchanged.
void TextWrappedCJK(const char* fmt, ...) IM_FMTARGS(1);
void WrappedText(const std::string& text);

// The job in hand (app.jobs): a Cancel button and its progress bar with what it is
// doing ("cancelling..." once asked). Nothing when no job runs.
void DrawJobProgress(App& app);

// The "-", "+" and "Fit" buttons of a scene view.
void DrawZoomButtons(SceneCanvas& canvas);

// The top of a figure view (the state, the diagram): its pinned window, the badge, the view
// brought up to date, its zoom and export buttons; the caller goes on on the same line.
template <class FigureView>
void BeginFigureView(const char* title, App& app, FigureView& view) {
    // The title in the reader's language (a caller's English msgid is translated here; one already
    // translated is shown as it is); the window's id is the panel's name, whatever the language.
    const std::string shown =
        std::string(i18n::has_translation("", title) || i18n::language() == i18n::Language::En ? i18n::tr(title)
                                                                                              : title) +
        "###" + view.export_panel.what;
    ImGui::Begin(shown.c_str(), nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                     ImGuiWindowFlags_NoBackground);
    DrawBadge(app);
    view.Update(app);
    DrawZoomButtons(view.canvas);
    ImGui::SameLine();
    view.export_panel.Draw(app, view.canvas, view.scene);
    ImGui::SameLine();
}

// The scene (or the error that stopped it being built) filling the rest of the
// window; applies the zoom or fit asked for this frame, and turns a click on a
// cell into a selection (a second click on the selected cell clears it).
// scene_changed is reset once the canvas has the new scene.
void DrawSceneAndSelect(App& app, SceneCanvas& canvas, const char* id, const figure::Scene& scene,
                        bool& scene_changed, const std::string& error, const Fonts& fonts);

// The overview strip of a figure whose array is not all on screen (core/figure/legible.hpp):
// the whole array as bars, the cells the step wrote in their colour, and the slots on
// screen framed. Takes `height` px of the window when shown. Returns the slot clicked in
// it (the view moves its window there), or -1. `out` keeps what was drawn (the state dump).
struct OverviewDrawn {
    bool shown = false;
    float rect[4] = {0, 0, 0, 0};      // the strip, window px
    float frame[2] = {0, 0};           // the framed part, window px (x0, x1)
    int first_slot = 0, end_slot = 0;  // the slots framed
};
int DrawOverview(const Trace& trace, int step, const SceneCanvas& canvas, const figure::SceneStyle& style,
                 bool needed, float height, OverviewDrawn& out);

// Export of one view's scene for slides: PNG at a chosen resolution, and SVG.
// What a view's scene was built from: the trace, step, selection and mode.
struct SceneKey {
    uint64_t generation = ~0ull;
    int step = -2;
    figure::Selection selection{-2, -2};
    bool presentation = false;
    bool so_far = false;  // Settings::lesson_so_far
    int language = -1;    // i18n::language(): a scene's words are built in the language shown
    uint64_t hazards = ~0ull;  // App::hazards_key(): your kernel's hazards drawn
    // True, with the key brought up to date, when the app shows something else.
    bool update(const App& app);
};

// The start of a chart drawn into the window: its place (a Dummy of `size`
// taken from the layout), the draw list and the axis and grid colours of the mode.
struct ChartFrame {
    ImDrawList* dl = nullptr;
    ImVec2 p0;
    bool pres = false;
    ImU32 axis = 0, grid = 0;
};
ChartFrame BeginChart(const App& app, ImVec2 size);

struct ExportPanel {
    explicit ExportPanel(std::string what_) : what(std::move(what_)) {}
    std::string what;  // "diagram", "state": part of the default file names
    int width = 1920;
    int height = 1080;
    std::string png_path;
    std::string svg_path;
    std::string message;
    bool message_is_error = false;

    // A button that opens the panel's popup.
    void Draw(App& app, SceneCanvas& canvas, const figure::Scene& scene);
    // The same actions without the popup (scripts, tests). Return success; set message.
    bool ExportPng(SceneCanvas& canvas, const figure::Scene& scene, const std::string& path, int w, int h);
    bool ExportSvg(const figure::Scene& scene, const std::string& path);
};

}  // namespace scanviz::ui
