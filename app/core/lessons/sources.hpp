// Filling a lesson's Sources: the traces (through the Runner), the SASS count table (this build's listings or
// the committed snapshot, as the SASS view reads them), the measured
// benchmark results (the results file the benchmark view shows, else an open recording's),
// and Nsight Compute's profile table and the race lab's table (an open recording's, else the committed ones).
#pragma once

#include <string>
#include <vector>

#include "core/recording/recording.hpp"
#include "core/run/runner.hpp"
#include "core/sass/sass.hpp"
#include "quantity.hpp"

namespace scanviz::lessons {

// Traces from `runner`, in its order (GPU, else the open recording, else the model).
void run_through(Sources& sources, Runner runner);

// The count table of every variant for `archs`; on failure (a listing that
// does not parse, nothing there) sources.sass_missing says why.
void load_sass(Sources& sources, const sass::Locations& where, const std::vector<std::string>& archs);

// The benchmark results of `recording` when it holds some (its card's figures), else
// those of the file `results_file` (CSV or JSON: the one the benchmark view shows);
// bench_origin names the device, the date and where they came from.
void load_bench(Sources& sources, const Recording* recording, const std::string& results_file);

// Nsight Compute's profile table: the recording's when it holds one, else the
// table `table_file` (scanviz profile --format json; the committed
// assets/profile/h100_profile.json); profile_missing says why there is none.
void load_profile(Sources& sources, const Recording* recording, const std::string& table_file);

// The race lab's table: the recording's when it holds one, else `table_file`
// (scanviz race --save; the committed assets/race/h100_race.json).
void load_race(Sources& sources, const Recording* recording, const std::string& table_file);

// A lesson's kernels: kernel = NAME is the file dir/NAME, run by `engine` (its trace's source kind
// `source_kind`, "cpu" or "gpu") with the settings its header gives. Each file's text and schedule
// runs once (a lesson's steps ask for the same run again).
void run_kernels_with(Sources& sources, LearnerEngine engine, std::string source_kind, std::string dir);

// The recorded GPU run of the learner examples (`scanviz kernel FILE --engine gpu --launches N` as it
// printed, assets/gpu/learner_gpu_*.txt); recorded_kernels_missing says why when it cannot be read.
void load_recorded_kernels(Sources& sources, const std::string& file);

// Where the window puts the learner's copy of a lesson's kernel: $SCANVIZ_LEARNER_DIR, else
// $XDG_DATA_HOME/scanviz/kernels, else ~/.local/share/scanviz/kernels; "" when none of them is set.
std::string learner_kernel_dir();
// The learner's copy of the shipped example shipped_dir/NAME in learner_kernel_dir(): copied there
// when it is not there yet, never overwritten (it holds the learner's edits), and the shipped file
// never written. Its path, or "" and *error (one line).
std::string learner_copy(const std::string& shipped_dir, const std::string& name, std::string* error);

// The shipped record of that run (assets/gpu/..., the H100 one).
inline constexpr const char* kRecordedKernelsFile = "gpu/learner_gpu_h100_tiles_2026-11-27.txt";

}  // namespace scanviz::lessons
