// What an engine is asked and what it gives back: the CPU engine (engine_cpu.hpp) and the GPU
// engine (NVRTC, lent by the kernels library through a LearnerGpuEngine) take the same request
// and return the same records text (records.hpp), which run_learner turns into a Trace.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/learner/records.hpp"
#include "core/learner/settings.hpp"

namespace scanviz {

enum class Schedule : uint8_t { Lockstep, Interleaved };
// The schedule's id, "lockstep" or "interleaved" (the run file, --schedule, the trace's note).
std::string_view to_string(Schedule s);
// The schedule in the reader's language, for a person.


// One run of a learner's kernel: the file, its settings, and this run's spec (the settings'
// spec, or another size or input the checks try).
struct LearnerRequest {
    std::string file;    // the path, as the person gave it (named in errors)
    std::string source;  // the file's text
    KernelSettings settings;
    RunSpec spec;  // n, op, type, exclusive, input, seed, values, heads of this run
    Schedule schedule = Schedule::Lockstep;
    uint64_t schedule_seed = 1;  // interleaved: the order's seed
    double timeout_s = 2.0;
    // GPU engine: launches of the kernel; the first is traced, the others only run, and their
    // outputs come back (a racy kernel's wrong outputs are counted, as the race lab does).
    int launches = 1;
};

// What an engine gives back: the records, or one error line ("kernel.cu:12: ...", "did not
// finish in 2 s", "crashed (SIGSEGV) ..."); the kernel's own printing, if any, in `log`.
struct EngineOutput {
    std::string records;
    std::string error;
    std::string device;  // the GPU's name (GPU engine)
    std::string log;
    // The outputs of launches 2 .. request.launches (n values each; NaN where the kernel wrote
    // nothing), each distinct output once, with how many blocks gave it in more_counts (the GPU
    // engine runs 1024 blocks per launch); empty where the engine launches once.
    std::vector<std::vector<double>> more_outputs;
    std::vector<long long> more_counts;
};

using LearnerEngine = std::function<EngineOutput(const LearnerRequest&)>;

// The GPU engine, lent by the kernels library (NVRTC); without one, why_not says why.
struct LearnerGpuEngine {
    std::string device;
    std::string why_not = "the GPU engine is not available in this build";
    LearnerEngine run;
    bool present() const { return static_cast<bool>(run); }
};

// A run's Trace (source.kind = "cpu" or "gpu"), its access trace for the hazard analysis
// (records.hpp, access_trace), or one error line.
struct LearnerRun {
    Trace trace;
    Trace accesses;
    std::string error;
    std::string log;
    std::vector<std::vector<double>> more_outputs;  // EngineOutput::more_outputs
    std::vector<long long> more_counts;             // EngineOutput::more_counts
};
// A kernel written for many blocks (`i = blockIdx.x * blockDim.x + threadIdx.x`) run with n >
// block: scanviz runs one block, so out[] has a hole past what that block wrote. The line that
// says so, with the largest n this block allows (what the block's threads wrote, contiguous from
// out[0]); "" when the output has no such hole.
std::string one_block_too_few(const Records& records, int n, int block);

LearnerRun run_learner(const LearnerEngine& engine, const LearnerRequest& request,
                       std::string_view source_kind);

// Independent runs (the checks' other inputs and sizes, the CPU engine's runs of the interleaved
// schedule), in the requests' order. On the CPU engine ("cpu") they run at once, as many as the
// machine has cores: each is a child process of the same compiled kernel, compiled once before
// (the first run). Other engines run them one after another.
std::vector<LearnerRun> run_learner_all(const LearnerEngine& engine, const std::vector<LearnerRequest>& requests,
                                        std::string_view source_kind);

// The spec of a request as the settings give it. Its variant (a trace names one; the trace
// JSON needs it) is the `like` variant's id, else "your_<kernel name>", which no built-in
// variant has: views then show the trace with no variant's facts.
inline constexpr std::string_view kOwnKernelPrefix = "your_";
RunSpec settings_spec(const KernelSettings& settings);

}  // namespace scanviz
