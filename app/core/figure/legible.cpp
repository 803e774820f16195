#include "core/figure/legible.hpp"

#include <algorithm>
#include <cmath>

namespace scanviz::figure {

float legible_zoom(const SceneStyle& style) {
    return std::max(style.min_cell_px / style.cell_h, style.min_text_px / style.text_size);
}

namespace {

constexpr int kBankRow = 32;

// A window's width: whole rows of 32, at most max_slots.
int window_count(int max_slots) { return std::max(kBankRow, max_slots - max_slots % kBankRow); }

FigureWindow window_around(int slots, int centre, int max_slots) {
    if (slots <= max_slots || max_slots <= 0) return FigureWindow{};
    const int count = window_count(max_slots);
    int first = centre - count / 2;
    first -= ((first % kBankRow) + kBankRow) % kBankRow;  // whole rows of 32
    first = std::clamp(first, 0, std::max(0, slots - count));
    return FigureWindow{first, count};
}

}  // namespace

FigureWindow focus_window(const Trace& trace, int step, const Selection& selection, int max_slots) {
    const int slots = trace.layout.slots;
    if (slots <= max_slots) return FigureWindow{};
    int centre = 0;
    if (selection.valid()) {
        centre = selection.slot;
    } else if (step >= 0 && step < static_cast<int>(trace.steps.size())) {
        int first_written = slots;
        for (const Operation& op : trace.steps[step].ops)
            for (int w : op.writes)
                if (w >= 0) first_written = std::min(first_written, w);
        // Start the window at the first row the step wrote (its active warp), not centred on it.
        if (first_written < slots) centre = first_written + max_slots / 2 - kBankRow;
    }
    return window_around(slots, centre, max_slots);
}

FigureWindow window_at(const Trace& trace, int slot, int max_slots) {
    return window_around(trace.layout.slots, slot, max_slots);
}

FigureWindow window_from(const Trace& trace, int first, int max_slots) {
    const int slots = trace.layout.slots;
    if (slots <= max_slots || max_slots <= 0) return FigureWindow{};
    const int count = window_count(max_slots);
    // The last columns as they are (slots - count need not be a whole row), else whole rows:
    // the same window again for its own start.
    first = std::clamp(first, 0, slots - count);
    if (first < slots - count) first -= first % kBankRow;
    return FigureWindow{first, count};
}

FigureWindow view_window(const Trace& trace, int step, const Selection& selection, int manual_first,
                         int max_slots) {
    if (manual_first >= 0) return window_from(trace, manual_first, max_slots);
    return focus_window(trace, step, selection, max_slots);
}

FocusBox focus_box(const Scene& scene, const Selection& selection, int step) {
    FocusBox box;
    auto add = [&](const NodeInstance& n) {
        if (!box.valid) {
            box = FocusBox{n.x, n.y, n.x + n.w, n.y + n.h, true};
            return;
        }
        box.x0 = std::min(box.x0, n.x);
        box.y0 = std::min(box.y0, n.y);
        box.x1 = std::max(box.x1, n.x + n.w);
        box.y1 = std::max(box.y1, n.y + n.h);
    };
    if (selection.valid()) {
        for (const NodeInstance& n : scene.nodes)
            if (n.slot == selection.slot && n.step == selection.step) add(n);
        if (box.valid) return box;
    }
    for (const NodeInstance& n : scene.nodes)
        if (n.slot >= 0 && n.step == step && !n.pass && n.role == Role::Written) add(n);
    return box;
}

Camera legible_camera(const Scene& scene, const SceneStyle& style, int width_px, int height_px,
                      const FocusBox& focus, float max_zoom) {
    const float margin = 8.0f;
    Camera cam = fit_camera(scene, width_px, height_px, margin);
    const float min_zoom = legible_zoom(style);
    if (cam.zoom >= min_zoom) {
        if (cam.zoom > max_zoom) {
            cam.zoom = max_zoom;
            cam.pan_x = -(width_px / cam.zoom - scene.width) * 0.5f;
            cam.pan_y = -(height_px / cam.zoom - scene.height) * 0.5f;
        }
        return cam;
    }
    cam.zoom = min_zoom;
    const float view_w = width_px / cam.zoom, view_h = height_px / cam.zoom;
    // Along each axis: the whole scene centred when it fits, else the focus in view
    // (its start near the top-left when it is larger than the view), within the scene.
    auto place = [](float extent, float view, bool has, float f0, float f1) {
        if (extent <= view) return -(view - extent) * 0.5f;
        float start = 0.0f;
        if (has) start = (f1 - f0 <= view * 0.9f) ? 0.5f * (f0 + f1) - 0.5f * view : f0 - view * 0.05f;
        // Keep the start of the picture (titles, row names) when the focus allows it.
        if (has && f1 <= view * 0.95f) start = 0.0f;
        if (has && f1 - f0 > view * 0.9f && f0 < view * 0.6f) start = 0.0f;
        return std::clamp(start, 0.0f, extent - view);
    };
    cam.pan_x = place(scene.width, view_w, focus.valid, focus.x0, focus.x1);
    cam.pan_y = place(scene.height, view_h, focus.valid, focus.y0, focus.y1);
    return cam;
}

int Overview::slot_at(float x, int slots) const {
    if (strip.nodes.empty() || slots <= 0) return 0;
    const float bar = strip.width / std::max(1, (slots + slots_per_bar - 1) / slots_per_bar);
    return std::clamp(static_cast<int>(x / bar) * slots_per_bar, 0, slots - 1);
}

Overview build_overview(const Trace& trace, int step, const FigureWindow& window, const SceneStyle& style,
                        float width, float height) {
    Overview o;
    const int slots = trace.layout.slots;
    o.strip.width = width;
    o.strip.height = height;
    o.strip.background_rgba = style.background;
    if (slots <= 0 || width <= 0) return o;
    // At least 2 px a bar: slots share a bar when there are more than width / 2.
    o.slots_per_bar = std::max(1, static_cast<int>(std::ceil(slots / std::max(1.0f, width * 0.5f))));
    const int bars = (slots + o.slots_per_bar - 1) / o.slots_per_bar;
    const float bar_w = width / bars;
    std::vector<uint8_t> written(static_cast<size_t>(bars), 0);
    if (step >= 0 && step < static_cast<int>(trace.steps.size()))
        for (const Operation& op : trace.steps[step].ops)
            for (int w : op.writes)
                if (w >= 0 && w < slots) written[static_cast<size_t>(w / o.slots_per_bar)] = 1;
    for (int b = 0; b < bars; ++b) {
        const bool was_written = written[static_cast<size_t>(b)];
        const uint32_t fill = was_written ? style.written_fill : style.cell_fill;
        const float bar_x = b * bar_w, bar_width = std::max(bar_w - (bar_w > 3 ? 1.0f : 0.0f), 1.0f);
        o.strip.nodes.push_back(NodeInstance{bar_x, height * 0.2f, bar_width, height * 0.6f, fill, fill, 0.0f,
                                             step, -1, 0.0f, 0, was_written ? Role::Written : Role::None});
    }
    const int first = window.all() ? 0 : window.first, end = window.end(slots);
    o.frame_x0 = static_cast<float>(first) / o.slots_per_bar * bar_w;
    o.frame_x1 = std::min(width, static_cast<float>(end + o.slots_per_bar - 1) / o.slots_per_bar * bar_w);
    o.strip.nodes.push_back(NodeInstance{o.frame_x0, 0.0f, o.frame_x1 - o.frame_x0, height, rgba(0, 0, 0, 0),
                                         style.selected_border, 2.0f, step, -1, 0.0f, 0, Role::Frame});
    return o;
}

}  // namespace scanviz::figure
