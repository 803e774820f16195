#include "core/analysis/trace_text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "core/analysis/metrics.hpp"
#include "core/common/numbers.hpp"
#include "core/trace/replay.hpp"
#include "core/models/variants.hpp"

namespace scanviz {

std::string format_value(double v, ElemType type) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (type == ElemType::I32 && v == std::trunc(v) && std::fabs(v) < 1e15)
        return std::to_string(static_cast<int64_t>(v));
    if (type == ElemType::F32) return shortest_text(static_cast<float>(v));
    return shortest_text(v);
}

namespace {

std::string pad_right(std::string s, size_t w) {
    if (s.size() < w) s.append(w - s.size(), ' ');
    return s;
}

std::string pad_left(std::string s, size_t w) {
    if (s.size() < w) s.insert(0, w - s.size(), ' ');
    return s;
}

std::string source_line(const TraceSource& src) {
    if (src.kind == "gpu") {
        std::string s = "GPU " + (src.device.empty() ? std::string("(unnamed)") : src.device);
        if (!src.sm.empty()) s += ", " + src.sm;
        if (!src.driver.empty()) s += ", driver " + src.driver;
        return s;
    }
    if (src.kind == "recording") {
        std::string s = "recording made on " + (src.device.empty() ? std::string("a GPU") : src.device);
        if (!src.date.empty()) s += " (" + src.date + ")";
        return s;
    }
    if (src.kind == "cpu") return "your kernel, run on the CPU (one fiber per thread)";
    return "reference model";
}

// Which cells of a region to show: all, or a head and a tail that start on
// whole lines of `per_line` cells, with the gap between them.
struct Shown {
    int head_end = 0;    // cells [0, head_end) ...
    int tail_begin = 0;  // ... and [tail_begin, count); everything when head_end == tail_begin
    int count = 0;
};

Shown shown_cells(int count, int max_cells, int per_line) {
    Shown s{count, count, count};
    if (count <= max_cells || max_cells < 8) return s;
    per_line = std::max(per_line, 1);
    const int lines = std::max(2, max_cells / per_line);
    const int head_lines = std::max(1, lines * 3 / 4);
    s.head_end = std::min(count, head_lines * per_line);
    // The tail's first cell sits on the same column grid as the head's.
    int tail = (lines - head_lines) * per_line;
    int begin = count - tail;
    begin -= ((begin % per_line) + per_line) % per_line;
    s.tail_begin = std::max(begin, s.head_end);
    return s;
}

// Cells per printed line: whole rows of the region's drawing when they fit,
// else an even split of a row, else a power of two (a warp's 32 lanes as 2 x 16).
int cells_per_line(int fit, int cols) {
    if (cols > 0 && cols <= fit) return cols * (fit / cols);
    if (cols > fit)
        for (int d = fit; d >= (fit + 1) / 2; --d)
            if (cols % d == 0) return d;
    int p = 1;
    while (p * 2 <= fit) p *= 2;
    return p;
}

class StateWriter {
public:
    StateWriter(const Trace& t, const TextOptions& o) : t_(t), o_(o) {
        for (const Region& r : t.layout.regions) name_w_ = std::max(name_w_, r.name.size());
        index_w_ = std::max<size_t>(3, std::to_string(std::max(t.layout.slots, 1)).size());
        // One cell width for the whole trace, so columns line up from step to step.
        auto widen = [&](const std::vector<double>& state) {
            for (double v : state) cell_w_ = std::max(cell_w_, format_value(v, t.spec.type).size() + 1);
        };
        widen(t.initial_state);
        for (const Step& s : t.steps) widen(s.state);
    }

    // The state, region by region, written cells marked with '*', padding as '.'.
    void write(std::ostream& os, const std::vector<double>& state,
               const std::vector<uint8_t>& written) const {
        const std::string indent = "      ";
        for (const Region& r : t_.layout.regions) {
            const size_t prefix_w = indent.size() + name_w_ + 1 + index_w_ + 2;
            const int fit = std::max<int>(
                4,
                static_cast<int>((static_cast<size_t>(std::max(o_.width, 40)) - prefix_w) / (cell_w_ + 1)));
            const int per_line = cells_per_line(fit, r.cols);
            const Shown shown = shown_cells(r.count, o_.max_cells, per_line);
            bool first_line = true;
            auto line_head = [&](const std::string& index) {
                os << indent << pad_right(first_line ? r.name : "", name_w_) << ' '
                   << pad_left(index, index_w_) << ": ";
                first_line = false;
            };
            auto cells = [&](int from, int to) {
                for (int start = from; start < to; start += per_line) {
                    line_head(std::to_string(start));
                    const int end = std::min(to, start + per_line);
                    for (int c = start; c < end; ++c) {
                        const int slot = r.first_slot + c;
                        std::string cell;
                        const bool wrote =
                            slot >= 0 && slot < static_cast<int>(written.size()) && written[slot];
                        if (slot < 0 || slot >= static_cast<int>(state.size()))
                            cell = "?";
                        else if (slot < static_cast<int>(t_.layout.padding.size()) &&
                                 t_.layout.padding[slot] && !wrote)
                            cell = ".";
                        else
                            cell = format_value(state[slot], t_.spec.type);
                        os << pad_left(cell, cell_w_ - 1) << (wrote ? '*' : ' ') << (c + 1 < end ? " " : "");
                    }
                    os << '\n';
                }
            };
            if (r.count == 0) {
                line_head("0");
                os << "(empty)\n";
                continue;
            }
            cells(0, shown.head_end);
            if (shown.tail_begin > shown.head_end) {
                int hidden_written = 0;
                for (int c = shown.head_end; c < shown.tail_begin; ++c) {
                    const int slot = r.first_slot + c;
                    hidden_written += slot >= 0 && slot < static_cast<int>(written.size()) && written[slot];
                }
                line_head("...");
                os << (shown.tail_begin - shown.head_end) << " cells not shown";
                if (hidden_written) os << " (" << hidden_written << " written in this step)";
                os << o_.elide_hint << '\n';
                cells(shown.tail_begin, shown.count);
            }
        }
    }

private:
    const Trace& t_;
    const TextOptions& o_;
    size_t name_w_ = 0, index_w_ = 1, cell_w_ = 2;
};

std::string values_line(const std::vector<double>& v, ElemType type, int max_cells) {
    std::string s;
    const int n = static_cast<int>(v.size());
    const Shown shown = shown_cells(n, max_cells, 1);
    for (int i = 0; i < shown.head_end; ++i) s += (i ? " " : "") + format_value(v[i], type);
    if (shown.tail_begin > shown.head_end) {
        s += " ... (" + std::to_string(shown.tail_begin - shown.head_end) + " more) ...";
        for (int i = shown.tail_begin; i < n; ++i) s += " " + format_value(v[i], type);
    }
    return s;
}

}  // namespace

std::string trace_to_text(const Trace& t, const TextOptions& o) {
    const Metrics m = compute_metrics(t);
    std::ostringstream os;
    const VariantInfo* v = find_variant(t.spec.variant);
    os << "variant  " << t.spec.variant;
    if (v) os << ": " << v->title << " (" << to_string(v->level) << " level)";
    os << '\n';
    const bool tiles = v && v->level == Level::Device;
    const int block_threads = t.spec.threads > 0 ? t.spec.threads : t.threads;
    os << "run      n = " << t.spec.n << ", " << (tiles ? "tiles of " : "") << block_threads << " threads";
    if (t.spec.items_per_thread > 1) os << " x " << t.spec.items_per_thread << " items";
    if (t.blocks > 1 || tiles)
        os << ", " << t.blocks << (tiles ? " tiles (one thread block each)" : " blocks");
    os << ", op " << to_string(t.spec.op) << ", type " << to_string(t.spec.type) << ", "
       << (t.spec.exclusive ? "exclusive" : "inclusive") << ", input " << to_string(t.spec.input);
    if (t.spec.input == InputKind::Random) os << " (seed " << t.spec.seed << ")";
    os << '\n';
    os << "source   " << source_line(t.source);
    if (!t.source.note.empty()) os << " (" << t.source.note << ")";
    os << '\n';
    os << "layout   ";
    for (size_t i = 0; i < t.layout.regions.size(); ++i) {
        const Region& r = t.layout.regions[i];
        if (i) os << "; ";
        os << r.name << " (" << to_string(r.space) << ", " << r.count << (r.count == 1 ? " slot" : " slots");
        if (r.space == Space::Shared)
            os << ", bytes " << r.byte_offset << ".." << r.byte_offset + r.count * r.elem_bytes - 1;
        os << ")";
    }
    os << '\n';
    os << "input    " << values_line(t.input, t.spec.type, o.max_values) << '\n';
    if (!t.heads.empty()) {
        std::vector<double> h(t.heads.begin(), t.heads.end());
        os << "heads    " << values_line(h, ElemType::I32, o.max_values) << '\n';
    }
    os << "cells: '*' written in the step, '.' padding; lanes = active lanes, span = longest chain so far,\n"
          "banks = worst shared-memory bank conflict degree of the step (1 = conflict-free)\n\n";

    StateWriter sw(t, o);
    size_t label_w = 5, barrier_w = 7;
    for (const Step& s : t.steps) {
        label_w = std::max(label_w, s.label.size());
        barrier_w = std::max(barrier_w, s.barrier.size());
    }
    os << "step  " << pad_right("label", label_w) << "  " << pad_right("barrier", barrier_w)
       << "  lanes   work   span  banks\n";
    std::vector<uint8_t> written(static_cast<size_t>(std::max(t.layout.slots, 0)), 0);
    if (o.show_initial && !t.initial_state.empty()) {
        os << pad_left("-", 4) << "  " << pad_right("initial state", label_w) << '\n';
        sw.write(os, t.initial_state, written);
    }
    for (size_t i = 0; i < t.steps.size(); ++i) {
        const Step& s = t.steps[i];
        const StepMetrics& sm = m.per_step[i];
        os << pad_left(std::to_string(i), 4) << "  " << pad_right(s.label, label_w) << "  "
           << pad_right(s.barrier, barrier_w) << "  " << pad_left(std::to_string(sm.active_lanes), 5) << "  "
           << pad_left(std::to_string(sm.work), 5) << "  " << pad_left(std::to_string(sm.span_so_far), 5)
           << "  " << pad_left(std::to_string(sm.max_conflict_degree), 5) << '\n';
        std::fill(written.begin(), written.end(), 0);
        for (const Operation& op : s.ops)
            for (int w : op.writes)
                if (w >= 0 && w < static_cast<int>(written.size())) written[w] = 1;
        sw.write(os, s.state, written);
    }
    os << '\n';
    os << "work     " << m.work << " operator applications (a sequential scan does " << m.sequential_work
       << ")\n";
    os << "span     " << m.span << " (longest chain of dependent operator applications)\n";
    os << "steps    " << m.steps << '\n';
    os << "banks    worst conflict degree " << m.max_conflict_degree
       << (m.max_conflict_degree == 1 ? " (conflict-free)" : "") << '\n';
    os << "output   " << values_line(t.output, t.spec.type, o.max_values) << '\n';
    const auto expected = reference_scan(t.input, t.heads, t.spec.op, t.spec.type, t.spec.exclusive);
    const char* truth = t.heads.empty() ? "the sequential scan" : "the sequential segmented scan";
    if (expected.size() == t.output.size()) {
        int differ = 0;
        double worst = 0.0;
        for (size_t i = 0; i < expected.size(); ++i)
            if (expected[i] != t.output[i]) {
                ++differ;
                worst = std::max(worst, std::fabs(expected[i] - t.output[i]));
            }
        if (differ == 0)
            os << "check    equals " << truth << '\n';
        else
            os << "check    differs from " << truth << " in " << differ << " of " << expected.size()
               << " elements (largest difference " << format_value(worst, ElemType::F32) << ")"
               << (t.spec.type == ElemType::F32 ? ": float32 addition is not associative" : "") << '\n';
    }
    // No trailing blanks on any line (goldens and terminals alike).
    std::string text = os.str(), out;
    out.reserve(text.size());
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        size_t last = end;
        while (last > start && text[last - 1] == ' ') --last;
        out.append(text, start, last - start);
        if (end < text.size()) out += '\n';
        start = end + 1;
    }
    return out;
}

}  // namespace scanviz
