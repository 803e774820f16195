#include "core/figure/figure_json.hpp"

#include "core/figure/legible.hpp"

#include <cmath>

namespace scanviz::figure {

double json_length(float v) { return std::round(static_cast<double>(v) * 100.0) / 100.0; }

int palette_index(nlohmann::json& scene_json, uint32_t colour) {
    nlohmann::json& palette = scene_json["palette"];
    for (size_t i = 0; i < palette.size(); ++i)
        if (palette[i].get<uint32_t>() == colour) return static_cast<int>(i);
    palette.push_back(colour);
    return static_cast<int>(palette.size()) - 1;
}

nlohmann::json scene_to_json(const Scene& scene, bool with_edges) {
    nlohmann::json out = {{"w", json_length(scene.width)},
                          {"h", json_length(scene.height)},
                          {"bg", scene.background_rgba},
                          {"palette", nlohmann::json::array()}};
    nlohmann::json nodes = nlohmann::json::array(), edges = nlohmann::json::array(),
                   labels = nlohmann::json::array();
    for (const NodeInstance& n : scene.nodes)
        for (nlohmann::json v :
             {nlohmann::json(json_length(n.x)), nlohmann::json(json_length(n.y)),
              nlohmann::json(json_length(n.w)), nlohmann::json(json_length(n.h)),
              nlohmann::json(palette_index(out, n.fill_rgba)),
              nlohmann::json(palette_index(out, n.border_rgba)), nlohmann::json(json_length(n.border_px)),
              nlohmann::json(n.step), nlohmann::json(n.slot), nlohmann::json(json_length(n.radius))})
            nodes.push_back(std::move(v));
    if (with_edges)
        for (const EdgeInstance& e : scene.edges)
            for (nlohmann::json v :
                 {nlohmann::json(json_length(e.x0)), nlohmann::json(json_length(e.y0)),
                  nlohmann::json(json_length(e.x1)), nlohmann::json(json_length(e.y1)),
                  nlohmann::json(palette_index(out, e.rgba)), nlohmann::json(json_length(e.width_px)),
                  nlohmann::json(json_length(e.head_px))})
                edges.push_back(std::move(v));
    for (const TextLabel& l : scene.labels)
        for (nlohmann::json v :
             {nlohmann::json(json_length(l.x)), nlohmann::json(json_length(l.y)), nlohmann::json(l.text),
              nlohmann::json(palette_index(out, l.rgba)), nlohmann::json(json_length(l.size)),
              nlohmann::json(l.centered ? 1 : 0), nlohmann::json(l.slot)})
            labels.push_back(std::move(v));
    out["nodes"] = std::move(nodes);
    out["edges"] = std::move(edges);
    out["labels"] = std::move(labels);
    return out;
}

nlohmann::json style_to_json(const SceneStyle& s) {
    return {{"border_px", s.border_px},
            {"edge_px", s.edge_px},
            {"head_px", s.head_px},
            {"text", s.text},
            {"muted_text", s.muted_text},
            {"cell_fill", s.cell_fill},
            {"cell_border", s.cell_border},
            {"written_fill", s.written_fill},
            {"written_border", s.written_border},
            {"selected_border", s.selected_border},
            {"cone_fill", s.cone_fill},
            {"reach_fill", s.reach_fill},
            {"edge_dim", s.edge_dim},
            {"edge_lit", s.edge_lit},
            {"current_row", s.current_row},
            // The smallest scale at which cells and values stay legible (legible.hpp): the
            // page scrolls a figure rather than shrink it below this.
            {"legible_zoom", legible_zoom(s)}};
}

}  // namespace scanviz::figure
