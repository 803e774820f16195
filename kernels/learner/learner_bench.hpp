// scanviz kernel FILE --bench / --profile on the GPU (core/learner/learner_bench.hpp says what
// they measure). The learner's kernel is untrusted code: it is compiled by NVRTC in its plain
// (untraced) form with the many-blocks wrapper (SCANVIZ_MANY_BLOCKS, as the GPU engine's repeated
// launches run it) and loaded, launched and timed only inside the GPU engine's child process
// (gpu_engine.hpp), which has a time limit. The same child times the built-in baselines on the
// same input, so that every row shares one process, one input and one timing loop.
//
// learner_bench.cpp: the child's side that needs no CUDA to build (NVRTC, the driver through
// cuda_dl.hpp) and the parent's (starting the child, ncu for --profile).
// learner_bench.cu: the timing loop and the baselines (the CUDA runtime; a build without CUDA
// has learner_bench_no_cuda.cpp, which says so).
#pragma once

#include <cstdio>
#include <functional>
#include <string>

#include "core/learner/engine.hpp"
#include "core/learner/learner_bench.hpp"

namespace scanviz::learner {

// The file with a kernel appended that calls the learner's (made a __device__ function by
// SCANVIZ_MANY_BLOCKS) in every block, on that block's own n elements.
std::string many_blocks_source(const std::string& source, const std::string& kernel, bool is_float, bool segmented);
inline constexpr const char* kManyBlocksKernel = "scanviz_many_blocks";

// --bench in a child: the lines of learner_bench::parse_bench_output in `out`, or `error` (one
// line: no device, a compile error, a wrong output, the time limit).
struct BenchChildResult {
    std::string out;
    std::string error;
};
BenchChildResult run_learner_bench(const LearnerRequest& r);

// --profile: ncu over the child launching yours and the twin once each. `ncu` is its path.
struct ProfileChildResult {
    learner_bench::ProfileResult result;
    std::string error;
};
ProfileChildResult run_learner_profile(const LearnerRequest& r, const std::string& ncu);
// ncu on PATH, else the CUDA toolkit's /usr/local/cuda/bin/ncu; "" when there is none.
std::string find_ncu();

// The child's side: argv = {exe, kGpuChildFlag, "bench"|"profile", source, include_dir, kernel,
// cache_dir, shown_name, n, threads, type (i32|f32), op (add|max|min), exclusive (0|1), like}.
int learner_bench_child_main(int argc, char** argv);

// What the timing loop needs of the learner's kernel: a launch of `tiles` blocks over in/out on
// a stream (a cudaStream_t), returning a driver error's text or "".
using LearnerLaunch = std::function<std::string(void* stream, const void* in, void* out, long long tiles)>;

struct TileJob {
    RunSpec spec;      // n = the tile, threads = the file's block, op, type, exclusive; variant unused
    std::string like;  // the twin, or empty
    int yours_blocks_per_sm = 0;
};

// learner_bench.cu: times yours and the baselines on one input (learner_bench::kElements rounded
// down to whole tiles), each row checked against a host scan first, and writes the "row" and
// "skip" lines to `out`. Returns "" or the one line that says why it could not (a wrong output
// of yours names the tile and element).
std::string time_tiles(const TileJob& job, const LearnerLaunch& yours, FILE* out);
// --profile's launches: yours, then the twin (when there is one), one tile each, one block;
// a line "launched ROLE NAME" for each. Returns "" or the line that says why not.
std::string launch_once(const TileJob& job, const LearnerLaunch& yours, FILE* out);

}  // namespace scanviz::learner
