// Export a scene as PNG for slides, at a chosen resolution (SVG: core/figure/svg.hpp).
// Nodes and edges are the window's own picture: the SceneRenderer draws them with the
// window's shaders. The labels are not ImGui's: ImGui bakes DejaVu Sans into its atlas at the
// window's two sizes (15 and 24 px) and draws into the window's frame, so a 1920x1080 or 4K
// slide would get magnified bitmaps of small glyphs. stb_truetype rasterises the same font at
// each label's exact size into the image, without an ImGui frame.
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

// The CJK font (fonts-wqy-microhei) the window merges into its fonts and the PNG export falls
// back to for Chinese: $SCANVIZ_FONT_CJK, else the one found at build time; "" for none.
std::string cjk_font_file();

}  // namespace scanviz::render
