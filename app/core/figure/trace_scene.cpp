#include "core/figure/trace_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

#include "core/figure/legible.hpp"
#include "core/figure/scene_parts.hpp"
#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"

namespace scanviz::figure {

std::string cell_text(double v, ElemType type) { return parts::format_value(v, type); }

std::vector<Hazard> HazardPairs::drawn() const {
    if (picked >= 0 && picked < static_cast<int>(pairs.size())) return {pairs[static_cast<size_t>(picked)]};
    return pairs;
}

namespace {
// A region's memory space as the scene names it (trace.cpp's to_string, marked for the catalog).
const char* space_name(Space s) {
    switch (s) {
        case Space::Shared: return i18n::trc("memory space", "shared");
        case Space::Registers: return i18n::trc("memory space", "registers");
        case Space::Tiles: return i18n::trc("memory space", "tiles");
        case Space::Global: return i18n::trc("memory space", "global");
    }
    return "?";
}
}  // namespace

namespace parts {

int value_chars(const Trace& trace) {
    // The int32 extremes have a short text of their own (format_value): measured apart.
    const bool i32 = trace.spec.type == ElemType::I32;
    double lo = 0, hi = 0;
    int extremes = 0;  // glyphs of the widest extreme present
    auto scan = [&](const std::vector<double>& v) {
        for (double x : v) {
            if (i32 && (x == -2147483648.0 || x == 2147483647.0)) {
                extremes = std::max(extremes, x < 0 ? 4 : 5);  // "-2³¹", "2³¹-1"
                continue;
            }
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
    };
    scan(trace.initial_state);
    for (const Step& s : trace.steps) scan(s.state);
    if (!i32) {
        // "%.4g": four significant digits, a point, a sign; an exponent when far from 1.
        const double big = std::max(std::abs(lo), std::abs(hi));
        return big >= 1e5 ? 10 : (lo < 0 ? 6 : 5);
    }
    return std::max({extremes, static_cast<int>(format_value(lo, trace.spec.type).size()),
                     static_cast<int>(format_value(hi, trace.spec.type).size())});
}

float cell_width(const SceneStyle& style, int chars) {
    return std::max(style.cell_w, style.text_size * (0.62f * static_cast<float>(std::max(chars, 1)) + 0.3f));
}

uint32_t edge_colour(EdgeKind kind, const SceneStyle& style) {
    switch (kind) {
        case EdgeKind::Operand:
            return style.edge;
        case EdgeKind::Copy:
            return style.edge_copy;
        case EdgeKind::SwapMove:
        case EdgeKind::SwapCombine:
            return style.edge_swap;
        case EdgeKind::Tile:
            return style.edge_tile;
    }
    return style.edge;
}

EdgeKind op_edge_kind(OpKind kind) {
    switch (kind) {
        case OpKind::Combine:
            return EdgeKind::Operand;
        case OpKind::Copy:
            return EdgeKind::Copy;
        case OpKind::Swap:
            return EdgeKind::SwapCombine;
        default:
            return EdgeKind::Tile;
    }
}

}  // namespace parts

namespace {

// Regions this small are always drawn whole (registers, tile sums, a total).
constexpr int kSmallRegion = 64;
// Shared memory (and any region without a column hint) is 32 slots to a row: a column is a bank.
constexpr int kRowWords = 32;
// A lane strip of markers for at most this many threads; a line of text for more.
constexpr int kMaxLaneMarkers = 64;
constexpr int kArcSegments = 10;
// Operations reading more slots than this draw one arrow per row of cells read.
constexpr size_t kMaxArrowsPerOp = 4;

struct Box {
    float x = 0, y = 0, w = 0, h = 0;
    float cx() const { return x + w * 0.5f; }
    float cy() const { return y + h * 0.5f; }
};

// A curved arrow from box a to box b as a quadratic Bezier in kArcSegments pieces;
// it bends to the left of the direction a -> b (above the row for a left-to-right
// arrow), so the two arrows of a swap bend apart.
void add_arc(Scene& scene, const Box& a, const Box& b, uint32_t colour, const SceneStyle& style,
             Role role = Role::None, float width_px = 0.0f) {
    const float dx = b.cx() - a.cx(), dy = b.cy() - a.cy();
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    const float nx = dy / len, ny = -dx / len;  // left normal (y down)
    auto anchor = [&](const Box& box) {
        if (std::abs(ny) >= 0.5f) return std::pair{box.cx(), ny < 0 ? box.y : box.y + box.h};
        return std::pair{nx < 0 ? box.x : box.x + box.w, box.cy()};
    };
    const auto [x0, y0] = anchor(a);
    const auto [x1, y1] = anchor(b);
    const float bend = std::min(0.5f * len, 1.6f * style.cell_h);
    const float cx = 0.5f * (x0 + x1) + nx * bend, cy = 0.5f * (y0 + y1) + ny * bend;
    float px = x0, py = y0;
    for (int i = 1; i <= kArcSegments; ++i) {
        const float t = static_cast<float>(i) / kArcSegments, u = 1.0f - t;
        const float qx = u * u * x0 + 2 * u * t * cx + t * t * x1;
        const float qy = u * u * y0 + 2 * u * t * cy + t * t * y1;
        EdgeInstance e{px, py, qx, qy, colour, width_px > 0 ? width_px : style.edge_px * 1.2f,
                       i == kArcSegments ? style.head_px : 0.0f};
        e.role = role;
        scene.edges.push_back(e);
        px = qx;
        py = qy;
    }
}

}  // namespace

SceneStyle SceneStyle::presentation_style() {
    SceneStyle s;
    s.presentation = true;
    s.cell_w = 44.0f;
    s.cell_h = 40.0f;
    s.text_size = 24.0f;
    s.small_text = 22.0f;
    s.min_cell_px = 36.0f;
    s.min_text_px = 24.0f;
    s.border_px = 2.0f;
    s.edge_px = 2.0f;
    s.head_px = 11.0f;
    s.background = rgba(255, 255, 255);
    s.text = rgba(0, 0, 0);
    s.muted_text = rgba(60, 60, 60);
    s.cell_fill = rgba(255, 255, 255);
    s.cell_border = rgba(0, 0, 0);
    s.written_fill = rgba(255, 200, 0);
    s.written_border = rgba(0, 0, 0);
    s.inactive_fill = rgba(150, 150, 150);
    s.padding_fill = rgba(255, 230, 170);
    s.padding_border = rgba(120, 80, 0);
    s.selected_border = rgba(230, 0, 0);
    s.cone_fill = rgba(60, 140, 255);
    s.reach_fill = rgba(40, 200, 80);
    s.edge = rgba(0, 0, 0, 230);
    s.edge_copy = rgba(0, 90, 200, 230);
    s.edge_swap = rgba(180, 0, 160, 240);
    s.edge_tile = rgba(120, 70, 0, 230);
    s.edge_dim = rgba(150, 150, 150, 110);
    s.edge_lit = rgba(0, 40, 220, 255);
    s.pass_fill = rgba(238, 238, 238);
    s.pass_border = rgba(150, 150, 150);
    s.pass_text = rgba(70, 70, 70);
    s.edge_out = rgba(130, 0, 200, 240);
    s.current_row = rgba(255, 235, 150);
    s.active_lane = rgba(0, 160, 60);
    s.inactive_lane = rgba(170, 170, 170);
    return s;
}

Scene build_state_scene(const Trace& trace, int step, const Selection& selection, const SceneStyle& style) {
    return build_state_scene(trace, step, selection, style, FigureWindow{});
}

Scene build_state_scene(const Trace& trace, int step, const Selection& selection, const SceneStyle& style,
                        const FigureWindow& window, const HazardPairs* hazards) {
    const int steps = static_cast<int>(trace.steps.size());
    if (step < -1 || step >= steps)
        throw std::out_of_range("state view: step " + std::to_string(step) + " is not in -1.." +
                                std::to_string(steps - 1));
    Scene scene;
    scene.background_rgba = style.background;
    const float cell_w = parts::cell_width(style, parts::value_chars(trace));
    const float pitch_x = cell_w + style.cell_w * 0.08f;
    const float margin = style.cell_w * 0.3f;
    // Each row's first word, right-aligned in a gutter at the left.
    bool multi_row = false;  // no gutter when every region is one row
    size_t index_chars = 1;  // of the largest row start
    for (const Region& r : trace.layout.regions) {
        multi_row |= r.count > kRowWords;
        index_chars = std::max(index_chars, std::to_string(std::max(r.count - 1, 0)).size());
    }
    const float gutter =
        multi_row ? style.small_text * 0.62f * static_cast<float>(index_chars) + style.cell_w * 0.2f : 0.0f;
    const float x0 = margin + gutter;
    const float arc_room = style.cell_h * 0.85f;  // between rows of cells, for the arrows
    float y = margin;
    float max_x = 0;

    // Title: what this step did and what ends it.
    std::string title = step < 0 ? std::string(i18n::tr("initial state"))
                                 : i18n::format(i18n::tr("step %d/%d: %s  (ends at %s)"), step + 1, steps,
                                               i18n::step_label(trace.steps[step].label).c_str(),
                                               i18n::barrier_label(trace.steps[step].barrier).c_str());
    scene.labels.push_back(TextLabel{margin, y, title, style.text, style.text_size, false});
    y += style.text_size * 1.6f;

    // A learner's racing pairs at this step, in words under the title: the picked pair's threads and
    // slot, else how many pairs race here.
    if (hazards) {  // at the initial state: the loads a later read races with
        const std::vector<Hazard> here = [&] {
            std::vector<Hazard> v;
            for (const Hazard& h : hazards->drawn())
                if (h.read.step == step || h.write.step == step) v.push_back(h);
            return v;
        }();
        std::string line;
        if (hazards->picked >= 0 && here.size() == 1) {
            const Hazard& h = here[0];
            std::string slot = std::to_string(h.slot);
            for (const Region& r : trace.layout.regions)
                if (h.slot >= r.first_slot && h.slot < r.first_slot + r.count)
                    slot = i18n::region_label(r.name) + "[" + std::to_string(h.slot - r.first_slot) + "]";
            line = h.kind == HazardKind::WAW
                       ? i18n::format(i18n::tr("red: threads %d and %d both write %s, and no barrier orders them"),
                                      h.read.thread, h.write.thread, slot.c_str())
                       : i18n::format(i18n::tr("red: thread %d reads %s, thread %d writes it, and no barrier "
                                               "orders them"),
                                      h.read.thread, slot.c_str(), h.write.thread);
        } else if (!here.empty()) {
            line = i18n::format(i18n::trn("red: %d pair of accesses that race in this step",
                                          "red: %d pairs of accesses that race in this step",
                                          static_cast<unsigned long>(here.size())),
                                static_cast<int>(here.size()));
        }
        if (!line.empty()) {
            scene.labels.push_back(TextLabel{margin, y, line, style.edge_hazard, style.text_size, false});
            y += style.text_size * 1.6f;
        }
    }

    // Lane strip: one marker per thread (lane, tile), inactive ones grey; a line for many threads.
    if (step >= 0 && trace.threads > 0) {
        const auto& mask = trace.steps[step].active_mask;
        int active = 0;
        for (int t = 0; t < trace.threads; ++t) active += is_active(mask, t) ? 1 : 0;
        const std::string what =
            trace.blocks > 1 && trace.threads == trace.blocks
                ? i18n::format(i18n::trn("%d of %d tile active", "%d of %d tiles active",
                                        static_cast<unsigned long>(trace.threads)),
                              active, trace.threads)
                : i18n::format(i18n::trn("%d of %d thread active", "%d of %d threads active",
                                        static_cast<unsigned long>(trace.threads)),
                              active, trace.threads);
        scene.labels.push_back(TextLabel{margin, y, what, style.muted_text, style.small_text, false});
        y += style.small_text * 1.3f;
        if (trace.threads <= kMaxLaneMarkers) {
            const float lane_h = style.cell_h * 0.22f;
            for (int t = 0; t < trace.threads; ++t) {
                const float lx = x0 + (t % kRowWords) * pitch_x, ly = y + (t / kRowWords) * lane_h * 1.5f;
                const bool on = is_active(mask, t);
                const uint32_t c = on ? style.active_lane : style.inactive_lane;
                scene.nodes.push_back(NodeInstance{lx, ly, cell_w, lane_h, c, c, 0.0f, step, -1, 0.3f});
                max_x = std::max(max_x, lx + cell_w);
            }
            y += ((trace.threads + kRowWords - 1) / kRowWords) * lane_h * 1.5f;
        }
        y += style.small_text * 0.3f;
    }

    // A learner's racing pairs at this step: the slots they race on, and the operands read at risk
    // (operation, operand) whose arcs are drawn in the hazard colour.
    std::vector<uint8_t> raced(trace.layout.slots, 0);
    std::vector<std::pair<int, int>> risky_reads;
    if (hazards)
        for (const Hazard& h : hazards->drawn()) {
            const bool read_here = h.read.step == step, write_here = h.write.step == step;
            if ((read_here || write_here) && h.slot >= 0 && h.slot < trace.layout.slots) raced[h.slot] = 1;
            if (read_here && !h.read.write && h.read.op >= 0) risky_reads.emplace_back(h.read.op, h.read.index);
        }
    std::sort(risky_reads.begin(), risky_reads.end());

    // Which slots this step wrote.
    std::vector<uint8_t> written(trace.layout.slots, 0);
    if (step >= 0)
        for (const auto& op : trace.steps[step].ops)
            for (int w : op.writes)
                if (w >= 0 && w < trace.layout.slots) written[w] = 1;

    std::vector<Box> boxes(trace.layout.slots);
    std::vector<uint8_t> drawn(trace.layout.slots, 0);
    for (const Region& region : trace.layout.regions) {
        // 32 to a row (a column is a bank in shared memory); a region whose rows hold fewer
        // (one thread's items) packs whole rows of it side by side up to 32.
        const int hint = region.cols > 0 && region.cols < kRowWords ? region.cols : kRowWords;
        const int cols = std::min(std::max(region.count, 1), hint * std::max(1, kRowWords / hint));
        // The part of the region drawn: all of a small one, else the window's slots, whole rows.
        int a = 0, b = region.count;
        if (region.count > kSmallRegion && !window.all()) {
            a = std::clamp(window.first - region.first_slot, 0, region.count);
            a -= a % cols;
            b = std::clamp(window.first + window.count - region.first_slot, a, region.count);
        }
        // "s_temp  (shared, 64 slots; a column is a bank)": the region's name is code or, where it
        // has words ("total (register, last thread)"), the catalog's; the rest is one sentence per
        // case, translated whole.
        const char* space = space_name(region.space);
        std::string detail = i18n::format(
            i18n::trn("%s, %d slot", "%s, %d slots", static_cast<unsigned long>(region.count)), space, region.count);
        if (a >= b)
            detail += i18n::tr("; none in the window");
        else if (a > 0 || b < region.count)
            detail += i18n::format(i18n::tr("; %d to %d shown"), a, b - 1);
        if (region.space == Space::Shared && cols == kRowWords) detail += i18n::tr("; a column is a bank");
        std::string name =
            i18n::region_label(region.name) + "  " + i18n::format(i18n::tr("(%s)"), detail.c_str());
        scene.labels.push_back(TextLabel{margin, y, name, style.muted_text, style.small_text, false});
        y += style.small_text * 1.3f;
        if (a >= b) continue;
        if (cols > 1 && b - a > 1) {  // column numbers (banks, for shared memory)
            for (int c = 0; c < std::min(cols, b - a); ++c)
                scene.labels.push_back(TextLabel{x0 + c * pitch_x + cell_w * 0.5f,
                                                 y + style.small_text * 0.5f, std::to_string(c),
                                                 style.muted_text, style.small_text * 0.9f, true});
            y += style.small_text * 1.1f;
        }
        y += arc_room * 0.5f;
        const float row_pitch = style.cell_h + arc_room;
        const bool per_thread =
            region.space == Space::Registers && region.count == trace.threads && step >= 0;
        for (int i = a; i < b; ++i) {
            const int slot = region.first_slot + i;
            const int row = (i - a) / cols;
            Box box{x0 + ((i - a) % cols) * pitch_x, y + row * row_pitch, cell_w, style.cell_h};
            if ((i - a) % cols == 0 && (b - a) > cols) {
                scene.labels.push_back(
                    TextLabel{margin + gutter - style.cell_w * 0.2f -
                                  style.small_text * 0.62f * static_cast<float>(std::to_string(i).size()),
                              box.cy() - style.small_text * 0.5f, std::to_string(i), style.muted_text,
                              style.small_text, false});
            }
            boxes[slot] = box;
            drawn[slot] = 1;
            const bool pad =
                slot < static_cast<int>(trace.layout.padding.size()) && trace.layout.padding[slot];
            uint32_t fill = style.cell_fill, border = style.cell_border;
            float border_px = style.border_px;
            if (pad) {
                fill = style.padding_fill;
                border = style.padding_border;
            }
            if (per_thread && !is_active(trace.steps[step].active_mask, i)) fill = style.inactive_fill;
            Role role = Role::None;
            if (written[slot]) {
                fill = style.written_fill;
                border = style.written_border;
                border_px = style.border_px * 1.5f;
                role = Role::Written;
            }
            if (raced[slot]) {
                border = style.edge_hazard;
                border_px = style.border_px * 3.0f;
                role = Role::Hazard;
            }
            // The slot is outlined at every step; the selected value is the one at the step clicked.
            if (selection.valid() && selection.slot == slot) {
                border = style.selected_border;
                border_px = style.border_px * 3.0f;
                if (selection.step == step) role = Role::Selected;
            }
            NodeInstance node{box.x, box.y, box.w, box.h, fill, border, border_px, step, slot};
            node.role = role;
            scene.nodes.push_back(node);
            TextLabel value{box.cx(),
                            box.cy(),
                            parts::format_value(parts::value_of(trace, step, slot), trace.spec.type),
                            pad ? style.muted_text : style.text,
                            style.text_size,
                            true,
                            slot};
            value.node = static_cast<int>(scene.nodes.size()) - 1;
            scene.labels.push_back(std::move(value));
            max_x = std::max(max_x, box.x + box.w);
        }
        const int rows = (b - a + cols - 1) / cols;
        y += rows * row_pitch - arc_room * 0.5f;
        if (b - a < region.count) {
            scene.labels.push_back(TextLabel{margin, y,
                                             i18n::format(i18n::trn("%d slot outside the window (the overview strip shows it)",
                                                                   "%d slots outside the window (the overview strip shows them)",
                                                                   static_cast<unsigned long>(region.count - (b - a))),
                                                         region.count - (b - a)),
                                             style.muted_text, style.small_text, false});
            y += style.small_text * 1.3f;
        }
        y += style.small_text * 0.6f;
    }

    // Arrows from the slots each operation read to the slots it wrote.
    // An operation reading more than kMaxArrowsPerOp slots (a tile reduce) gets a bar
    // under each row of the cells it read and one arrow from each bar's middle.
    if (step >= 0) {
        const auto& ops = trace.steps[step].ops;
        for (size_t o = 0; o < ops.size(); ++o) {
            const Operation& op = ops[o];
            const uint32_t colour = parts::edge_colour(parts::op_edge_kind(op.kind), style);
            std::vector<int> reads, operand;  // the operands drawn, and their index in op.reads
            for (size_t i = 0; i < op.reads.size(); ++i) {
                const int r = op.reads[i];
                if (r >= 0 && r < trace.layout.slots && drawn[r]) {
                    reads.push_back(r);
                    operand.push_back(static_cast<int>(i));
                }
            }
            std::vector<Box> sources;
            if (reads.size() <= kMaxArrowsPerOp) {
                for (int r : reads) sources.push_back(boxes[r]);
            } else {
                std::map<float, std::pair<float, float>> rows;  // row y -> x extent of the cells read
                for (int r : reads) {
                    auto [it, fresh] = rows.try_emplace(boxes[r].y, boxes[r].x, boxes[r].x + boxes[r].w);
                    if (!fresh) {
                        it->second.first = std::min(it->second.first, boxes[r].x);
                        it->second.second = std::max(it->second.second, boxes[r].x + boxes[r].w);
                    }
                }
                for (const auto& [row_y, extent] : rows) {
                    const float bar_y = row_y + style.cell_h + arc_room * 0.25f;
                    scene.edges.push_back(EdgeInstance{extent.first, bar_y, extent.second, bar_y, colour,
                                                       style.edge_px * 2.0f, 0.0f});
                    sources.push_back(Box{extent.first, row_y, extent.second - extent.first, style.cell_h});
                }
            }
            for (int w : op.writes) {
                if (w < 0 || w >= trace.layout.slots || !drawn[w]) continue;
                for (size_t i = 0; i < sources.size(); ++i) {
                    if (reads.size() <= kMaxArrowsPerOp && reads[i] == w)
                        continue;  // s[i] op= ...: no self arrow
                    const bool risky = reads.size() <= kMaxArrowsPerOp &&
                                       std::binary_search(risky_reads.begin(), risky_reads.end(),
                                                          std::pair{static_cast<int>(o), operand[i]});
                    if (risky)
                        add_arc(scene, sources[i], boxes[w], style.edge_hazard, style, Role::Hazard,
                                style.edge_px * 2.5f);
                    else
                        add_arc(scene, sources[i], boxes[w], colour, style);
                }
            }
        }
    }

    // The racing reads on top of the other arcs.
    std::stable_partition(scene.edges.begin(), scene.edges.end(),
                          [](const EdgeInstance& e) { return e.role != Role::Hazard; });

    scene.width =
        std::max(max_x + margin, margin + style.text_size * 0.6f * static_cast<float>(title.size()));
    scene.height = y + margin;
    return scene;
}

void keep_diagram_rows_up_to(Scene& scene, int step) {
    // The bottom of the last row kept: labels below it (values and row names of later rows) go too.
    float bottom = 0;
    for (const NodeInstance& n : scene.nodes)
        if (n.slot >= 0 && n.step <= step) bottom = std::max(bottom, n.y + n.h);
    std::vector<int> new_index(scene.nodes.size(), -1);
    std::vector<NodeInstance> nodes;
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const NodeInstance& n = scene.nodes[i];
        if (n.step > step) continue;
        new_index[i] = static_cast<int>(nodes.size());
        nodes.push_back(n);
    }
    scene.nodes = std::move(nodes);
    std::erase_if(scene.edges, [&](const EdgeInstance& e) { return e.to_row > step; });
    std::vector<TextLabel> labels;
    for (TextLabel& l : scene.labels) {
        if (l.node >= 0) {
            if (static_cast<size_t>(l.node) >= new_index.size() || new_index[static_cast<size_t>(l.node)] < 0) continue;
            l.node = new_index[static_cast<size_t>(l.node)];
        } else if (l.y >= bottom) {
            continue;
        }
        labels.push_back(std::move(l));
    }
    scene.labels = std::move(labels);
}

}  // namespace scanviz::figure
