// Controls: first, back, play/pause, forward, last, speed, scrubber, zoom,
// presentation mode; and the keys (Space, Left/Right, Home/End, +/-, F11).
#pragma once

#include "app.hpp"

namespace scanviz::ui {

struct ControlsView {
    int rows = 1;  // lines the controls took in the last frame (the scrubber wraps when narrow)

    void Draw(App& app);
    // Keys, when no text field has the keyboard.
    void HandleKeys(App& app);
};

}  // namespace scanviz::ui
