#include "core/figure/figure_json.hpp"

#include "core/figure/legible.hpp"

#include <cmath>
#include <vector>

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
    // The palette is gathered in a plain vector (a diagram window has some 40000 colour
    // references; looking each up in the JSON array was most of the time).
    std::vector<uint32_t> palette;
    auto colour = [&palette](uint32_t c) {
        for (size_t i = 0; i < palette.size(); ++i)
            if (palette[i] == c) return static_cast<int>(i);
        palette.push_back(c);
        return static_cast<int>(palette.size()) - 1;
    };
    nlohmann::json nodes = nlohmann::json::array(), edges = nlohmann::json::array(),
                   labels = nlohmann::json::array();
    auto& n_out = nodes.get_ref<nlohmann::json::array_t&>();
    n_out.reserve(scene.nodes.size() * kJsonNodeStride);
    for (const NodeInstance& n : scene.nodes) {
        n_out.emplace_back(json_length(n.x));
        n_out.emplace_back(json_length(n.y));
        n_out.emplace_back(json_length(n.w));
        n_out.emplace_back(json_length(n.h));
        n_out.emplace_back(colour(n.fill_rgba));
        n_out.emplace_back(colour(n.border_rgba));
        n_out.emplace_back(json_length(n.border_px));
        n_out.emplace_back(n.step);
        n_out.emplace_back(n.slot);
        n_out.emplace_back(json_length(n.radius));
    }
    if (with_edges) {
        auto& e_out = edges.get_ref<nlohmann::json::array_t&>();
        e_out.reserve(scene.edges.size() * kJsonEdgeStride);
        for (const EdgeInstance& e : scene.edges) {
            e_out.emplace_back(json_length(e.x0));
            e_out.emplace_back(json_length(e.y0));
            e_out.emplace_back(json_length(e.x1));
            e_out.emplace_back(json_length(e.y1));
            e_out.emplace_back(colour(e.rgba));
            e_out.emplace_back(json_length(e.width_px));
            e_out.emplace_back(json_length(e.head_px));
        }
    }
    auto& l_out = labels.get_ref<nlohmann::json::array_t&>();
    l_out.reserve(scene.labels.size() * kJsonLabelStride);
    for (const TextLabel& l : scene.labels) {
        l_out.emplace_back(json_length(l.x));
        l_out.emplace_back(json_length(l.y));
        l_out.emplace_back(l.text);
        l_out.emplace_back(colour(l.rgba));
        l_out.emplace_back(json_length(l.size));
        l_out.emplace_back(l.centered ? 1 : 0);
        l_out.emplace_back(l.slot);
    }
    nlohmann::json out = {{"w", json_length(scene.width)},
                          {"h", json_length(scene.height)},
                          {"bg", scene.background_rgba},
                          {"palette", palette}};
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
