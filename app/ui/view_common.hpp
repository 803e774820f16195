// Small pieces several views share: the recording badge and the export panel.
#pragma once

#include <string>

#include "app.hpp"
#include "render/scene.hpp"
#include "scene_canvas.hpp"

namespace scanviz::ui {

// "recorded on NVIDIA H100 ... on DATE": shown on every view while the trace on
// screen came from a recording (issue 7).
void DrawBadge(const App& app);

// Export of one view's scene for slides: PNG at a chosen resolution, and SVG.
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
    void Draw(App& app, SceneCanvas& canvas, const render::Scene& scene);
    // The same actions without the popup (scripts, tests). Return success; set message.
    bool ExportPng(SceneCanvas& canvas, const render::Scene& scene, const std::string& path, int w, int h);
    bool ExportSvg(const render::Scene& scene, const std::string& path);
};

}  // namespace scanviz::ui
