// A scene as compact JSON, for the published web page's script (web/scanviz.js), which
// draws it with the same rules as scene_to_svg (svg.hpp): one layout, two outputs.
//   {"w": width, "h": height, "bg": colour, "palette": [colour, ...],
//    "nodes":  [x, y, w, h, fill, border, border_px, step, slot, radius, ...]   (10 per node),
//    "edges":  [x0, y0, x1, y1, colour, width_px, head_px, ...]                 (7 per edge),
//    "labels": [x, y, text, colour, size, centered (0/1), slot, ...]            (7 per label)}
// Colours are the scene's packed RGBA numbers (red in the low byte), listed once in
// "palette" and named by their index there; lengths are rounded to 1/100 of a world unit.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/figure/scene.hpp"
#include "core/figure/trace_scene.hpp"

namespace scanviz::figure {

inline constexpr int kJsonNodeStride = 10;
inline constexpr int kJsonEdgeStride = 7;
inline constexpr int kJsonLabelStride = 7;

// The scene's JSON text, written straight from the scene (the browser's module sends a
// diagram window of some 6400 cells per view, and building JSON values first and dumping
// them was most of its time). `with_edges` false leaves "edges" empty (a diagram page sends
// its edges as graph links).
std::string scene_json_text(const Scene& scene, bool with_edges = true);

// The same JSON as values (scene_json_text read back: its dump is that text, byte for byte).
nlohmann::json scene_to_json(const Scene& scene, bool with_edges = true);

// `object`'s JSON text with `raw` members (name, JSON text) appended after its own: how a
// view carries scene_json_text without parsing it back. `object` must be a JSON object.
std::string json_object_text(const nlohmann::json& object,
                             const std::vector<std::pair<std::string, std::string>>& raw);

// Index of a colour in a scene JSON's palette, added when new.
int palette_index(nlohmann::json& scene_json, uint32_t colour);

// A length as the JSON holds it (rounded to 1/100).
double json_length(float v);

// The colours and line widths of a style by name ("cell_fill", "edge_px", ...): what
// the page needs to restyle a diagram for the current step and a clicked cell as
// build_diagram_scene does.
nlohmann::json style_to_json(const SceneStyle& style);

}  // namespace scanviz::figure
