// Step-by-step comparison of two traces (GPU capture against reference model).
#pragma once

#include <optional>
#include <string>

#include "core/trace/trace.hpp"

namespace scanviz {

struct TraceMismatch {
    int step = -1;          // -1: before the steps (layout, input, initial state); steps.size(): the output
    int slot = -1;          // the first differing slot or element, when the difference is a value
    double expected = 0.0;  // the first trace's value there
    double actual = 0.0;    // the second trace's value there
    std::string what;       // one line: "step 3 (kogge-stone d=4): slot 17 is 12, expected 13"
    // The same in the reader's language, in parts, for a sentence of the reader's own:
    std::string place;   // "step 3 (kogge-stone d=4)", "output", "" (the layout, the step count)
    std::string found;   // what the second trace has: "slot 17 is 12"
    std::string wanted;  // what the first has: "13"
};

// Two values of a trace are the same: equal, or both NaN (what both comparisons ask).
bool same_trace_value(double a, double b);
// A value as the comparisons' lines print it (9 significant digits).
std::string trace_value_text(double v);

// Compares what happened: step count, each step's phase, label, barrier,
// active mask, operations (per thread, in program order; threads in any
// order) and state, then the output. Values compare exactly (floats too: the
// model does the kernel's operations in the kernel's order).
// Returns the first difference, or nothing when the traces agree. `what` is English (it is
// kept in validation reports and recordings); place, found and wanted are in the reader's.
std::optional<TraceMismatch> compare_traces(const Trace& expected, const Trace& actual);

}  // namespace scanviz
