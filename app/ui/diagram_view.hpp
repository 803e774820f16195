// Dependency diagram of the whole run, drawn as the textbooks draw it: one row per
// step (the whole array), one column per slot, unchanged cells as faint
// pass-throughs, edges between consecutive rows only; the current step's row
// highlighted; a click on a cell selects it and lights its dependency cone and its
// reach. Never below legible size: a large array shows a window of columns around
// the step or the selection, with the overview strip above.
#pragma once

#include <string>

#include "app.hpp"
#include "core/figure/legible.hpp"
#include "core/figure/scene.hpp"
#include "scene_canvas.hpp"
#include "theme.hpp"
#include "view_common.hpp"

namespace scanviz::ui {

// The most columns a diagram scene holds; the overview strip moves the window.
inline constexpr int kDiagramWindowSlots = figure::kDiagramWindowSlots;

struct DiagramView {
    SceneCanvas canvas;
    figure::Scene scene;
    ExportPanel export_panel{"diagram"};
    std::string error;
    int cone_inputs = 0;    // of the selection: inputs it depends on
    int reach_outputs = 0;  // outputs it feeds
    figure::FigureWindow window;
    OverviewDrawn overview;

    bool Init(const Fonts* fonts, std::string* err);
    bool Update(const App& app);
    void Draw(App& app);

private:
    const Fonts* fonts_ = nullptr;
    SceneKey key_;
    bool changed_ = true;
    bool force_ = false;
    bool manual_window_ = false;
};

}  // namespace scanviz::ui
