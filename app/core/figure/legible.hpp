// The legibility rules every picture keeps (what makes a picture teach):
//   - a value is never drawn smaller than legible: a cell is at least
//     SceneStyle::min_cell_px tall on screen and its value at least min_text_px;
//     when the whole picture does not fit at that size, a legible window of it
//     is shown (the slots the step touches, or the selection's neighbourhood)
//     beside an overview strip of the whole array that marks the window and the
//     cells the step wrote;
//   - shared memory is laid out 32 words to a row, so a column is a bank;
//   - a diagram row is the whole array after one step, edges join consecutive rows.
// Plain geometry (no GL, no ImGui): the window, the exports and the web pages use it.
#pragma once

#include <vector>

#include "core/figure/scene.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::figure {

// The smallest zoom at which a scene built with `style` keeps its cells and values legible.
float legible_zoom(const SceneStyle& style);

// The most slots a figure of a large run shows at once (the rest: the overview strip moves the
// window). The window's views, the exports and the web pages use these same sizes.
inline constexpr int kDiagramWindowSlots = 256;  // diagram columns
inline constexpr int kStateWindowSlots = 512;    // state view slots (16 rows of 32)

// A range of slots a figure draws: [first, first + count); count 0 = every slot.
struct FigureWindow {
    int first = 0;
    int count = 0;
    bool all() const { return count <= 0; }
    bool contains(int slot) const { return all() || (slot >= first && slot < first + count); }
    int end(int slots) const { return all() ? slots : first + count; }
};

// The window of at most `max_slots` slots (a multiple of 32 when it is not all of
// them) a figure of `trace` at `step` shows: every slot when they fit; else the
// one around the selected slot, else around the first slot `step` wrote, else the start.
FigureWindow focus_window(const Trace& trace, int step, const Selection& selection, int max_slots);
// The same window moved to show `slot` (a click in the overview strip).
FigureWindow window_at(const Trace& trace, int slot, int max_slots);
// The window that starts at `first`, rounded down to whole rows of 32 and kept within the run
// (at its end: the last columns); window_from(t, w.first, m) is w again. A window moved by a
// step of columns (the overview strip's keys).
FigureWindow window_from(const Trace& trace, int first, int max_slots);
// The window a view shows when the person may have moved it: the one starting at `manual_first`
// (>= 0: they moved it, through the overview strip or its keys), else focus_window. A view
// drops its moved window when the step changes or a cell outside it is selected.
FigureWindow view_window(const Trace& trace, int step, const Selection& selection, int manual_first,
                         int max_slots);

// A world-space box a camera should keep on screen (the current step's cells).
struct FocusBox {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool valid = false;
};
// The box around the nodes of `scene` that show `step` and were written in it
// (Role::Written), or the selected cell; invalid when none.
FocusBox focus_box(const Scene& scene, const Selection& selection, int step);

// The camera a view opens with: the whole scene when it fits at a legible zoom
// (never magnified beyond `max_zoom`), else the legible zoom with `focus` (or the
// scene's top-left corner) in view.
Camera legible_camera(const Scene& scene, const SceneStyle& style, int width_px, int height_px,
                      const FocusBox& focus, float max_zoom = 1.6f);

// The overview strip's height for `style` (pixels).
inline float overview_height(const SceneStyle& style) { return style.small_text * 1.6f; }

// The overview strip: the whole array in one band `width` x `height` (pixels),
// one bar per slot or per group of slots (written ones in the written colour),
// and the frame of the window the figure shows. Drawn over the figure's top edge.
struct Overview {
    Scene strip;                       // nodes: the bars and, last, the window frame (slot -1)
    float frame_x0 = 0, frame_x1 = 0;  // the window, in strip pixels
    int slots_per_bar = 1;
    // The slot under strip pixel x.
    int slot_at(float x, int slots) const;
};
Overview build_overview(const Trace& trace, int step, const FigureWindow& window, const SceneStyle& style,
                        float width, float height);

}  // namespace scanviz::figure
