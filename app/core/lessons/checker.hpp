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
    Trace accesses;       // a learner kernel's access trace (its hazards)
    bool kernel = false;  // the step runs a learner's kernel (kernel = NAME)
    Metrics metrics;
    DependencyGraph graph;
    int step = -1;  // the App's step index (-1 = initial state)
    int select_step = -1;
    int select_slot = -1;
    StepData data() const {
        return {&trace, &metrics, &graph, step, select_step, select_slot, kernel ? &accesses : nullptr};
    }
};

// A step's kernel run (from Sources::run_kernel) as a shown step, at the lesson step's `at`.
std::optional<ShownStep> shown_kernel_run(const Lesson& lesson, int index, const LearnerRun& run, std::string* error);

// Whether a kernel run meets goal = fixed: no hazard and the output right. `why`: what is still wrong.
bool goal_met(const LearnerRun& run, std::string* why);

// Runs a step (sources.run, or for a kernel step sources.run_kernel on sources.kernel_path(NAME))
// and places its step and selection; on a problem,
// returns nothing and sets *error to "PATH:LINE: ..." for the line at fault.
std::optional<ShownStep> show_step(const Lesson& lesson, int index, const Sources& sources,
                                   std::string* error);

// What a figure whose data is not here (no profile table, no SASS, ...) is:
// Refuse: a problem, as `scanviz lesson check` reports it (no claim goes out unchecked);
// Say: not a problem; the window and the published page show one line saying what
// is missing in place of the paragraph (expand_or_say), and the question says it
// cannot be answered here.
enum class MissingData : uint8_t { Refuse, Say };

// The step a question is judged on: the one shown, or with `reveal = next` the step after it
// (the learner predicts it before it runs). Nothing when that step does not exist.
std::optional<StepData> answer_data(const Question& q, const ShownStep& shown);
// The question's answer (at answer_data's step).
Value answer_of(const Question& q, const ShownStep& shown, const Sources& sources);

// The panels that show a quantity's figure while `shown` is on screen: "controls" (the step
// counter, always there) included. `for_next`: the figure is the next step's (reveal = next),
// which the panels that draw only the step shown do not show.
std::vector<std::string> panels_showing(const Quantity& q, const ShownStep& shown, bool for_next);

// What shows a step's answer before the learner has answered: one line naming the
// placeholder or the panel, or nothing. Computed: the step's visible placeholders are
// evaluated and compared with the answer (the same kind with the same value, or, for a
// choice, the figures of every option), and each open panel (not in the question's hide)
// is asked whether it displays the quantity (panels_showing). Two typed answers are refused too: a
// whole-number answer in the step's title, and a conflict degree written "N-way" in the step's text.
std::optional<std::string> revealed_by(const LessonStep& step, const ShownStep& shown, const Sources& sources,
                                       const Value& answer);

// The value of a hint's route: the quantities it adds up, at answer_data's step; a term whose
// last argument is @now at the step shown (for `reveal = next`, what the learner reads before
// the predicted step runs).
Value route_value(const Question& q, const ShownStep& shown, const Sources& sources);

// Every problem of the lesson, one line each; empty when it is fine. A kernel step: the file exists
// (Sources::kernel_path), it runs; a hazard question (is_hazard_kind) keeps the hazards closed
// (hide = hazards); goal = fixed: the step's own kernel does not meet the goal, its solution does. Besides running every
// step: a question's answer on screen before it is answered (revealed_by), a hint whose route
// does not give the answer, a timing compared within its spread (the quantities refuse it).
std::vector<std::string> check_lesson(const Lesson& lesson, const Sources& sources,
                                      MissingData missing = MissingData::Refuse);

}  // namespace scanviz::lessons
