// Quantities: what a lesson's questions ask and its narration quotes. Each is
// a function of the trace on screen (and, for some, the trace of another
// variant on the same input), the SASS count table, or measured benchmark
// results; none is ever typed into a lesson file.
//
//   active_lanes            lanes (threads, tiles) active at the step shown
//   step_work               operator applications in the step shown
//   work [VARIANT]          operator applications over the whole run
//   span [VARIANT]          longest dependency chain, in operator applications
//   steps [VARIANT]         steps of the run
//   sequential_work         what a sequential scan does: n - 1
//   conflict                worst bank-conflict degree at the step shown (1 = none)
//   max_conflict [VARIANT]  worst bank-conflict degree over the run
//   cone                    input cells the selected cell depends on (a set: the cone's leaves,
//                           initial values or values loaded with no operand, numbered as the views do)
//   cone_size               how many input cells that is
//   sass VARIANT            SASS instructions in the variant's scan region
//   fewer_sass A B [C ...]  which of the variants has fewest (a choice)
//   gbps VARIANT N          measured throughput at n = N (GB/s)
//   memcpy_fraction VARIANT N   throughput as a fraction of cudaMemcpy's
//   cub_ratio VARIANT N     throughput over CUB's
//   faster A B [C ...] N    which variant measured fastest at n = N (a choice)
//
// [VARIANT]: the same input run by another variant (through Sources::run).
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/bench/bench.hpp"
#include "core/analysis/diagram.hpp"
#include "core/analysis/metrics.hpp"
#include "core/sass/sass.hpp"
#include "core/trace/trace.hpp"
#include "lesson.hpp"

namespace scanviz::lessons {

enum class ValueKind : uint8_t { Number, Cells, Choice };

struct KindInfo {
    std::string_view name;
    int min_args;
    int max_args;  // -1: any
    ValueKind value;
    std::string_view usage;  // "gbps VARIANT N"
    std::string_view view;   // where the window shows the answer (the hint names it)
    std::string_view what;   // one line, for `scanviz lesson kinds` and the README
};
std::span<const KindInfo> quantity_kinds();
const KindInfo* find_kind(std::string_view name);

// Where the figures come from besides the trace on screen.
struct Sources {
    // The trace of a spec (a resolved one): the model, a recording or the GPU.
    // Throws with one line when it cannot run.
    std::function<Trace(const RunSpec&)> run;
    // The SASS count table (sass::count_table) and, when empty, why.
    std::vector<sass::Row> sass_rows;
    std::string sass_missing;
    std::string arch;  // the lesson's architecture; empty: the newest in the table
    // Measured benchmark results and where they come from; when absent, why.
    std::optional<BenchReport> bench;
    std::string bench_origin;
    std::string bench_missing;
};

// The trace on screen and what the step shows.
struct StepData {
    const Trace* trace = nullptr;
    const Metrics* metrics = nullptr;
    const DependencyGraph* graph = nullptr;
    int step = -1;  // the App's step index: -1 = initial state
    int select_step = -1;
    int select_slot = -1;  // -1: nothing selected
};

struct Value {
    bool ok = false;
    std::string why_not;  // one line, when !ok: why it cannot be answered here
    ValueKind kind = ValueKind::Number;
    double number = 0;
    int decimals = 0;                  // how it is printed
    double tolerance = 0;              // answers within this are right
    bool relative = false;             // tolerance is a fraction of the value
    std::vector<int> cells;            // Cells: as the views number them, sorted
    std::string choice;                // Choice: the variant id
    std::vector<std::string> options;  // Choice: the variants to choose from
    std::string origin;                // where a SASS or benchmark figure comes from
    std::string text() const;          // as narration prints it
};

// The quantity's kind is known, its argument count fits, the variants it names
// exist, its sizes parse. Returns one line naming the problem, or nothing.
std::optional<std::string> check_shape(const Quantity& q);

Value evaluate(const Quantity& q, const StepData& data, const Sources& sources);

struct Verdict {
    bool correct = false;
    std::string message;  // "Right: ..." or what was wrong and the hint
};
// Judges a learner's answer: numbers (within the value's tolerance), cell sets
// ("0-5, 9"), a choice (a variant id or its number in the list).
Verdict judge(const Question& q, const Value& answer, const std::string& given);
// The hint a wrong answer gets: the question's own, then the view that shows it.
std::string hint_for(const Question& q);

// "0-3, 7, 9-10"
std::string cells_text(const std::vector<int>& cells);
// Parses "0-3, 7", "0..3 7"; nullopt when it does not parse.
std::optional<std::vector<int>> parse_cells(const std::string& text);

// A paragraph with its placeholders computed. On a placeholder that cannot be
// computed, returns nothing and sets *error to one line.
std::optional<std::string> expand(const std::string& paragraph, const StepData& data, const Sources& sources,
                                  std::string* error);

}  // namespace scanviz::lessons
