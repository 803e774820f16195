// The checks of a learner's kernel, each failure one line a person reads:
//   (a) its output against the sequential scan (float32 sums within 1e-5 of the running sum of
//       magnitudes: a tree adds in another order), for the header's input and more sizes and
//       inputs (sizes other than the header's only where the `like` variant accepts them, or
//       always without one; extremes: wrapping int32 sums, negative values for max and min);
//   (b) with `like = V`, what its trace computes against V's reference model: the state after each
//       of its steps and the dependency edges (core/trace/compare_computation.hpp), naming the first
//       real difference by its state ("after your step 3 (__syncthreads(); the model's up-sweep
//       d=8), XY[17]: yours 12, block_brent_kung's 15"); differences of form are notes;
//   (c) the hazards of its accesses (race/hazards.hpp on the access trace): the lanes, the
//       slot, the steps and the barrier that is missing.
#pragma once

#include <string>
#include <vector>

#include "core/learner/engine.hpp"

namespace scanviz {

struct CheckLines {
    std::vector<std::string> passed;  // what held, one line each
    std::vector<std::string> failed;  // what did not, one line each
    std::vector<std::string> notes;   // what differs in form only (no failure), one line each
    bool ok() const { return failed.empty(); }
};

// (a) The first run's output (the header's), then the other runs the engine makes.
// `others`, when given, receives those runs (same order: the header's n with input = ones, then
// random, then extreme values, then the smaller sizes).
CheckLines check_outputs(const LearnerEngine& engine, const LearnerRequest& request, const Trace& first,
                         std::vector<LearnerRun>* others = nullptr);

// The output against the sequential scan of the trace's own input; "" when right.
std::string output_difference(const Trace& trace);

// (b) "" when the trace computes what the model of settings.like computes (or there is no like);
// else the first difference, one line.
std::string compare_with_model(const Trace& yours, const KernelSettings& settings);
// The same with the differences of form that the comparison allowed.
struct ModelComparison {
    std::string difference;
    std::vector<std::string> notes;
};
ModelComparison compare_with_twin(const Trace& yours, const KernelSettings& settings);

// (d) Repeated runs: how many outputs are wrong. On the GPU: the traced launch's block, then
// launches 2..N of 1024 blocks at once (LearnerRun::more_outputs and more_counts), counted by
// block: "wrong output in 3712 of 203777 blocks on the GPU (the traced launch, then 199 launches
// of 1024 blocks at once)". On the CPU: more runs of the interleaved schedule, one seed each
// (1..N-1 after the first run's): "every output right in 200 runs of the interleaved schedule".
struct RepeatedRuns {
    long long runs = 0;
    long long wrong = 0;
    std::string line;
};
RepeatedRuns check_repeated(const LearnerEngine& engine, const LearnerRequest& request, const LearnerRun& first,
                            int runs, std::string_view source_kind);

// (c) One line per hazard (at most `max_lines`, then how many more).
std::vector<std::string> hazard_lines(const Trace& accesses, int max_lines = 6);

// The checks of one run, as `scanviz kernel` prints them and the window lists them: (a), then (b)
// ("not like V: ..." / "equal to V's model, step by step"), then (d) when `launches` > 1, then (c)
// ("hazard: ..." / "no hazard").
CheckLines check_run(const LearnerEngine& engine, const LearnerRequest& request, const LearnerRun& run,
                     int launches = 1, std::string_view source_kind = "cpu");

}  // namespace scanviz
