#version 330 core
// Nodes: one instanced quad per node (render/scene.hpp NodeInstance), expanded by a
// pixel for anti-aliasing; nodes never shrink below one pixel, so a 4096-slot
// diagram seen whole still shows every value.
layout(location = 0) in vec2 a_corner;  // unit quad corner, [0,1]^2
layout(location = 1) in vec4 a_rect;    // x, y, w, h in world units (y down)
layout(location = 2) in vec4 a_fill;    // rgba, normalized bytes
layout(location = 3) in vec4 a_border;
layout(location = 4) in vec2 a_style;   // border width in pixels, corner radius (fraction of min(w, h))

uniform vec3 u_camera;    // zoom, pan_x, pan_y: px = (world - pan) * zoom
uniform vec2 u_viewport;  // width, height in pixels

out vec2 v_local;             // pixel offset from the node's centre
flat out vec2 v_half;         // half size in pixels
flat out vec4 v_fill;
flat out vec4 v_border;
flat out float v_border_px;
flat out float v_radius;

void main() {
    vec2 centre = (a_rect.xy + 0.5 * a_rect.zw - u_camera.yz) * u_camera.x;
    vec2 half_size = max(0.5 * a_rect.zw * u_camera.x, vec2(0.5));
    vec2 extent = half_size + 1.0;
    v_local = (a_corner * 2.0 - 1.0) * extent;
    vec2 px = centre + v_local;
    // Pixel row 0 maps to NDC y = -1, the texture's first row: the image's top row.
    gl_Position = vec4(px / u_viewport * 2.0 - 1.0, 0.0, 1.0);
    v_half = half_size;
    v_fill = a_fill;
    v_border = a_border;
    float small_side = min(half_size.x, half_size.y);
    v_border_px = min(a_style.x, 0.35 * small_side);
    v_radius = min(a_style.y * 2.0 * small_side, small_side);
}
