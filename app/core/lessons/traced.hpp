// Inside the lessons room: the figures the quantities read off a trace beyond its
// metrics (a cell's value, the selected cell's cone, the segments, shared accesses
// and words of the layout). The kinds that use them are entries of the table in
// quantity.cpp.
#pragma once

#include "quantity.hpp"

namespace scanviz::lessons::detail {

// The input cells the selected cell depends on, numbered as the views number them.
Value cone_cells(const Quantity& q, const StepData& d);
// The value slot q.args[0] holds after the step shown (the initial value before step 1).
Value cell_value(const Quantity& q, const StepData& d);
// How many values of row q.args[0] of the diagram the selected cell depends on.
Value cone_row(const Quantity& q, const StepData& d);
// The longest segment of a segmented run (lane 0 always starts one).
Value longest_segment(const Quantity& q, const StepData& d);
// Shared-memory access instructions per warp over the run.
Value shared_accesses_per_warp(const Trace& t);
// Shared-memory words of the layout (pad words included), or only the pad words.
Value shared_words(bool pads_only, const Trace& t);

}  // namespace scanviz::lessons::detail
