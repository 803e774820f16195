// SVG of a scene: nodes as rect, edges as line with arrow markers, labels as text.
// The window's "Export SVG" writes this; the published web page draws the same
// scene data (figure_json.hpp) with the same rules in JavaScript.
#pragma once

#include <string>

#include "core/figure/scene.hpp"

namespace scanviz::figure {

std::string scene_to_svg(const Scene& scene);
// False with a one-line message when the file cannot be written.
bool export_svg(const Scene& scene, const std::string& path, std::string* error);

}  // namespace scanviz::figure
