// Scene: drawable data in world units, built once from const data (a trace step,
// a dependency graph) and drawn many times (ImPlot's getters/renderers split).
// Plain data, no GL: one layout, one writer per medium. trace_scene.hpp builds scenes;
// in the window render/scene_renderer.hpp draws nodes and edges with the project's
// shaders and ImGui draws the labels over the image (render/export.hpp writes that
// image as PNG); svg.hpp writes SVG, for export and, through the WebAssembly module,
// for the published web pages.
//
// Coordinates: world units, x to the right, y DOWN (as ImGui and SVG). At zoom 1
// one world unit is one pixel. Colours pack as ImGui's IM_COL32: red in the low
// byte, alpha in the high byte (so a colour can go straight to ImDrawList).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanviz::figure {

// Same packing as IM_COL32(r, g, b, a).
constexpr uint32_t rgba(uint32_t r, uint32_t g, uint32_t b, uint32_t a = 255) {
    return (a << 24) | (b << 16) | (g << 8) | r;
}
constexpr float channel(uint32_t c, int i) { return static_cast<float>((c >> (8 * i)) & 0xffu) / 255.0f; }

// What an element is in its figure, beyond its colours: the highlights as data. Whoever reads
// a scene (the web page through the SVG writer's class attribute, tests, a state dump) asks
// what a cell is and never compares colours; the colours stay the style's (trace_scene.hpp).
// Four bytes, so that the instances stay plain data without padding (the renderer hashes them).
enum class Role : int32_t {
    None = 0,
    Band,      // the band behind the current step's row (diagram)
    Written,   // a cell the step wrote (state, diagram, the overview strip's bars)
    Selected,  // the selected value: in the state view the clicked cell, at the step it was
               // clicked; in the diagram the graph's node of the value the clicked cell holds
    Cone,      // a value the selected one depends on, and the edges and pass-throughs carrying it
    Reach,     // a value the selected one feeds, and the edges and pass-throughs carrying it
    Dim,       // an edge left out of the lit cone and reach (or of the race lab's hazards)
    Hazard,    // an edge a missing barrier puts at risk; a bank picture's conflicting word
    Frame,     // the overview strip's frame of the window shown; a chart's plot frame
    Grid,      // a chart's grid line
    Guide,     // a chart's reference curve (n log2 n, 2n, ...)
    Curve,     // a chart's curve of one variant
};
// The role's name as the SVG writer writes it ("band", "cone", ...); "" for None.
const char* role_name(Role role);

struct NodeInstance {
    float x, y, w, h;  // top-left corner and size, world units
    uint32_t fill_rgba;
    uint32_t border_rgba;
    float border_px;       // border width in pixels (independent of zoom)
    int step = -1;         // the trace cell it shows: step (-1 = initial state) ...
    int slot = -1;         // ... and slot; slot < 0 = decoration (row band, lane strip), not hit-tested
    float radius = 0.15f;  // corner radius as a fraction of min(w, h)
    int pass = 0;          // 1: a diagram cell the step did not change (a faint pass-through)
    Role role = Role::None;
};

struct EdgeInstance {
    float x0, y0, x1, y1;  // from (x0, y0) to (x1, y1), world units; the arrow head is at (x1, y1)
    uint32_t rgba;
    float width_px;        // line width in pixels (independent of zoom)
    float head_px = 0.0f;  // arrow head length in pixels; 0 = no head
    // Diagram edges: the rows (steps, -1 = the initial state) they join; -2 elsewhere.
    int from_row = -2, to_row = -2;
    Role role = Role::None;
};

// Where a label's baseline lies, as a fraction of its size (DejaVu Sans), below its top
// and below its centre: what a writer that places text by its baseline (SVG) needs.
inline constexpr float kBaselineBelowTop = 0.76f;
inline constexpr float kBaselineBelowCentre = 0.36f;

struct TextLabel {
    float x, y;  // world units: top-left of the text, or its centre when `centered`
    std::string text;
    uint32_t rgba;
    float size;  // text height in world units (pixels at zoom 1)
    bool centered;
    int slot = -1;  // the cell whose value this label shows; -1 = titles, indices, row names
    int node = -1;  // index in Scene::nodes of that cell (value labels only)
    // Row names and column headers stay on screen while the picture pans (the window
    // keeps them at its left / top edge); exports draw them where they are.
    enum Pin : uint8_t { None = 0, Left = 1, Top = 2 };
    uint8_t pin = None;
    bool right = false;  // x is the right end of the text (a chart's guide names), y its top
    bool bold = false;   // SVG only: the window's and the PNG's label fonts have one weight
};

// A polyline: a chart's grid line, frame, guide or curve (figure/work_span_chart.hpp).
// Drawn after the edges, in order. The window's renderer draws none: no scene the window
// shows has any (its charts are drawn with ImGui, ui/metrics_view.cpp).
struct PathInstance {
    std::vector<float> xy;  // the points in order, world units: x0, y0, x1, y1, ...
    uint32_t rgba;
    float width_px;
    float dash_px = 0.0f, gap_px = 0.0f;  // dashed when dash_px > 0 (pixels)
    float dot_radius = 0.0f;              // > 0: a dot of this radius (world units) on every point
    Role role = Role::None;
    std::string variant = {};  // a chart curve: the variant it shows
};

struct Scene {
    float width = 0, height = 0;  // world extent: everything lies in [0, width] x [0, height]
    std::vector<NodeInstance> nodes;
    std::vector<EdgeInstance> edges;
    std::vector<TextLabel> labels;
    std::vector<PathInstance> paths;
    uint32_t background_rgba = rgba(255, 255, 255);
    std::string description;  // what the figure shows, in words (an SVG's aria-label); may be empty
};

// world -> pixels: px = (world_x - pan_x) * zoom, py = (world_y - pan_y) * zoom.
// (pan_x, pan_y) is the world point at the image's top-left corner.
struct Camera {
    float zoom = 1.0f;
    float pan_x = 0.0f, pan_y = 0.0f;

    float to_px_x(float wx) const { return (wx - pan_x) * zoom; }
    float to_px_y(float wy) const { return (wy - pan_y) * zoom; }
    float to_world_x(float px) const { return px / zoom + pan_x; }
    float to_world_y(float py) const { return py / zoom + pan_y; }
    // Zooms by `factor` keeping the world point under pixel (px, py) in place.
    void zoom_at(float factor, float px, float py);
};

// The camera that shows the whole scene centred in a width_px x height_px image,
// leaving margin_px free around it.
Camera fit_camera(const Scene& scene, int width_px, int height_px, float margin_px = 8.0f);

// Index of the top-most node (drawn last) with slot >= 0 that contains the world
// point, or -1. Map it back with scene.nodes[i].step / .slot.
int hit_test(const Scene& scene, float world_x, float world_y);

}  // namespace scanviz::figure
