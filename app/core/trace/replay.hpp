// Replay: recomputes every step's state from the trace's initial state and its
// operations, and reports the first place where the recorded state disagrees.
// This is how tests prove that a trace's operations explain its states.
//
// Combine, Copy and Swap are recomputed with the operator in the element
// type's arithmetic (apply_op), with the step semantics of trace.hpp (a thread
// reads its own writes of this step, other threads' values from the start of
// the step). Wait writes nothing. Flag, Reduce, a Copy with no read (a set),
// and kinds this file does not know take the written values from the recorded
// state: they cannot be recomputed from their reads alone.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/trace/trace.hpp"

namespace scanviz {

struct ReplayMismatch {
    int step = -1;  // -1: the trace's shape (initial state or a step's state has the wrong length)
    int slot = -1;
    double recorded = 0.0;  // what the trace says
    double replayed = 0.0;  // what the operations give
    std::string what;       // one line: "step 3 (kogge-stone d=4): slot 17 recorded 12, replay gives 13"
};

// Returns the first disagreement, or nothing when every step's state follows
// from the initial state and the operations. Values compare exactly (NaN equals NaN).
std::optional<ReplayMismatch> replay(const Trace& trace);

// The ground truth a trace's output must equal: the sequential scan of `in`,
// restarting at every head when `heads` is not empty (segmented scan: inclusive
// restarts with the head's value, exclusive with the identity).
std::vector<double> reference_scan(const std::vector<double>& in, const std::vector<uint8_t>& heads, Op op,
                                   ElemType type, bool exclusive);

}  // namespace scanviz
