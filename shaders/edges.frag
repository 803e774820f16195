#version 330 core
// A thick anti-aliased segment with an optional arrow head at its end, as the
// union of two signed distance fields: the shaft (a box) and the head (a triangle).
// Every pixel evaluates the whole union; the shaft quad keeps the pixels before
// the head's base and the head quad the rest, so no pixel is blended twice.
in vec2 v_uv;
flat in float v_length;
flat in float v_half_width;
flat in float v_head;
flat in float v_head_half;
flat in float v_part;
flat in vec2 v_caps;
flat in vec4 v_colour;

out vec4 frag_colour;

void main() {
    float u = v_uv.x;
    float v = abs(v_uv.y);
    float head_base = v_length - v_head;
    if (v_head > 0.0 && (v_part < 0.5) != (u < head_base)) discard;
    // The shaft runs half way into the head, so the union has no notch at the base.
    float shaft_end = v_head > 0.0 ? v_length - 0.5 * v_head : v_length;
    // No cap at a cut end: the distance along the segment does not count there.
    float before = v_caps.x > 0.5 ? -u : -1e9;
    float after = v_caps.y > 0.5 ? u - shaft_end : -1e9;
    vec2 b = vec2(max(before, after), v - v_half_width);
    float d = length(max(b, 0.0)) + min(max(b.x, b.y), 0.0);
    if (v_head > 0.0) {
        // Triangle: tip at (length, 0), base at head_base, half width head_half.
        float side = (v_head * v + v_head_half * (u - v_length)) / length(vec2(v_head, v_head_half));
        d = min(d, max(side, head_base - u));
    }
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    if (coverage <= 0.0) discard;
    frag_colour = vec4(v_colour.rgb, v_colour.a * coverage);
}
