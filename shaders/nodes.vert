#version 330 core
// Nodes: one quad (two triangles) per node (render/scene.hpp NodeInstance),
// expanded by half a pixel for anti-aliasing. Nodes never shrink below one pixel, so a
// 4096-slot diagram seen whole still shows where every value is.
//
// One instance per node. The per-node data is pulled from a buffer texture by
// instance index rather than fed as instanced attributes, so nodes and edges share
// one buffer and one upload per frame (render/scene_renderer.cpp).
uniform usamplerBuffer u_nodes;  // 2 texels per node: (x, y, w, h), (fill, border, border_px, radius)
uniform int u_first;             // the first node of this draw in the buffer
uniform vec3 u_camera;           // zoom, pan_x, pan_y: px = (world - pan) * zoom
uniform vec2 u_viewport;         // width, height in pixels

out vec2 v_local;             // pixel offset from the node's centre
flat out vec2 v_half;         // half size in pixels
flat out vec4 v_fill;
flat out vec4 v_border;
flat out float v_border_px;
flat out float v_radius;

const vec2 kCorners[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(0, 1), vec2(0, 1), vec2(1, 0), vec2(1, 1));

vec4 unpack_colour(uint c) {
    return vec4(float(c & 255u), float((c >> 8) & 255u), float((c >> 16) & 255u), float(c >> 24)) / 255.0;
}

void main() {
    int index = u_first + gl_InstanceID;
    uvec4 t0 = texelFetch(u_nodes, 2 * index);
    uvec4 t1 = texelFetch(u_nodes, 2 * index + 1);
    vec4 rect = uintBitsToFloat(t0);
    vec2 style = uintBitsToFloat(t1.zw);

    vec2 centre = (rect.xy + 0.5 * rect.zw - u_camera.yz) * u_camera.x;
    vec2 half_size = max(0.5 * rect.zw * u_camera.x, vec2(0.5));
    vec2 extent = half_size + 0.5;  // coverage falls to zero half a pixel outside
    v_local = (kCorners[gl_VertexID] * 2.0 - 1.0) * extent;
    vec2 px = centre + v_local;
    // Pixel row 0 maps to NDC y = -1, the texture's first row: the image's top row.
    gl_Position = vec4(px / u_viewport * 2.0 - 1.0, 0.0, 1.0);
    v_half = half_size;
    v_fill = unpack_colour(t1.x);
    v_border = unpack_colour(t1.y);
    float small_side = min(half_size.x, half_size.y);
    v_border_px = min(style.x, 0.35 * small_side);
    v_radius = min(style.y * 2.0 * small_side, small_side);
}
