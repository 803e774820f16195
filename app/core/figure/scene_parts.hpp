// Pieces the state, diagram and bank scenes share (internal to core/figure).
#pragma once

#include <cstdio>
#include <string>

#include "core/analysis/diagram.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/trace/trace.hpp"

namespace scanviz::figure::parts {

// A cell's text. The int32 extremes (the identities of exclusive max and min) are written as
// powers of two, so that one such cell does not make every cell of the figure 11 characters
// wide (values are never shrunk to fit).
inline std::string format_value(double v, ElemType type) {
    if (type == ElemType::I32 && v == -2147483648.0) return "-2\u00b3\u00b9";
    if (type == ElemType::I32 && v == 2147483647.0) return "2\u00b3\u00b9-1";
    char buf[32];
    std::snprintf(buf, sizeof buf, type == ElemType::I32 ? "%.0f" : "%.4g", v);
    return buf;
}

// Characters the longest value of the whole run takes (a cell is made that wide, so
// values are never shrunk to fit).
int value_chars(const Trace& trace);

// Width of a cell that holds `chars` characters of text_size text, at least style.cell_w.
float cell_width(const SceneStyle& style, int chars);

uint32_t edge_colour(EdgeKind kind, const SceneStyle& style);
EdgeKind op_edge_kind(OpKind kind);

inline const std::vector<double>& state_after(const Trace& trace, int step) {
    return step < 0 ? trace.initial_state : trace.steps[step].state;
}
inline double value_of(const Trace& trace, int step, int slot) {
    const auto& state = state_after(trace, step);
    return slot < static_cast<int>(state.size()) ? state[slot] : 0.0;
}

}  // namespace scanviz::figure::parts
