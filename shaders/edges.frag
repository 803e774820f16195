#version 330 core
// A thick anti-aliased segment with an optional arrow head at its end, as the
// union of two signed distance fields: the shaft (a box) and the head (a triangle).
in vec2 v_uv;
flat in float v_length;
flat in float v_half_width;
flat in float v_head;
flat in float v_head_half;
flat in vec4 v_colour;

out vec4 frag_colour;

void main() {
    float u = v_uv.x;
    float v = abs(v_uv.y);
    float shaft_end = v_length - v_head;
    vec2 b = vec2(max(-u, u - shaft_end), v - v_half_width);
    float d = length(max(b, 0.0)) + min(max(b.x, b.y), 0.0);
    if (v_head > 0.0) {
        // Triangle: tip at (length, 0), base at u = length - head, half width head_half.
        float side = (v_head * v + v_head_half * (u - v_length)) / length(vec2(v_head, v_head_half));
        float base = shaft_end - u;
        d = min(d, max(side, base));
    }
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    if (coverage <= 0.0) discard;
    frag_colour = vec4(v_colour.rgb, v_colour.a * coverage);
}
