// Scenes of a trace are built in core (core/figure/trace_scene.hpp), the one place
// that lays out the state view and the dependency diagram for the window, its
// PNG/SVG export and the published web page.
#pragma once

#include "core/figure/trace_scene.hpp"
#include "render/scene.hpp"

namespace scanviz::render {

using figure::build_bank_scene;
using figure::build_diagram_scene;
using figure::build_state_scene;
using figure::SceneStyle;
using figure::Selection;

}  // namespace scanviz::render
