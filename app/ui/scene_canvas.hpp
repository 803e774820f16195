// SceneCanvas: one Scene on screen. Nodes and edges are drawn by the project's
// shaders into an offscreen texture (render/scene_renderer.hpp) shown as an
// ImGui image; the scene's labels are drawn over it with ImGui through the same
// camera. Mouse wheel zooms at the cursor, dragging pans, a click hit-tests.
#pragma once

#include <imgui.h>

#include <string>

#include "render/scene.hpp"
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
    int Draw(const char* id, const render::Scene& scene, bool scene_changed, ImVec2 size, ImFont* label_font,
             ImFont* label_font_large);

    void zoom_by(float factor);  // around the image centre
    void fit() {
        auto_fit_ = true;
        pending_zoom_ = 1.0f;
        dirty_ = true;
    }
    bool auto_fit() const { return auto_fit_; }
    void invalidate() { dirty_ = true; }  // the renderer's texture was used for something else

    const render::Camera& camera() const { return camera_; }
    ImVec2 image_min() const { return image_min_; }
    ImVec2 image_size() const { return image_size_; }
    CellRect rect_of(const render::NodeInstance& node) const;

    render::SceneRenderer& renderer() { return renderer_; }
    int labels_drawn() const { return labels_drawn_; }

private:
    render::SceneRenderer renderer_;
    render::Camera camera_;
    bool auto_fit_ = true;
    float pending_zoom_ = 1.0f;
    bool dirty_ = true;
    unsigned texture_ = 0;
    int tex_w_ = 0, tex_h_ = 0;
    ImVec2 image_min_{0, 0}, image_size_{0, 0};
    int labels_drawn_ = 0;
};

}  // namespace scanviz::ui
