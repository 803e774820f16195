#version 330 core
// Edges: per edge (render/scene.hpp EdgeInstance) two quads laid along the segment
// in pixel space, so the width and the arrow head keep their pixel size at any
// zoom: a narrow one for the shaft and a wider one for the head, which keeps the
// pixels shaded for a long edge few. The fragment shader evaluates the same
// distance field for both; each quad keeps only its own stretch of the segment.
//
// One instance per edge (or piece of one: the renderer clips long edges to the
// view and cuts them), its data pulled from the buffer texture by instance index
// (see nodes.vert): 12 vertices (shaft and head quads), or 6 for the edges without
// a head (the renderer leaves out the heads of edges too short on screen for one).
uniform usamplerBuffer u_edges;  // 2 texels per edge: (x0, y0, x1, y1), (rgba, width_px, head_px, flags)
uniform int u_first;             // the first edge of this draw in the buffer
uniform vec3 u_camera;    // zoom, pan_x, pan_y
uniform vec2 u_viewport;  // width, height in pixels

out vec2 v_uv;            // pixels: x along the segment from its start, y across it
flat out float v_length;
flat out float v_half_width;
flat out float v_head;
flat out float v_head_half;
flat out float v_part;    // 0 = shaft quad, 1 = head quad
flat out vec2 v_caps;     // 1 where the segment's start / end has a rounded, anti-aliased cap; 0 at a cut
flat out vec4 v_colour;

const vec2 kCorners[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(0, 1), vec2(0, 1), vec2(1, 0), vec2(1, 1));

void main() {
    int index = u_first + gl_InstanceID;
    uvec4 t0 = texelFetch(u_edges, 2 * index);
    uvec4 t1 = texelFetch(u_edges, 2 * index + 1);
    vec4 line = uintBitsToFloat(t0);
    float width_px = uintBitsToFloat(t1.y);
    float head_px = uintBitsToFloat(t1.z);
    uint c = t1.x;
    vec4 colour = vec4(float(c & 255u), float((c >> 8) & 255u), float((c >> 16) & 255u), float(c >> 24)) / 255.0;

    vec2 p0 = (line.xy - u_camera.yz) * u_camera.x;
    vec2 p1 = (line.zw - u_camera.yz) * u_camera.x;
    vec2 d = p1 - p0;
    float len = length(d);
    vec2 dir = len > 1e-4 ? d / len : vec2(1.0, 0.0);
    vec2 normal = vec2(-dir.y, dir.x);
    float width = max(width_px, 1.0);
    float head = min(head_px, 0.45 * len);
    float head_half = head > 0.0 ? max(0.45 * head, 0.5 * width) : 0.0;

    int part = gl_VertexID / 6;
    vec2 corner = kCorners[gl_VertexID % 6];
    float u0, u1, extent;
    // A piece of a longer edge (render() cuts them) has no cap at a cut end: its quad stops there.
    vec2 caps = vec2((t1.w & 1u) == 0u ? 1.0 : 0.0, (t1.w & 2u) == 0u ? 1.0 : 0.0);
    if (part == 0) {
        // Coverage falls to zero half a pixel outside the shape: the quad needs no more.
        u0 = -0.5 * caps.x;
        u1 = len - head + (head > 0.0 ? 0.0 : 0.5 * caps.y);
        extent = 0.5 * width + 0.5;
    } else {
        u0 = len - head;
        u1 = head > 0.0 ? len + 1.0 : u0;  // no head: an empty quad
        extent = head_half + 0.75;
    }
    float u = mix(u0, u1, corner.x);
    float v = mix(-extent, extent, corner.y);
    vec2 px = p0 + dir * u + normal * v;
    gl_Position = vec4(px / u_viewport * 2.0 - 1.0, 0.0, 1.0);
    v_uv = vec2(u, v);
    v_length = len;
    v_half_width = 0.5 * width;
    v_head = head;
    v_head_half = head_half;
    v_part = float(part);
    v_caps = caps;
    // Lines thinner than a pixel are drawn one pixel wide and fainter.
    v_colour = vec4(colour.rgb, colour.a * min(width_px, 1.0));
}
