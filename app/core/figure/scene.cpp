#include "core/figure/scene.hpp"

#include <algorithm>

namespace scanviz::figure {

const char* role_name(Role role) {
    switch (role) {
        case Role::None:
            return "";
        case Role::Band:
            return "band";
        case Role::Written:
            return "written";
        case Role::Selected:
            return "selected";
        case Role::Cone:
            return "cone";
        case Role::Reach:
            return "reach";
        case Role::Dim:
            return "dim";
        case Role::Hazard:
            return "hazard";
        case Role::Frame:
            return "frame";
        case Role::Grid:
            return "grid";
        case Role::Guide:
            return "guide";
        case Role::Curve:
            return "curve";
    }
    return "";
}

void Camera::zoom_at(float factor, float px, float py) {
    const float wx = to_world_x(px), wy = to_world_y(py);
    zoom = std::clamp(zoom * factor, 1e-4f, 1e4f);
    pan_x = wx - px / zoom;
    pan_y = wy - py / zoom;
}

Camera fit_camera(const Scene& scene, int width_px, int height_px, float margin_px) {
    Camera cam;
    const float avail_w = std::max(1.0f, width_px - 2.0f * margin_px);
    const float avail_h = std::max(1.0f, height_px - 2.0f * margin_px);
    const float sw = std::max(scene.width, 1.0f), sh = std::max(scene.height, 1.0f);
    cam.zoom = std::min(avail_w / sw, avail_h / sh);
    // Centre the scene: the world point at the top-left lies half the free room before it.
    cam.pan_x = -(width_px / cam.zoom - sw) * 0.5f;
    cam.pan_y = -(height_px / cam.zoom - sh) * 0.5f;
    return cam;
}

int hit_test(const Scene& scene, float world_x, float world_y) {
    for (int i = static_cast<int>(scene.nodes.size()) - 1; i >= 0; --i) {
        const NodeInstance& n = scene.nodes[i];
        if (n.slot < 0) continue;
        if (world_x >= n.x && world_x <= n.x + n.w && world_y >= n.y && world_y <= n.y + n.h) return i;
    }
    return -1;
}

}  // namespace scanviz::figure
