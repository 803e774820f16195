// The window's long GPU work, as jobs for the JobRunner (jobs.hpp): the kernels
// are called here, on the worker thread, never from a view.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/sass/table.hpp"
#include "core/bench/bench.hpp"
#include "core/bench/lookback_timeline.hpp"
#include "core/learner/check.hpp"
#include "core/learner/engine.hpp"
#include "core/race/table.hpp"
#include "jobs.hpp"

namespace scanviz::ui {

// Job names: one job at a time, and a view knows its own by name.
inline constexpr const char* kBenchJob = "benchmark";
inline constexpr const char* kRaceJob = "race measurement";
inline constexpr const char* kLookbackJob = "look-back capture";

// The benchmark view's live run: ours, CUB, Thrust and memcpy at 2^10 .. 2^28 (the
// default variants); progress after each case the harness runs, cancel between them.
std::function<BenchReport(JobContext&)> bench_job();

// One race-lab case measured on this GPU, with the device it ran on.
struct LiveRaceRow {
    RaceRow row;
    std::string device, sm, runtime, driver;
};
std::function<LiveRaceRow(JobContext&)> race_job(const RaceCase& c, int launches);

// The look-back timeline of one run of n elements on this GPU, checked (check_timeline).
std::function<LookbackTimeline(JobContext&)> lookback_job(int64_t n);

// Your kernel (kernel_view.hpp): a run of the learner's file, then its checks (two jobs, so the
// picture comes as soon as the run has its trace).
inline constexpr const char* kKernelRunJob = "your kernel";
inline constexpr const char* kKernelChecksJob = "your kernel's checks";

// The engine a learner's kernel runs on: the GPU engine (NVRTC) when a driver and a device are
// here, else the CPU engine (the host compiler); why_not_gpu says why not the GPU.
struct LearnerEngineChoice {
    LearnerEngine run;
    std::string kind;  // "gpu" | "cpu": the trace's source kind
    std::string device;
    std::string why_not_gpu;
};

struct LearnerJobResult {
    LearnerRequest request;
    LearnerRun run;  // run.error: one line naming the file ("FILE:LINE: ...", "FILE: did not finish ...")
    std::shared_ptr<const LearnerEngineChoice> engine;
    double seconds = 0;  // the run, compile included
};

// Reads the settings header of `text` and runs it with `engine` (chosen here, on the first run,
// when null). A bad header, a compile error, a timeout, a crash: run.error, never a throw.
// `interleaved`: the CPU engine's interleaved schedule (else lockstep). `launches`: the GPU
// engine's launches (the first traced, the others' outputs counted: LearnerRun::more_outputs).
std::function<LearnerJobResult(JobContext&)> learner_run_job(std::string file, std::string text, double timeout_s,
                                                             std::shared_ptr<const LearnerEngineChoice> engine,
                                                             bool interleaved = false, int launches = 1);

// The checks of a run that gave a trace (core/learner/check.hpp: output, like-model, hazards) and
// the SASS of the kernel at `sass_arch` (kernels/learner/learner_sass.hpp: NVRTC and nvdisasm, no
// GPU needed), or why there is none.
struct LearnerChecks {
    CheckLines lines;
    std::string sass_arch;
    std::string sass_error;  // one line when there is no SASS
    int sass_instructions = 0;
    std::string sass_listing;
    // The built-in twin's counts (settings `like`) at the same architecture, then yours: the rows
    // the panel sets side by side (the twin's whole isolation kernel, yours the whole kernel).
    std::vector<sass::Row> sass_rows;
};
std::function<LearnerChecks(JobContext&)> learner_checks_job(std::shared_ptr<const LearnerJobResult> done,
                                                             std::string sass_arch);

}  // namespace scanviz::ui
