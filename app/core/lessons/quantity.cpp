#include "quantity.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"
#include "benched.hpp"
#include "kernel_figures.hpp"
#include "measured.hpp"
#include "traced.hpp"

namespace scanviz::lessons {
namespace {

using detail::BenchFigure;
using detail::bench_value;
using detail::check_bench;
using detail::check_race;
using detail::check_tile;
using detail::fastest;
using detail::TileFigure;
using detail::tile_fastest;
using detail::tile_value;
using detail::check_sass;
using detail::check_sass_on;
using detail::check_sass_variants;
using detail::check_variants;
using detail::fail;
using detail::number;
using detail::pick;
using detail::profile_value;
using detail::ProfileFigure;
using detail::race_value;
using detail::sass_count;
using detail::cell_value;
using detail::cone_cells;
using detail::cone_row;
using detail::longest_segment;
using detail::shared_accesses_per_warp;
using detail::shared_words;

constexpr std::string_view kWorkView = "the work and span view (its totals line, and one row per step)";
constexpr std::string_view kBenchView =
    "the benchmark view (View > Benchmark): the table under the chart, at that n";
constexpr std::string_view kTileView =
    "the benchmark view (View > Benchmark): the table of block scans at full occupancy, at that tile";
constexpr std::string_view kSassView =
    "the SASS view (View > SASS, F7): the region total in each variant's column";
constexpr std::string_view kSassBaseView =
    "the SASS view's count table and `scanviz sass` (the -base column)";
constexpr std::string_view kProfileView =
    "the SASS view (executed per warp and time, 'measured by ncu') and `scanviz profile --from "
    "assets/profile/h100_profile.json`";
constexpr std::string_view kRaceView = "the race lab (View > Race lab) and `scanviz race`";
constexpr std::string_view kKernelView =
    "the Your-kernel panel's checks (each hazard names its threads, its slot and its step) and "
    "`scanviz kernel FILE`";
constexpr std::string_view kRecordedGpuView =
    "the recorded GPU run of the examples (assets/gpu/learner_gpu_*.txt: `scanviz kernel FILE --engine gpu "
    "--launches 200`)";

// PHASE [VARIANT]: the phase is any text (the evaluator says when no step has it).
std::optional<std::string> check_phase(std::string_view kind, const std::vector<std::string>& args) {
    if (args.size() > 1 && !find_variant(args[1]))
        return std::string(kind) + ": unknown variant '" + args[1] + "' (scanviz list)";
    return std::nullopt;
}

// The trace a whole-run quantity reads: the one on screen, or VARIANT on the same input.
struct OtherRun {
    Trace trace;
    Metrics metrics;
};

std::optional<OtherRun> run_other(const std::string& variant, const StepData& d, const Sources& s,
                                  std::string* why) {
    if (!s.run) {
        *why = "no way to run " + variant + " here";
        return std::nullopt;
    }
    RunSpec spec = d.trace->spec;
    spec.variant = variant;
    spec.threads = 0;
    spec.items_per_thread = 0;
    if (const VariantInfo* v = find_variant(variant); v && !v->segmented) spec.heads.clear();
    if (auto err = validate_and_resolve(spec)) {
        *why = variant + " on the input on screen: " + *err;
        return std::nullopt;
    }
    try {
        OtherRun r{s.run(spec), {}};
        r.metrics = compute_metrics(r.trace);
        return r;
    } catch (const std::exception& e) {
        *why = variant + ": " + e.what();
        return std::nullopt;
    }
}

// A figure of the step shown: f(its metrics).
template <class F>
Value of_step(const Quantity& q, const StepData& d, F f) {
    const int steps = static_cast<int>(d.trace->steps.size());
    if (d.step < 0 || d.step >= steps)
        return fail(q.kind + " needs a step of the trace; the initial state is shown (at = 1 .. steps)");
    return f(d.metrics->per_step[static_cast<size_t>(d.step)]);
}

// A figure of a whole run, f(trace, metrics): the run on screen, or that of the
// variant args[variant_arg] names, on the same input.
template <class F>
Value of_run(const Quantity& q, size_t variant_arg, const StepData& d, const Sources& s, F f) {
    if (q.args.size() > variant_arg && q.args[variant_arg] != d.trace->spec.variant) {
        std::string why;
        const auto other = run_other(q.args[variant_arg], d, s, &why);
        if (!other) return fail(why);
        return f(other->trace, other->metrics);
    }
    return f(*d.trace, *d.metrics);
}

// A figure of the steps of one phase, f(work, worst bank-conflict degree): the
// steps whose label starts with args[0] ("up-sweep" matches "up-sweep d=4"), of
// the run on screen or of VARIANT (args[1]).
template <class F>
Value of_phase(const Quantity& q, const StepData& d, const Sources& s, F f) {
    return of_run(q, 1, d, s, [&](const Trace& t, const Metrics& m) -> Value {
        const std::string& phase = q.args[0];
        bool any = false;
        int64_t work = 0;
        int worst = 1;
        for (size_t i = 0; i < t.steps.size() && i < m.per_step.size(); ++i) {
            if (t.steps[i].label.rfind(phase, 0) != 0) continue;
            any = true;
            work += m.per_step[i].work;
            worst = std::max(worst, m.per_step[i].max_conflict_degree);
        }
        if (!any) {
            std::string labels;
            for (const auto& st : t.steps)
                if (labels.find(st.label) == std::string::npos)
                    labels += (labels.empty() ? "" : "; ") + st.label;
            return fail(q.kind + ": no step of " + t.spec.variant + " is labelled '" + phase + "...' (" +
                        labels + ")");
        }
        return f(work, worst);
    });
}

// Every kind, once: `scanviz lesson kinds` prints them in this order, and an
// unknown kind's message lists them so.
const KindInfo kKinds[] = {
    {"active_lanes", 0, 0, ValueKind::Number, "active_lanes",
     "the state view (the lane strip under the cells: 'k of n threads active') and the 'active' column of "
     "the "
     "work and span view",
     "lanes (threads, tiles) active at the step shown", Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) {
         return of_step(q, d, [](const StepMetrics& sm) { return number(sm.active_lanes); });
     }},
    {"step_work", 0, 0, ValueKind::Number, "step_work",
     "the 'work' column of the work and span view, this step's row",
     "operator applications in the step shown", Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) {
         return of_step(q, d, [](const StepMetrics& sm) { return number(static_cast<double>(sm.work)); });
     }},
    {"work", 0, 1, ValueKind::Number, "work [VARIANT]", kWorkView,
     "operator applications over the whole run (of VARIANT on the same input)", Reads::Trace, check_variants,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 0, d, s,
                       [](const Trace&, const Metrics& m) { return number(static_cast<double>(m.work)); });
     }},
    {"span", 0, 1, ValueKind::Number, "span [VARIANT]", kWorkView,
     "longest dependency chain, in operator applications", Reads::Trace, check_variants,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 0, d, s, [](const Trace&, const Metrics& m) { return number(m.span); });
     }},
    {"steps", 0, 1, ValueKind::Number, "steps [VARIANT]",
     "the step counter in the controls ('k / steps') and the rows of the dependency diagram",
     "steps of the run", Reads::Trace, check_variants,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 0, d, s, [](const Trace&, const Metrics& m) { return number(m.steps); });
     }},
    {"work_beyond", 1, 1, ValueKind::Number, "work_beyond VARIANT", kWorkView,
     "operator applications this run does beyond VARIANT's on the same input (this run's work minus its)",
     Reads::Trace, check_variants,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         const Value other = of_run(q, 0, d, s, [](const Trace&, const Metrics& m) {
             return number(static_cast<double>(m.work));
         });
         if (!other.ok) return other;
         return number(static_cast<double>(d.metrics->work) - other.number);
     }},
    {"sequential_work", 0, 0, ValueKind::Number, "sequential_work", kWorkView,
     "what a sequential scan does: n - 1 operator applications", Reads::Trace, nullptr,
     [](const Quantity&, const StepData& d, const Sources&) {
         return number(static_cast<double>(d.metrics->sequential_work));
     }},
    {"conflict", 0, 0, ValueKind::Number, "conflict",
     "the 'bank conf.' column of the work and span view, this step's row",
     "worst shared-memory bank-conflict degree at the step shown (1 = conflict-free)", Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) {
         return of_step(q, d, [](const StepMetrics& sm) { return number(sm.max_conflict_degree); });
     }},
    {"max_conflict", 0, 1, ValueKind::Number, "max_conflict [VARIANT]",
     "the work and span view ('worst bank conflict' in its totals line)",
     "worst bank-conflict degree over the whole run", Reads::Trace, check_variants,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 0, d, s,
                       [](const Trace&, const Metrics& m) { return number(m.max_conflict_degree); });
     }},
    {"cone", 0, 0, ValueKind::Cells, "cone",
     "the dependency diagram: the selected cell's cone is lit back to the inputs in the top row",
     "the input cells the selected cell depends on", Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) { return cone_cells(q, d); }},
    {"cone_size", 0, 0, ValueKind::Number, "cone_size",
     "the dependency diagram: count the lit cells in the top (initial) row",
     "how many input cells the selected cell depends on", Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) {
         const Value cells = cone_cells(q, d);
         return cells.ok ? number(static_cast<double>(cells.cells.size())) : cells;
     }},
    {"cone_row", 1, 1, ValueKind::Number, "cone_row ROW",
     "the dependency diagram: the selected cell's cone lit in row ROW (0: the initial values, k: after step k)",
     "how many values of row ROW the selected cell depends on (the inputs' row where a kernel loads them in "
     "its first step)",
     Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) { return cone_row(q, d); }},
    {"value", 1, 1, ValueKind::Number, "value SLOT",
     "the state view: the cell's value at the step shown", "the value slot SLOT holds after the step shown",
     Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) { return cell_value(q, d); }},
    {"longest_segment", 0, 0, ValueKind::Number, "longest_segment",
     "the state view (the segment heads, marked on the cells)",
     "the length of the longest segment of a segmented run (lane 0 always starts one)", Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) { return longest_segment(q, d); }},
    {"shared_accesses", 0, 1, ValueKind::Number, "shared_accesses [VARIANT]",
     "the state view (each step's shared reads and writes) and the work and span view",
     "shared-memory access instructions per warp over the run, from the trace (a warp's k-th read or write "
     "of a step is one)",
     Reads::Trace, check_variants,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 0, d, s,
                       [](const Trace& t, const Metrics&) { return shared_accesses_per_warp(t); });
     }},
    {"shared_words", 0, 1, ValueKind::Number, "shared_words [VARIANT]",
     "the state view (its shared-memory rows, pad cells included)",
     "4-byte words of shared memory the run's layout uses, pad words included", Reads::Trace, check_variants,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 0, d, s, [](const Trace& t, const Metrics&) { return shared_words(false, t); });
     }},
    {"pad_words", 0, 1, ValueKind::Number, "pad_words [VARIANT]",
     "the state view (the pad cells, drawn hatched)",
     "of those, the words that only pad (zeros before a warp's partials, a bank pad word) and never hold "
     "data",
     Reads::Trace, check_variants,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 0, d, s, [](const Trace& t, const Metrics&) { return shared_words(true, t); });
     }},
    {"phase_work", 1, 2, ValueKind::Number, "phase_work PHASE [VARIANT]",
     "the 'work' column of the work and span view, the rows of that phase",
     "operator applications in the steps whose label starts with PHASE (up-sweep, warp, ...)", Reads::Trace,
     check_phase,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_phase(q, d, s, [](int64_t work, int) { return number(static_cast<double>(work)); });
     }},
    {"phase_steps", 1, 2, ValueKind::Number, "phase_steps PHASE [VARIANT]",
     "the rows of the work and span view (and of the dependency diagram) whose label starts with PHASE",
     "how many steps of the run are labelled PHASE...", Reads::Trace, check_phase,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 1, d, s, [&](const Trace& t, const Metrics&) -> Value {
             int count = 0;
             for (const auto& st : t.steps) count += st.label.rfind(q.args[0], 0) == 0;
             if (count == 0) return fail(q.kind + ": no step of " + t.spec.variant + " is labelled '" + q.args[0] + "...'");
             return number(count);
         });
     }},
    {"working_steps", 1, 2, ValueKind::Number, "working_steps PHASE [VARIANT]",
     "the 'work' column of the work and span view: the rows of that phase with work above 0",
     "how many steps labelled PHASE... apply the operator at least once (each adds one link to the longest "
     "chain through them)",
     Reads::Trace, check_phase,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_run(q, 1, d, s, [&](const Trace& t, const Metrics& m) -> Value {
             int count = 0, labelled = 0;
             for (size_t i = 0; i < t.steps.size() && i < m.per_step.size(); ++i) {
                 if (t.steps[i].label.rfind(q.args[0], 0) != 0) continue;
                 ++labelled;
                 count += m.per_step[i].work > 0;
             }
             if (labelled == 0)
                 return fail(q.kind + ": no step of " + t.spec.variant + " is labelled '" + q.args[0] + "...'");
             return number(count);
         });
     }},
    {"phase_conflict", 1, 2, ValueKind::Number, "phase_conflict PHASE [VARIANT]",
     "the 'bank conf.' column of the work and span view, the rows of that phase",
     "worst bank-conflict degree in the steps whose label starts with PHASE", Reads::Trace, check_phase,
     [](const Quantity& q, const StepData& d, const Sources& s) {
         return of_phase(q, d, s, [](int64_t, int worst) { return number(worst); });
     }},
    {"sass", 1, 2, ValueKind::Number, "sass VARIANT [CLASS]", kSassView,
     "SASS instructions in the variant's scan region, all or of one opcode class (shared, control, ...; "
     "this build's disassembly or the committed one)",
     Reads::Tables, check_sass,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return sass_count(q.args[0], q.args.size() > 1 ? q.args[1] : "", false, s);
     },
     SassColumns::First},
    {"sass_arch", 0, 0, ValueKind::Choice, "sass_arch", kSassView,
     "the architecture the SASS figures come from: the one the SASS view shows", Reads::Tables, nullptr,
     [](const Quantity&, const StepData&, const Sources& s) { return detail::sass_arch_value(s); }},
    {"sass_on", 2, 3, ValueKind::Number, "sass_on ARCH VARIANT [CLASS]", kSassView,
     "SASS instructions in the variant's scan region on one architecture (sm_75 .. sm_120), whatever the "
     "SASS view shows: to compare what the compiler did across GPU generations",
     Reads::Tables, check_sass_on,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return sass_count(q.args[1], q.args.size() > 2 ? q.args[2] : "", false, s, q.args[0]);
     }},
    {"fewer_sass", 2, -1, ValueKind::Choice, "fewer_sass A B [C ...]", kSassView,
     "which of the variants compiles to the fewest SASS instructions in its scan region", Reads::Tables,
     check_sass_variants,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return pick(
             q.args, [&s](const std::string& v) { return sass_count(v, "", false, s); }, true);
     },
     SassColumns::All},
    {"sass_base", 1, 2, ValueKind::Number, "sass_base VARIANT [CLASS]", kSassBaseView,
     "SASS instructions of the whole isolation kernel minus its load/store baseline (the -base count: it "
     "keeps set-up that the line split puts outside the region)",
     Reads::Tables, check_sass,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return sass_count(q.args[0], q.args.size() > 1 ? q.args[1] : "", true, s);
     },
     SassColumns::First},
    {"fewer_sass_base", 2, -1, ValueKind::Choice, "fewer_sass_base A B [C ...]", kSassBaseView,
     "which of the variants has the fewest instructions by the -base count", Reads::Tables,
     check_sass_variants,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return pick(
             q.args, [&s](const std::string& v) { return sass_count(v, "", true, s); }, true);
     },
     SassColumns::All},
    {"executed", 1, 1, ValueKind::Number, "executed VARIANT", kProfileView,
     "instructions executed per warp, measured by Nsight Compute (the profile table; whole kernel)",
     Reads::Tables, check_variants,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return profile_value(ProfileFigure::Executed, q.args[0], s);
     },
     SassColumns::First},
    {"executed_minus", 2, 2, ValueKind::Number, "executed_minus A B", kProfileView,
     "instructions executed per warp by A minus those by B (measured by Nsight Compute; the profile table)",
     Reads::Tables, check_variants,
     [](const Quantity& q, const StepData&, const Sources& s) {
         const Value a = profile_value(ProfileFigure::Executed, q.args[0], s);
         const Value b = profile_value(ProfileFigure::Executed, q.args[1], s);
         if (!a.ok) return a;
         if (!b.ok) return b;
         Value v = number(a.number - b.number, std::max(a.decimals, b.decimals));
         v.tolerance = 0.5;
         v.origin = a.origin;
         return v;
     }},
    {"kernel_ns", 1, 1, ValueKind::Number, "kernel_ns VARIANT", kProfileView,
     "the kernel's time measured by Nsight Compute (ns, gpu__time_duration; the profile table)",
     Reads::Tables, check_variants,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return profile_value(ProfileFigure::KernelNs, q.args[0], s);
     }},
    {"profiled_n", 1, 1, ValueKind::Number, "profiled_n VARIANT", kProfileView,
     "the n of the variant's case in the profile table", Reads::Tables, check_variants,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return profile_value(ProfileFigure::N, q.args[0], s);
     }},
    {"ncu_shared", 2, 2, ValueKind::Number, "ncu_shared VARIANT ld|st", kProfileView,
     "shared-memory load (ld) or store (st) instructions Nsight Compute counted executed over the kernel "
     "(the profile table; one warp-level instruction each)",
     Reads::Tables,
     [](std::string_view kind, const std::vector<std::string>& args) -> std::optional<std::string> {
         if (args[1] != "ld" && args[1] != "st")
             return std::string(kind) + ": the second argument is ld or st, not '" + args[1] + "'";
         return check_variants(kind, {args[0]});
     },
     [](const Quantity& q, const StepData&, const Sources& s) {
         return profile_value(q.args[1] == "ld" ? ProfileFigure::LoadInstructions : ProfileFigure::StoreInstructions,
                              q.args[0], s);
     }},
    {"ncu_conflicts", 2, 2, ValueKind::Number, "ncu_conflicts VARIANT ld|st", kProfileView,
     "shared-memory bank conflicts Nsight Compute counted over the kernel, of its loads (ld) or its stores "
     "(st): the extra passes beyond one per access (the profile table)",
     Reads::Tables,
     [](std::string_view kind, const std::vector<std::string>& args) -> std::optional<std::string> {
         if (args[1] != "ld" && args[1] != "st")
             return std::string(kind) + ": the second argument is ld or st, not '" + args[1] + "'";
         return check_variants(kind, {args[0]});
     },
     [](const Quantity& q, const StepData&, const Sources& s) {
         return profile_value(q.args[1] == "ld" ? ProfileFigure::LoadConflicts : ProfileFigure::StoreConflicts,
                              q.args[0], s);
     }},
    {"fewer_executed", 2, -1, ValueKind::Choice, "fewer_executed A B [C ...]", kProfileView,
     "which of the variants executed the fewest instructions per warp (measured)", Reads::Tables,
     check_variants,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return pick(
             q.args, [&s](const std::string& v) { return profile_value(ProfileFigure::Executed, v, s); },
             true);
     },
     SassColumns::All},
    {"quicker", 2, -1, ValueKind::Choice, "quicker A B [C ...]", kProfileView,
     "which of the variants' kernels took the least measured time (the profile table; refused while it "
     "holds one launch per case, with no spread)",
     Reads::Tables,
     check_variants,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return pick(
             q.args, [&s](const std::string& v) { return profile_value(ProfileFigure::KernelNs, v, s); },
             true);
     },
     SassColumns::All},
    {"race_wrong", 2, 3, ValueKind::Number, "race_wrong VARIANT BARRIER [diverged]", kRaceView,
     "percent of warps (blocks) the GPU got wrong with that barrier left out (BARRIER = none: as written; "
     "diverged: after a data-dependent branch), from the race lab's table",
     Reads::Tables, check_race,
     [](const Quantity& q, const StepData&, const Sources& s) { return race_value(q.args, s); }},
    {"breaks", 3, -1, ValueKind::Choice, "breaks VARIANT B1 B2 [...]", kRaceView,
     "which of the barriers, left out one at a time, made the most warps (blocks) of VARIANT wrong on the GPU "
     "(the race lab's table, converged runs)",
     Reads::Tables,
     [](std::string_view kind, const std::vector<std::string>& args) -> std::optional<std::string> {
         for (size_t i = 1; i < args.size(); ++i)
             if (auto err = check_race(kind, {args[0], args[i]})) return err;
         return std::nullopt;
     },
     [](const Quantity& q, const StepData&, const Sources& s) {
         const std::vector<std::string> barriers(q.args.begin() + 1, q.args.end());
         return pick(
             barriers, [&](const std::string& b) { return race_value({q.args[0], b}, s); }, false);
     }},
    {"hazards", 0, 0, ValueKind::Number, "hazards", kKernelView,
     "how many pairs of accesses to a shared slot no barrier orders in the learner's kernel on screen",
     Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) { return detail::kernel_hazards(q, d); }},
    {"hazard_steps", 0, 0, ValueKind::Cells, "hazard_steps", kKernelView,
     "the steps (1 .. steps, as the step counter numbers them) that hold a hazard of the learner's kernel",
     Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) { return detail::kernel_hazard_steps(q, d); }},
    {"hazard_lanes", 0, 0, ValueKind::Cells, "hazard_lanes", kKernelView,
     "at the step shown, the threads of the learner's kernel whose read may see a value another thread "
     "overwrote in the same step (a write-after-write: whose first write may land last)",
     Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) { return detail::kernel_hazard_lanes(q, d); }},
    {"wrong_outputs", 0, 0, ValueKind::Number, "wrong_outputs",
     "the Your-kernel panel's checks ('output right' or the first difference) and the state view's last step",
     "output elements of the run on screen that differ from the sequential scan", Reads::Trace, nullptr,
     [](const Quantity& q, const StepData& d, const Sources&) { return detail::wrong_outputs(q, d); }},
    {"gpu_blocks", 1, 1, ValueKind::Number, "gpu_blocks FILE", kRecordedGpuView,
     "how many blocks the recorded GPU run of the shipped example FILE ran (the traced launch, then the "
     "others of --launches)",
     Reads::Tables, detail::check_kernel_file,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return detail::recorded_gpu(q, s, detail::RecordedFigure::Blocks);
     }},
    {"gpu_wrong_blocks", 1, 1, ValueKind::Number, "gpu_wrong_blocks FILE", kRecordedGpuView,
     "how many of those blocks gave a wrong output", Reads::Tables, detail::check_kernel_file,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return detail::recorded_gpu(q, s, detail::RecordedFigure::WrongBlocks);
     }},
    {"gpu_launches", 1, 1, ValueKind::Number, "gpu_launches FILE", kRecordedGpuView,
     "how many launches the recorded GPU run of the shipped example FILE made (--launches)", Reads::Tables,
     detail::check_kernel_file,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return detail::recorded_gpu(q, s, detail::RecordedFigure::Launches);
     }},
    {"gbps", 2, 2, ValueKind::Number, "gbps VARIANT N", kBenchView,
     "measured throughput at n = N (GB/s: bytes read plus written per second)", Reads::Tables, check_bench,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return bench_value(BenchFigure::Gbps, q.args[0], *parse_count(q.args[1]), s);
     }},
    {"memcpy_fraction", 2, 2, ValueKind::Number, "memcpy_fraction VARIANT N", kBenchView,
     "measured throughput at n = N as a fraction of cudaMemcpy's", Reads::Tables, check_bench,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return bench_value(BenchFigure::MemcpyFraction, q.args[0], *parse_count(q.args[1]), s);
     }},
    {"cub_ratio", 2, 2, ValueKind::Number, "cub_ratio VARIANT N", kBenchView,
     "measured throughput at n = N over CUB's", Reads::Tables, check_bench,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return bench_value(BenchFigure::CubRatio, q.args[0], *parse_count(q.args[1]), s);
     }},
    {"faster", 3, -1, ValueKind::Choice, "faster A B [C ...] N", kBenchView,
     "which variant measured the highest throughput at n = N", Reads::Tables, check_bench,
     [](const Quantity& q, const StepData&, const Sources& s) { return fastest(q.args, s); }},
    {"tile_gbps", 2, 2, ValueKind::Number, "tile_gbps VARIANT TILE", kTileView,
     "measured throughput of a block or warp variant at full occupancy, scanning independent tiles of TILE "
     "elements, one block each, all launched at once (GB/s: bytes read plus written per second)",
     Reads::Tables, check_tile,
     [](const Quantity& q, const StepData&, const Sources& s) { return tile_value(TileFigure::Gbps, q.args, s); }},
    {"tile_ns", 2, 2, ValueKind::Number, "tile_ns VARIANT TILE", kTileView,
     "the GPU time one tile of TILE elements costs at full occupancy (the launch's median time over its tiles, "
     "in ns)",
     Reads::Tables, check_tile,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return tile_value(TileFigure::NsPerTile, q.args, s);
     }},
    {"tile_speedup", 3, 3, ValueKind::Number, "tile_speedup A B TILE", kTileView,
     "B's median time over A's at full occupancy in tiles of TILE (above 1: A is quicker); refused when the "
     "two differ by no more than their runs' spread",
     Reads::Tables, check_tile,
     [](const Quantity& q, const StepData&, const Sources& s) {
         return tile_value(TileFigure::Speedup, q.args, s);
     }},
    {"tile_faster", 3, -1, ValueKind::Choice, "tile_faster A B [C ...] TILE", kTileView,
     "which block or warp variant took the least time at full occupancy in tiles of TILE; refused within "
     "the runs' spread",
     Reads::Tables, check_tile,
     [](const Quantity& q, const StepData&, const Sources& s) { return tile_fastest(q.args, s); }},
};

std::string format_number(double x, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

std::span<const KindInfo> quantity_kinds() { return kKinds; }

const KindInfo* find_kind(std::string_view name) {
    for (const auto& k : kKinds)
        if (k.name == name) return &k;
    return nullptr;
}

bool reads_profile(std::string_view kind) {
    const KindInfo* k = find_kind(kind);
    return k && k->view == kProfileView;
}

bool reads_race(std::string_view kind) {
    const KindInfo* k = find_kind(kind);
    return k && k->view == kRaceView;
}

bool reads_bench(std::string_view kind) {
    const KindInfo* k = find_kind(kind);
    return k && (k->view == kBenchView || k->view == kTileView);
}

std::vector<std::string> sass_columns(const Quantity& q) {
    const KindInfo* k = find_kind(q.kind);
    if (!k || q.args.empty()) return {};
    switch (k->sass_columns) {
        case SassColumns::None:
            return {};
        case SassColumns::First:
            return {q.args[0]};
        case SassColumns::All:
            return q.args;
    }
    return {};
}

std::string Value::text() const {
    if (!ok) return "(" + why_not + ")";
    switch (kind) {
        case ValueKind::Number:
            return format_number(number, decimals);
        case ValueKind::Cells:
            return cells_text(cells);
        case ValueKind::Choice:
            return choice;
    }
    return {};
}

std::optional<std::string> check_shape(const Quantity& q) {
    const KindInfo* k = find_kind(q.kind);
    if (!k) {
        std::string names;
        for (const auto& kk : kKinds) names += (names.empty() ? "" : ", ") + std::string(kk.name);
        return "unknown quantity '" + q.kind + "' (" + names + ")";
    }
    const int argc = static_cast<int>(q.args.size());
    if (argc < k->min_args || (k->max_args >= 0 && argc > k->max_args))
        return "usage: " + std::string(k->usage);
    if (k->check) return k->check(k->name, q.args);
    return std::nullopt;
}

Value evaluate(const Quantity& q, const StepData& d, const Sources& s) {
    if (auto err = check_shape(q)) return fail(*err);
    const KindInfo& k = *find_kind(q.kind);
    if (k.reads == Reads::Trace && (!d.trace || !d.metrics || !d.graph)) return fail("no trace on screen");
    return k.evaluate(q, d, s);
}

std::string cells_text(const std::vector<int>& cells) {
    std::string out;
    for (size_t i = 0; i < cells.size();) {
        size_t j = i;
        while (j + 1 < cells.size() && cells[j + 1] == cells[j] + 1) ++j;
        if (!out.empty()) out += ", ";
        out += std::to_string(cells[i]);
        if (j > i) out += "-" + std::to_string(cells[j]);
        i = j + 1;
    }
    return out;
}

std::optional<std::vector<int>> parse_cells(const std::string& text) {
    std::string t = text;
    for (size_t p; (p = t.find("..")) != std::string::npos;) t.replace(p, 2, "-");
    for (char& c : t)
        if (c == ',' || c == ';') c = ' ';
    std::istringstream in(t);
    std::set<int> out;
    for (std::string w; in >> w;) {
        const auto dash = w.find('-', 1);
        try {
            size_t used = 0;
            if (dash == std::string::npos) {
                const int v = std::stoi(w, &used);
                if (used != w.size() || v < 0) return std::nullopt;
                out.insert(v);
            } else {
                const std::string a = w.substr(0, dash), b = w.substr(dash + 1);
                size_t ua = 0, ub = 0;
                const int lo = std::stoi(a, &ua), hi = std::stoi(b, &ub);
                if (ua != a.size() || ub != b.size() || lo < 0 || hi < lo || hi - lo > 1 << 20)
                    return std::nullopt;
                for (int v = lo; v <= hi; ++v) out.insert(v);
            }
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    if (out.empty()) return std::nullopt;
    return std::vector<int>(out.begin(), out.end());
}

std::string hint_for(const Question& q) {
    std::string hint = q.hint;
    if (const KindInfo* k = find_kind(q.quantity.kind)) {
        if (!hint.empty()) hint += " ";
        hint += i18n::format(i18n::tr("The answer is in %s."), i18n::tr(std::string(k->view).c_str()));
    }
    return hint;
}

Verdict judge(const Question& q, const Value& answer, const std::string& given_raw) {
    Verdict v;
    std::string given = given_raw;
    given.erase(0, given.find_first_not_of(" \t"));
    given.erase(given.find_last_not_of(" \t\r\n") + 1);
    if (!answer.ok) {
        v.message = i18n::format(i18n::tr("This question cannot be answered here: %s"), answer.why_not.c_str());
        return v;
    }
    if (given.empty()) {
        v.message = i18n::tr("Type an answer first.");
        return v;
    }
    const std::string right =
        answer.origin.empty()
            ? i18n::format(i18n::tr("Right: %s"), answer.text().c_str())
            : i18n::format(i18n::tr("Right: %s (%s)."), answer.text().c_str(), answer.origin.c_str());
    switch (answer.kind) {
        case ValueKind::Number: {
            size_t used = 0;
            double x = 0;
            try {
                x = std::stod(given, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != given.size()) {
                v.message = i18n::format(i18n::tr("'%s' is not a number."), given.c_str());
                return v;
            }
            const double tol =
                answer.relative ? answer.tolerance * std::fabs(answer.number) : answer.tolerance;
            v.correct =
                answer.tolerance > 0 ? std::fabs(x - answer.number) <= tol + 1e-12 : x == answer.number;
            break;
        }
        case ValueKind::Cells: {
            const auto cells = parse_cells(given);
            if (!cells) {
                v.message = i18n::format(i18n::tr("'%s' is not a list of cells (for example 0-3, 7)."), given.c_str());
                return v;
            }
            v.correct = *cells == answer.cells;
            break;
        }
        case ValueKind::Choice: {
            std::string pick = lower(given);
            size_t used = 0;
            int index = -1;
            try {
                index = std::stoi(pick, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            // An option typed as itself ("1", a barrier) wins over its number in the list.
            const bool named =
                std::find(answer.options.begin(), answer.options.end(), pick) != answer.options.end();
            if (!named && used == pick.size() && index >= 1 && index <= static_cast<int>(answer.options.size()))
                pick = answer.options[static_cast<size_t>(index - 1)];
            if (std::find(answer.options.begin(), answer.options.end(), pick) == answer.options.end()) {
                std::string opts;
                for (const auto& o : answer.options) opts += (opts.empty() ? "" : ", ") + o;
                v.message = i18n::format(i18n::tr("'%s' is not one of %s."), given.c_str(), opts.c_str());
                return v;
            }
            v.correct = pick == answer.choice;
            break;
        }
    }
    v.message = v.correct ? right : i18n::format(i18n::tr("Not quite. %s"), hint_for(q).c_str());
    return v;
}

namespace {

// `say_missing`: a placeholder whose data is not here turns the paragraph into one line saying so.
std::optional<std::string> expand_paragraph(const std::string& paragraph, const StepData& data,
                                            const Sources& sources, bool say_missing, bool revealed,
                                            std::string* error) {
    std::vector<NarrationPart> parts;
    try {
        parts = split_narration(paragraph);
    } catch (const LessonError& e) {
        if (error) *error = e.what();
        return std::nullopt;
    }
    std::string out;
    for (const auto& p : parts) {
        if (!p.placeholder) {
            out += p.text;
            continue;
        }
        const Value v = evaluate(p.quantity, data, sources);
        if (!v.ok) {
            if (say_missing && v.missing)
                return "[Not shown here: this paragraph quotes a figure whose data is missing (" + v.why_not +
                       "), and the lesson does not state a comparison it cannot check.]";
            if (error) *error = p.text + ": " + v.why_not;
            return std::nullopt;
        }
        out += p.hidden && !revealed ? std::string(kHiddenText) : v.text();
    }
    return out;
}

}  // namespace

std::optional<std::string> expand(const std::string& paragraph, const StepData& data, const Sources& sources,
                                  std::string* error, bool revealed) {
    return expand_paragraph(paragraph, data, sources, false, revealed, error);
}

std::optional<std::string> expand_or_say(const std::string& paragraph, const StepData& data,
                                         const Sources& sources, std::string* error, bool revealed) {
    return expand_paragraph(paragraph, data, sources, true, revealed, error);
}

}  // namespace scanviz::lessons
