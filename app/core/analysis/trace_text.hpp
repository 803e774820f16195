// The readable per-step table of a trace, for a terminal (`scanviz trace --format text`).
//
// A header (variant, n, operator, type, inclusive or exclusive, where the trace
// came from, the layout), one block per step (number, label, barrier, active
// lanes, work, span so far, bank conflict degree, then the state: written
// cells marked '*', padding shown as '.'), and the totals (work against the
// sequential n - 1, span, steps) and the output.
#pragma once

#include <string>

#include "core/trace/trace.hpp"

namespace scanviz {

struct TextOptions {
    int width = 110;           // wrap state lines at this many columns
    int max_cells = 128;       // a region with more cells shows its first and last ones only
    int max_values = 48;       // input, heads and output lines show their first and last values beyond this
    bool show_initial = true;  // a row for the state before the first step
    std::string elide_hint;    // appended where cells are left out, e.g. "; --full shows every cell"
};

std::string trace_to_text(const Trace& trace, const TextOptions& options = {});

// One value as the element type prints it: integers plain, float32 in its
// shortest form that reads back to the same float; inf and nan as words.
std::string format_value(double v, ElemType type);

}  // namespace scanviz
