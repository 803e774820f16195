// A lesson: an ordered list of steps, each of which sets the views (variant,
// operator, type, n, mode, input, the trace step shown, the selected cell, the
// panels, zoom), says something in a few paragraphs, and may ask a question
// whose answer is computed at run time (quantity.hpp), never typed in.
//
// The file format (one lesson a file, assets/lessons/*.lesson), line based:
//
//   # a comment (settings may also end in one: "at = 3  # the third step")
//   title = Kogge-Stone, one warp
//   prerequisites = What an inclusive prefix sum is.
//   outcomes = Say which lanes add at each step, and why a warp needs __syncwarp().
//   (No architecture is set here: SASS figures come from the architecture the SASS view
//   shows, sass::default_arch until the learner picks another; `arch =` is refused.)
//
//   [step Lanes that add]               (a step; the title after "step" is optional)
//   variant = warp_conditional          (view settings carry over to the next step)
//   input = ramp                        (random [SEED] | ones | ramp | 3,1,4,1,...)
//   at = 1                              (the trace step shown: 0 or initial, 1..steps, last)
//   select = last 17                    (a cell: AT SLOT, or none)
//   panels = state diagram metrics      (state banks diagram metrics source sass bench lookback)
//   text = One paragraph, which goes on
//     on indented lines. Placeholders such as {active_lanes} or {work block_blelloch}
//     are computed when the step is shown; {{ and }} are literal braces.
//   text = A second paragraph.
//   question = active_lanes             (a quantity, quantity.hpp; its value is the answer)
//   ask = How many lanes added a value at this step?
//   hint = Count the green markers.     (optional; the view that shows the answer is always named)
//   route = active_lanes                (with every hint: the quantities the hint has the learner
//                                        add up, QUANTITY [+|- QUANTITY|WHOLE NUMBER ...], at the step
//                                        the answer is judged on (a term ending in @now: at the step
//                                        shown); the checker refuses one whose value is not the answer)
//   hide = metrics selection            (what stays hidden until the question is answered or its
//                                        answer asked for: panels, `selection` (the lit cone) and
//                                        `controls` (the step counter's total, "k / ?"))
//   reveal = next                       (predict before the step runs: the answer is the quantity
//                                        at the next trace step, which the views show once answered)
//
// Predict before reveal: a question's answer is never on screen before the learner answers
// it or presses "show answer". A placeholder written {hidden KIND ARGS} prints "(?)" until
// then. `scanviz lesson check` refuses a step whose visible placeholders or panels show the
// answer (checker.hpp: revealed_by).
//
// A learner's own kernel (lesson 8), instead of a variant:
//   kernel = hillis_steele_one_buffer.cu  (a shipped example, assets/kernels/NAME: the window copies it
//                                        once into the learner's folder (learner_kernel_dir) and opens
//                                        that copy in the Your-kernel panel, which re-runs it on every
//                                        save; the shipped file is never written. `lesson check` runs the
//                                        shipped file itself; it must exist)
//   schedule = interleaved              (lockstep | interleaved: the CPU engine's order of the threads)
//   goal = fixed                        (the step is passed once the learner's file runs with no hazard
//                                        and its output right; needs solution =)
//   solution = hillis_steele_two_buffers.cu  (a shipped file `lesson check` runs to show the goal can be
//                                        met; the step's own kernel must not meet it)
// A question on a kernel's hazards (hazards, hazard_steps, hazard_lanes) must keep them closed:
// `hide = hazards` (the Your-kernel panel's checks, and the hazards drawn on the state view and diagram).
//
// Further view keys: n, threads, items, op (add max min), type (i32 f32),
// exclusive (on off), heads (0,5,12 | none), zoom (a factor, or fit).
// Parsing finds syntax errors ("FILE:LINE: ..."); the checker (checker.hpp)
// finds what only running the steps can tell.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/trace/run_spec.hpp"

namespace scanviz::lessons {

// A lesson file that does not parse or check: what() is one line naming the
// file, the line and the problem.
class LessonError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Panels a step can show.
// "banks": the state view shows the bank picture of the step (core/figure, build_bank_scene).
// "kernel": the Your-kernel panel (its file, its engine and its checks), for a step with a kernel.
inline constexpr const char* kPanelNames[] = {"state", "diagram", "metrics",  "source", "sass",
                                              "bench", "lookback", "banks",   "kernel"};

// A quantity: a kind and its arguments, e.g. "work block_blelloch" or
// "gbps device_decoupled_lookback 2^28" (quantity.hpp evaluates it).
struct Quantity {
    std::string kind;
    std::vector<std::string> args;
    std::string text() const;  // "gbps device_decoupled_lookback 2^28"
};

// "at" and the step of a selected cell: 0 = the initial state, k = after trace step k, or the last step.
struct StepRef {
    bool last = false;
    int index = 0;  // 0 = initial, 1..steps (when !last)
    std::string text() const;
    // The App's step index (-1 = initial state) in a trace of `steps` steps; nullopt when out of range.
    std::optional<int> resolve(int steps) const;
};

// What a step sets; a step starts from the previous step's settings.
struct ViewSettings {
    std::string variant;
    std::optional<int> n;  // unset: the variant's default size
    int threads = 0;
    int items_per_thread = 0;
    Op op = Op::Add;
    ElemType type = ElemType::I32;
    bool exclusive = false;
    InputKind input = InputKind::Random;
    int seed = 1;
    std::vector<double> values;  // input == Given
    std::string values_text;     // as written (the window's values field)
    std::vector<int> heads;      // segment head positions (segmented scan)
    StepRef at;
    bool has_selection = false;
    StepRef select_at;
    int select_slot = -1;
    std::vector<std::string> panels = {"state", "diagram", "metrics", "source"};
    float zoom = 1.0f;  // a factor applied after fitting; 1 = fit only
    std::string kernel;               // a shipped example's file name (assets/kernels/NAME); empty: a variant
    bool interleaved = false;         // the kernel's schedule: interleaved (else lockstep)
    bool shows(const std::string& panel) const;
};

// A term of a hint's route: a quantity, or a whole number (quantity.kind empty), added or subtracted.
struct RouteTerm {
    int sign = 1;
    Quantity quantity;  // kind empty: the constant
    long long constant = 0;
};

struct Question {
    int line = 0;
    Quantity quantity;
    std::string ask;   // the question as the learner reads it
    std::string hint;  // optional extra hint
    int hint_line = 0;
    std::vector<RouteTerm> route;  // what the hint has the learner compute (required with a hint)
    int route_line = 0;
    std::string route_text;
    std::vector<std::string> hide;  // panels (and "selection") hidden until answered
    int hide_line = 0;
    bool reveal_next = false;       // the answer is the quantity at the next trace step
    bool hides(const std::string& what) const;
};

// A key as written, in file order: its value (continuation lines joined, a setting's
// trailing comment dropped) and its line. The shadow check (shadow.hpp) compares a
// translation with its original key by key, whatever the key.
struct KeyValue {
    std::string key;
    std::string value;
    int line = 0;
};

struct LessonStep {
    int line = 0;       // the [step] line
    std::string title;  // optional
    ViewSettings view;  // after carrying over
    int variant_line = 0, n_line = 0, input_line = 0, at_line = 0, select_line = 0, heads_line = 0;
    int kernel_line = 0;
    bool goal_fixed = false;  // goal = fixed: passed when the learner's kernel has no hazard and right output
    int goal_line = 0;
    std::string solution;  // with goal: a shipped file that meets it (lesson check runs it)
    std::vector<std::string> paragraphs;  // with {placeholders}
    std::vector<int> paragraph_lines;
    std::optional<Question> question;
    std::vector<KeyValue> keys;  // every key of the step, in file order
};

struct Lesson {
    std::string path;  // where it was read from
    std::string name;  // file stem: "01_kogge_stone_warp"
    std::string title;
    std::string prerequisites;
    std::string outcomes;
    std::vector<LessonStep> steps;
    std::vector<KeyValue> keys;  // the keys before the first [step]: title, prerequisites, outcomes
};

// Parses a lesson; throws LessonError("PATH:LINE: ...") on a syntax error:
// an unknown key, a value that does not parse, a key outside its section, no
// steps, a step before any variant is named.
Lesson parse_lesson(const std::string& text, const std::string& path);
Lesson load_lesson(const std::string& path);

// Splits a narration paragraph into literal text and placeholders:
// "{work}" -> Quantity{"work"}; "{{" and "}}" are literal braces.
struct NarrationPart {
    bool placeholder = false;
    bool hidden = false;  // {hidden KIND ARGS}: "(?)" until the step's question is answered
    std::string text;  // literal text, or the placeholder's source
    Quantity quantity;
};
// Throws LessonError (without a location; the caller adds it) on an unclosed brace.
std::vector<NarrationPart> split_narration(const std::string& paragraph);

// "work + 2 - span" -> terms; throws LessonError (without a location) when it does not parse.
std::vector<RouteTerm> parse_route(const std::string& text);

// True when a step runs a learner's kernel file (kernel = NAME): the window's lesson, which a page
// in the browser cannot compute (no compiler there); `scanviz publish` leaves it out.
bool runs_a_kernel(const Lesson& lesson);

// The hazard quantities: a question on one must `hide = hazards`.
bool is_hazard_kind(std::string_view kind);

// Positions "0,5,12" -> sorted positions. Throws LessonError naming the bad token.
std::vector<int> parse_positions(const std::string& text);
// "2^28", "1048576" -> the number; nullopt when it is neither.
std::optional<long long> parse_count(const std::string& text);

}  // namespace scanviz::lessons
