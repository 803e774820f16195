// The lesson checker: what parsing cannot tell. Every step's variant exists
// and accepts its size, operator, type, input and heads; the trace step it
// shows and the cell it selects exist; every placeholder can be computed and
// every question has an answer. One line per problem, "PATH:LINE: ...".
// The window refuses a lesson with problems, showing the first of them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/trace/run_spec.hpp"
#include "lesson.hpp"
#include "quantity.hpp"

namespace scanviz::lessons {

// The run a step asks for (the variant's defaults filled in), or one line
// naming the problem.
std::optional<std::string> step_spec(const ViewSettings& view, RunSpec* out);

// A step as shown: its trace (from sources.run) with what is derived from it.
struct ShownStep {
    Trace trace;
    Metrics metrics;
    DependencyGraph graph;
    int step = -1;  // the App's step index (-1 = initial state)
    int select_step = -1;
    int select_slot = -1;
    StepData data() const { return {&trace, &metrics, &graph, step, select_step, select_slot}; }
};

// Runs a step (sources.run) and places its step and selection; on a problem,
// returns nothing and sets *error to "PATH:LINE: ..." for the line at fault.
std::optional<ShownStep> show_step(const Lesson& lesson, int index, const Sources& sources,
                                   std::string* error);

// What a figure whose data is not here (no profile table, no SASS, ...) is:
// Refuse: a problem, as `scanviz lesson check` reports it (no claim goes out unchecked);
// Say: not a problem; the window and the published page show one line saying what
// is missing in place of the paragraph (expand_or_say), and the question says it
// cannot be answered here.
enum class MissingData : uint8_t { Refuse, Say };

// Every problem of the lesson, one line each; empty when it is fine.
std::vector<std::string> check_lesson(const Lesson& lesson, const Sources& sources,
                                      MissingData missing = MissingData::Refuse);

}  // namespace scanviz::lessons
