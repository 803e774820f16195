// Export a scene for slides: PNG at a chosen resolution (nodes and edges drawn by
// the SceneRenderer, labels rasterised in with stb_truetype and DejaVu Sans) and
// SVG (core/figure/svg.hpp: nodes as rect, edges as line with arrow markers, labels as text).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/figure/scene.hpp"
#include "render/scene_renderer.hpp"

namespace scanviz::render {

// Encodes RGBA8 pixels (top row first) as a PNG and writes it beside `path`,
// renamed into place (core/common/output.hpp). False with the reason in `error`.
bool write_png(const std::string& path, const uint8_t* rgba, int width_px, int height_px, std::string* error);

// Renders the scene into width_px x height_px and writes a PNG: seen through `camera`,
// or, without one, the whole scene fitted in. False with a one-line message (size out
// of range, font missing, file not writable) on failure. Needs a current GL context
// and an initialised renderer.
bool export_png(SceneRenderer& renderer, const figure::Scene& scene, int width_px, int height_px,
                const std::string& path, std::string* error, const figure::Camera* camera = nullptr);

// The same image as RGBA8 pixels, top row first (what export_png writes).
bool render_image(SceneRenderer& renderer, const figure::Scene& scene, int width_px, int height_px,
                  std::vector<uint8_t>& rgba_out, std::string* error, const figure::Camera* camera = nullptr);

// Draws the scene's labels into an RGBA8 image (top row first) seen through `camera`.
// Labels smaller than min_px pixels are skipped. False with a message when the font
// cannot be loaded.
bool rasterize_labels(const figure::Scene& scene, const figure::Camera& camera, uint8_t* rgba, int width_px,
                      int height_px, std::string* error, float min_px = 4.0f);

}  // namespace scanviz::render
