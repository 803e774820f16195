#include "core/figure/figure_json.hpp"

#include <cmath>

#include "core/figure/legible.hpp"

namespace scanviz::figure {

double json_length(float v) { return std::round(static_cast<double>(v) * 100.0) / 100.0; }

nlohmann::json style_to_json(const SceneStyle& s) {
    // No colours: the page draws what the module's SVG says, and tells a highlight by its role.
    return {{"border_px", s.border_px},
            {"edge_px", s.edge_px},
            {"head_px", s.head_px},
            // The smallest scale at which cells and values stay legible (legible.hpp): the
            // page scrolls a figure rather than shrink it below this.
            {"legible_zoom", legible_zoom(s)}};
}

}  // namespace scanviz::figure
