// The scene types live in core (core/figure/scene.hpp: plain data, no GL) so that the
// window and the published web page share one layout; the renderer names them here.
#pragma once

#include "core/figure/scene.hpp"

namespace scanviz::render {

using figure::Camera;
using figure::channel;
using figure::EdgeInstance;
using figure::fit_camera;
using figure::hit_test;
using figure::NodeInstance;
using figure::rgba;
using figure::Scene;
using figure::TextLabel;

}  // namespace scanviz::render
