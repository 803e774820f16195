// SceneCanvas: one Scene on screen. Nodes and edges are drawn by the project's
// shaders into an offscreen texture (render/scene_renderer.hpp) shown as an
// ImGui image; the scene's labels are drawn over it with ImGui through the same
// camera. Mouse wheel zooms at the cursor, dragging pans, a click hit-tests.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "core/figure/legible.hpp"
#include "core/figure/scene.hpp"
#include "render/scene_renderer.hpp"

namespace scanviz::ui {

struct CellRect {
    float x0, y0, x1, y1;  // screen pixels (ImGui coordinates), clipped to the image
    bool visible;          // false when the cell lies outside the image
};

class SceneCanvas {
public:
    bool init(std::string* error);

    // Draws the scene filling `size` at the cursor. scene_changed: the scene was
    // rebuilt since the last call. Returns the index of the node clicked in this
    // frame, or -1.
    int Draw(const char* id, const figure::Scene& scene, bool scene_changed, ImVec2 size, ImFont* label_font,
             ImFont* label_font_large);

    // The legibility rules of the scene to be drawn (core/figure/legible.hpp): the zoom
    // never goes below the style's legible zoom, and a fit shows `focus` at that zoom
    // when the whole scene does not fit.
    void set_legibility(const figure::SceneStyle& style, const figure::FocusBox& focus) {
        style_ = style;
        focus_ = focus;
    }
    float min_zoom() const { return figure::legible_zoom(style_); }
    // The camera an export of `scene` at width x height opens with: the whole scene when it
    // fits at a legible size, else a legible window of it around the focus (as on screen).
    figure::Camera export_camera(const figure::Scene& scene, int width, int height) const {
        return figure::legible_camera(scene, style_, width, height, focus_, /*max_zoom=*/8.0f);
    }

    void zoom_by(float factor);  // around the image centre
    // Pans (at the zoom on screen) so that the column of `slot` is in the middle of the image:
    // a click in an overview strip of a scene that holds the whole array.
    void show_slot(const figure::Scene& scene, int slot);
    void fit() {
        auto_fit_ = true;
        pending_zoom_ = 1.0f;
        dirty_ = true;
    }
    bool auto_fit() const { return auto_fit_; }
    void invalidate() { dirty_ = true; }  // the renderer's texture was used for something else

    const figure::Camera& camera() const { return camera_; }
    ImVec2 image_min() const { return image_min_; }
    ImVec2 image_size() const { return image_size_; }
    CellRect rect_of(const figure::NodeInstance& node) const;

    render::SceneRenderer& renderer() { return renderer_; }
    int labels_drawn() const { return labels_drawn_; }
    // Height on screen of the value drawn in node i in the last frame; 0 when none was drawn.
    float text_px(size_t node) const { return node < text_px_.size() ? text_px_[node] : 0.0f; }
    // The slots of the nodes on screen in the last frame: [first, end); first == end when none.
    int first_visible_slot() const { return visible_first_; }
    int end_visible_slot() const { return visible_end_; }

private:
    render::SceneRenderer renderer_;
    figure::Camera camera_;
    bool auto_fit_ = true;
    float pending_zoom_ = 1.0f;
    bool dirty_ = true;
    unsigned texture_ = 0;
    int tex_w_ = 0, tex_h_ = 0;
    ImVec2 image_min_{0, 0}, image_size_{0, 0};
    int labels_drawn_ = 0;
    std::vector<float> text_px_;
    int visible_first_ = 0, visible_end_ = 0;
    figure::SceneStyle style_;
    figure::FocusBox focus_;
};

}  // namespace scanviz::ui
