#version 330 core
// Edges: one instanced quad per edge (render/scene.hpp EdgeInstance), laid along the
// segment in pixel space so the width and the arrow head keep their pixel size
// at any zoom.
layout(location = 0) in vec2 a_corner;  // unit quad corner, [0,1]^2
layout(location = 1) in vec4 a_line;    // x0, y0, x1, y1 in world units (y down)
layout(location = 2) in vec4 a_colour;  // rgba, normalized bytes
layout(location = 3) in vec2 a_style;   // width in pixels, arrow head length in pixels

uniform vec3 u_camera;    // zoom, pan_x, pan_y
uniform vec2 u_viewport;  // width, height in pixels

out vec2 v_uv;            // pixels: x along the segment from its start, y across it
flat out float v_length;
flat out float v_half_width;
flat out float v_head;
flat out float v_head_half;
flat out vec4 v_colour;

void main() {
    vec2 p0 = (a_line.xy - u_camera.yz) * u_camera.x;
    vec2 p1 = (a_line.zw - u_camera.yz) * u_camera.x;
    vec2 d = p1 - p0;
    float len = length(d);
    vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    vec2 normal = vec2(-dir.y, dir.x);
    float width = max(a_style.x, 1.0);
    float head = min(a_style.y, 0.45 * len);
    float head_half = head > 0.0 ? max(0.45 * head, 0.5 * width) : 0.0;
    float extent = max(0.5 * width, head_half) + 1.0;
    float u = mix(-1.0, len + 1.0, a_corner.x);
    float v = mix(-extent, extent, a_corner.y);
    vec2 px = p0 + dir * u + normal * v;
    gl_Position = vec4(px / u_viewport * 2.0 - 1.0, 0.0, 1.0);
    v_uv = vec2(u, v);
    v_length = len;
    v_half_width = 0.5 * width;
    v_head = head;
    v_head_half = head_half;
    // Lines thinner than a pixel are drawn one pixel wide and fainter.
    v_colour = vec4(a_colour.rgb, a_colour.a * min(a_style.x, 1.0));
}
