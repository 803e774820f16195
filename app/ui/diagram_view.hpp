// Dependency diagram of the whole run: one row per step, one column per slot,
// an edge per operand; the current step's row highlighted; a click on a cell
// selects it and lights its dependency cone and its reach.
#pragma once

#include <string>

#include "app.hpp"
#include "render/scene.hpp"
#include "scene_canvas.hpp"
#include "theme.hpp"
#include "view_common.hpp"

namespace scanviz::ui {

struct DiagramView {
    SceneCanvas canvas;
    render::Scene scene;
    ExportPanel export_panel{"diagram"};
    std::string error;
    int cone_inputs = 0;    // of the selection: inputs it depends on
    int reach_outputs = 0;  // outputs it feeds

    bool Init(const Fonts* fonts, std::string* err);
    bool Update(const App& app);
    void Draw(App& app);

private:
    const Fonts* fonts_ = nullptr;
    SceneKey key_;
    bool changed_ = true;
};

}  // namespace scanviz::ui
