// What a published web page needs of a figure besides its drawing (the drawing itself is SVG,
// written by svg.hpp): the style's sizes and the lengths it is told, as JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "core/figure/trace_scene.hpp"

namespace scanviz::figure {

// A length as the page data holds it (world units, rounded to 1/100 as the SVG writer's).
double json_length(float v);

// The style's line widths and its legible zoom (legible.hpp), by name ("border_px",
// "legible_zoom", ...): the page scrolls a figure rather than shrink it below that zoom.
nlohmann::json style_to_json(const SceneStyle& style);

}  // namespace scanviz::figure
