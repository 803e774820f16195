#version 330 core
// Rounded rectangle with a border, from its signed distance field (Inigo Quilez,
// "2D distance functions": sdRoundBox), anti-aliased over one pixel.
in vec2 v_local;
flat in vec2 v_half;
flat in vec4 v_fill;
flat in vec4 v_border;
flat in float v_border_px;
flat in float v_radius;

out vec4 frag_colour;

void main() {
    vec2 q = abs(v_local) - v_half + v_radius;
    float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - v_radius;  // < 0 inside
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    if (coverage <= 0.0) discard;
    float in_border = v_border_px > 0.0 ? clamp(d + v_border_px + 0.5, 0.0, 1.0) : 0.0;
    vec4 colour = mix(v_fill, v_border, in_border);
    frag_colour = vec4(colour.rgb, colour.a * coverage);
}
