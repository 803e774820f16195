// State view: the array or the lanes at the current step, the cells written in
// it highlighted, arrows from the slots they read, inactive lanes greyed.
#pragma once

#include <string>

#include "app.hpp"
#include "render/scene.hpp"
#include "scene_canvas.hpp"
#include "theme.hpp"
#include "view_common.hpp"

namespace scanviz::ui {

struct StateView {
    SceneCanvas canvas;
    render::Scene scene;
    ExportPanel export_panel{"state"};
    std::string error;  // building the scene failed (shown in place of the image)

    bool Init(const Fonts* fonts, std::string* err);
    // Rebuilds the scene when the trace, step, selection or mode changed; returns true then.
    bool Update(const App& app);
    void Draw(App& app);

private:
    const Fonts* fonts_ = nullptr;
    SceneKey key_;
    bool changed_ = true;
};

}  // namespace scanviz::ui
