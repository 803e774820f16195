// Quantities: what a lesson's questions ask and its narration quotes. Each is
// a function of the trace on screen (and, for some, the trace of another
// variant on the same input), the SASS count table, or measured benchmark
// results; none is ever typed into a lesson file.
//
// Each kind is one entry of the table in quantity.cpp: its name, its arguments,
// where the window shows the answer, its shape check and its evaluator. Adding a
// kind is adding an entry there; `scanviz lesson kinds` prints the table.
// A [VARIANT] argument means the same input run by another variant (through Sources::run).
//
// A figure whose data is not here (no SASS, no benchmark results, no profile
// table, no race table, or a table without that row) is never guessed: the
// value is not ok and says why, with `missing` set; `lesson check` reports it,
// and a window or page that shows the lesson anyway says what is missing in
// place of the paragraph (expand_or_say).
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/bench/bench.hpp"
#include "core/learner/engine.hpp"
#include "core/analysis/diagram.hpp"
#include "core/analysis/metrics.hpp"
#include "core/profile/profile.hpp"
#include "core/race/table.hpp"
#include "core/sass/sass.hpp"
#include "core/trace/trace.hpp"
#include "lesson.hpp"

namespace scanviz::lessons {

enum class ValueKind : uint8_t { Number, Cells, Choice };

// Where the figures come from besides the trace on screen.
struct Sources {
    // The trace of a spec (a resolved one): the model, a recording or the GPU.
    // Throws with one line when it cannot run.
    std::function<Trace(const RunSpec&)> run;
    // The SASS count table (sass::count_table) and, when empty, why.
    std::vector<sass::Row> sass_rows;
    std::string sass_missing;
    // The architecture the SASS view shows (the window passes its choice); empty: sass::default_arch.
    std::string arch;
    // Measured benchmark results and where they come from (a file's name, or "" for the open
    // recording: origin.hpp makes the line shown); when absent, why. The same for the others.
    std::optional<BenchReport> bench;
    std::string bench_origin;
    std::string bench_missing;
    // Nsight Compute's table (scanviz profile): executed instructions and kernel times.
    std::optional<ProfileTable> profile;
    std::string profile_origin;
    std::string profile_missing;
    // The race lab's table (scanviz race): what the GPU did with a barrier left out.
    std::optional<RaceTable> race;
    std::string race_origin;
    std::string race_missing;
    // A lesson's kernel (kernel = NAME): where the file is (the shipped example for `lesson check`,
    // the learner's copy in the window), and a run of it on the engine here (its trace, its access
    // trace, or run.error). Unset: a lesson with a kernel cannot be shown here.
    std::function<std::string(const std::string& name)> kernel_path;
    std::function<LearnerRun(const std::string& path, bool interleaved)> run_kernel;
    // A recorded GPU run of learner kernels: the text `scanviz kernel FILE --engine gpu --launches N`
    // printed (assets/gpu/...), where it comes from, and why there is none.
    std::string recorded_kernels;
    std::string recorded_kernels_origin;
    std::string recorded_kernels_missing;
};

// The trace on screen and what the step shows.
struct StepData {
    const Trace* trace = nullptr;
    const Metrics* metrics = nullptr;
    const DependencyGraph* graph = nullptr;
    int step = -1;  // the App's step index: -1 = initial state
    int select_step = -1;
    int select_slot = -1;  // -1: nothing selected
    const Trace* accesses = nullptr;  // a learner kernel's access trace (the hazards); null for a variant
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
    bool missing = false;              // !ok because the data is not here (not a fault of the lesson)
    std::string text() const;          // as narration prints it
};

// What a kind's evaluator reads: the trace on screen (and maybe another
// variant's run of its input), or only the tables in Sources.
enum class Reads : uint8_t { Trace, Tables };
// Which of a question's arguments are variants the SASS view shows as its columns.
enum class SassColumns : uint8_t { None, First, All };

struct KindInfo {
    std::string_view name;
    int min_args;
    int max_args;  // -1: any
    ValueKind value;
    std::string_view usage;  // "gbps VARIANT N"
    std::string_view view;   // where the window shows the answer (the hint names it)
    std::string_view what;   // one line, for `scanviz lesson kinds` and the README
    Reads reads;
    // The arguments, once their count fits (the variants they name exist, sizes
    // parse): one line naming the problem, or nothing. nullptr: nothing to check.
    std::optional<std::string> (*check)(std::string_view kind, const std::vector<std::string>& args);
    // The value, for arguments that passed the check (and, when reads is Trace,
    // with the trace, metrics and graph of StepData present).
    Value (*evaluate)(const Quantity& q, const StepData& data, const Sources& sources);
    SassColumns sass_columns = SassColumns::None;
};
std::span<const KindInfo> quantity_kinds();
const KindInfo* find_kind(std::string_view name);

// The variants a question puts in the SASS view's columns (its kind's sass_columns).
std::vector<std::string> sass_columns(const Quantity& q);
// True for a kind answered from the benchmark's table (gbps, faster, tile_*, ...): its arguments
// are variants, then a size or a tile.
bool reads_bench(std::string_view kind);
// True for a kind answered from Nsight Compute's profile table (executed, ncu_*, quicker, ...).
bool reads_profile(std::string_view kind);
// True for a kind answered from the race lab's table (race_wrong, breaks).
bool reads_race(std::string_view kind);

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

// What a {hidden ...} placeholder prints until the step's question is answered or its answer shown.
inline constexpr std::string_view kHiddenText = "(?)";

// A paragraph with its placeholders computed. On a placeholder that cannot be
// computed, returns nothing and sets *error to one line. `revealed` false: the
// {hidden ...} placeholders print kHiddenText (the question is not answered yet).
std::optional<std::string> expand(const std::string& paragraph, const StepData& data, const Sources& sources,
                                  std::string* error, bool revealed = true);

// The same, for a lesson shown where some measured data is missing: a paragraph
// whose figures cannot be computed because their data is not here is replaced by
// one line saying what is missing (never the sentence with a figure left out).
// Other problems (a fault of the lesson) return nothing and set *error, as expand.
std::optional<std::string> expand_or_say(const std::string& paragraph, const StepData& data,
                                         const Sources& sources, std::string* error, bool revealed = true);

}  // namespace scanviz::lessons
