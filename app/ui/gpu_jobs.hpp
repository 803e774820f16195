// The window's long GPU work, as jobs for the JobRunner (jobs.hpp): the kernels
// are called here, on the worker thread, never from a view.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/bench/bench.hpp"
#include "core/bench/lookback_timeline.hpp"
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

}  // namespace scanviz::ui
