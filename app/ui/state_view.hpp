// State view: the array or the lanes at the current step, the cells written in
// it highlighted, arrows from the slots they read, inactive lanes greyed. Never
// drawn below legible size (core/figure/legible.hpp): a large array shows a window
// of it, with the overview strip above. The bank picture (lesson 4) takes its
// place when show_banks is on.
#pragma once

#include <string>

#include "app.hpp"
#include "core/figure/legible.hpp"
#include "core/figure/scene.hpp"
#include "scene_canvas.hpp"
#include "theme.hpp"
#include "view_common.hpp"

namespace scanviz::ui {

// The most slots a state scene holds (16 rows of 32); the overview strip moves the window.
inline constexpr int kStateWindowSlots = figure::kStateWindowSlots;

struct StateView {
    SceneCanvas canvas;
    figure::Scene scene;
    ExportPanel export_panel{"state"};
    std::string error;  // building the scene failed (shown in place of the image)
    figure::FigureWindow window;
    OverviewDrawn overview;
    int bank_warp = 0;  // the warp the bank picture shows

    bool Init(const Fonts* fonts, std::string* err);
    // Rebuilds the scene when the trace, step, selection or mode changed; returns true then.
    bool Update(const App& app);
    void Draw(App& app);

private:
    const Fonts* fonts_ = nullptr;
    SceneKey key_;
    bool changed_ = true;
    bool banks_ = false;
    bool force_ = false;
    int built_warp_ = -1;
    bool manual_window_ = false;  // moved through the overview strip: kept until the step changes
};

}  // namespace scanviz::ui
