// The CPU engine (core/learner/engine_cpu.hpp) on the shipped examples and on kernels that
// fail: every correct example equals its built-in twin's model step by step; the racy ones
// are flagged; every failure is one line. Needs the host C++ compiler that built this test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/learner/check.hpp"
#include "core/learner/engine_cpu.hpp"
#include "core/trace/compare.hpp"
#include "core/trace/json.hpp"
#include "learner_verdict.hpp"

using namespace scanviz;

namespace {

const std::string kExamples = std::string(SCANVIZ_SOURCE_DIR) + "/assets/kernels/";
const std::string kBroken = std::string(SCANVIZ_SOURCE_DIR) + "/tests/data/learner/";

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
}

CpuEngineOptions options() {
    CpuEngineOptions o;
    o.include_dir = kExamples;
    o.cache_dir = std::string(SCANVIZ_BINARY_DIR) + "/learner_kernels";
    return o;
}

LearnerRequest request_of(const std::string& path, Schedule schedule = Schedule::Lockstep) {
    LearnerRequest r;
    r.file = path;
    r.source = read_text(path);
    ParsedSettings p = parse_settings(r.source, std::filesystem::path(path).filename().string());
    EXPECT_EQ(p.error, "") << path;
    r.settings = p.settings;
    r.spec = settings_spec(r.settings);
    r.schedule = schedule;
    r.timeout_s = 10;
    return r;
}

LearnerRun run(const std::string& path, Schedule schedule = Schedule::Lockstep) {
    return run_learner(cpu_engine(options()), request_of(path, schedule), "cpu");
}

std::string error_of(const std::string& path, double timeout_s = 10) {
    LearnerRequest r = request_of(path);
    r.timeout_s = timeout_s;
    return run_learner(cpu_engine(options()), r, "cpu").error;
}

}  // namespace

TEST(LearnerEngine, HostCompilerFound) { EXPECT_FALSE(host_compiler().empty()); }

class LearnerExample : public ::testing::TestWithParam<const char*> {};

TEST_P(LearnerExample, EqualsItsTwinStepByStep) {
    for (Schedule schedule : {Schedule::Lockstep, Schedule::Interleaved}) {
        const LearnerRun r = run(kExamples + GetParam() + ".cu", schedule);
        ASSERT_EQ(r.error, "") << GetParam();
        const KernelSettings s = request_of(kExamples + GetParam() + ".cu").settings;
        ASSERT_FALSE(s.like.empty());
        EXPECT_EQ(compare_with_model(r.trace, s), "") << GetParam() << " " << to_string(schedule);
        EXPECT_EQ(output_difference(r.trace), "") << GetParam();
        EXPECT_TRUE(hazard_lines(r.accesses).empty()) << GetParam();
        EXPECT_EQ(r.trace.source.kind, "cpu");
    }
}

TEST_P(LearnerExample, OtherSizesAndInputs) {
    const LearnerRequest req = request_of(kExamples + GetParam() + ".cu");
    const LearnerRun r = run_learner(cpu_engine(options()), req, "cpu");
    ASSERT_EQ(r.error, "");
    const CheckLines lines = check_outputs(cpu_engine(options()), req, r.trace);
    EXPECT_TRUE(lines.ok()) << GetParam() << ": " << (lines.failed.empty() ? "" : lines.failed[0]);
}

INSTANTIATE_TEST_SUITE_P(Examples, LearnerExample,
                         ::testing::Values("handbook_scan_warp", "shfl_scan", "hillis_steele_two_buffers",
                                           "blelloch", "segmented"));

TEST(LearnerEngine, TheRecordedTraceReadsBack) {
    for (const char* file : {"blelloch.cu", "hillis_steele_one_buffer.cu"}) {
        const LearnerRun r = run(kExamples + file);
        ASSERT_EQ(r.error, "");
        const Trace back = trace_from_json_text(trace_to_json_text(r.trace));
        EXPECT_FALSE(compare_traces(r.trace, back).has_value()) << file;
        EXPECT_EQ(back.source.kind, "cpu");
    }
    // Without `like`, the trace names the kernel, as no built-in variant is named.
    EXPECT_EQ(run(kExamples + "hillis_steele_one_buffer.cu").trace.spec.variant,
              "your_hillis_steele_one_buffer");
}

TEST(LearnerEngine, RacyExamplesAreFlagged) {
    // One buffer: the hazards name lanes, slot and step under any schedule ...
    const LearnerRun lock = run(kExamples + "hillis_steele_one_buffer.cu");
    ASSERT_EQ(lock.error, "");
    const auto lines = hazard_lines(lock.accesses);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(
        lines[0].rfind(
            "WAR on s[1]: thread 2 reads it in step 1 (one-buffer step d=1), thread 1 writes it in step 1",
            0),
        0u)
        << lines[0];
    // ... and the interleaved schedule shows the wrong sums.
    const LearnerRun mixed = run(kExamples + "hillis_steele_one_buffer.cu", Schedule::Interleaved);
    ASSERT_EQ(mixed.error, "");
    EXPECT_NE(output_difference(mixed.trace), "");
    EXPECT_FALSE(hazard_lines(run(kExamples + "blelloch_missing_barrier.cu").accesses).empty());
}

TEST(LearnerEngine, WarpSynchronousCodeHoldsOnlyInLockstep) {
    const std::string file = kExamples + "scan_warp_lockstep.cu";
    const LearnerRun lock = run(file);
    ASSERT_EQ(lock.error, "");
    EXPECT_EQ(compare_with_model(lock.trace, request_of(file).settings), "");
    EXPECT_EQ(output_difference(lock.trace), "");
    EXPECT_FALSE(hazard_lines(lock.accesses).empty());
    const LearnerRun mixed = run(file, Schedule::Interleaved);
    ASSERT_EQ(mixed.error, "");
    EXPECT_NE(output_difference(mixed.trace), "");
}

TEST(LearnerEngine, EachFailureIsOneLine) {
    EXPECT_EQ(error_of(kBroken + "compile_error.cu").rfind(kBroken + "compile_error.cu:8: ", 0), 0u)
        << error_of(kBroken + "compile_error.cu");
    EXPECT_EQ(error_of(kBroken + "endless_loop.cu", 0.5).rfind("did not finish in 0.5 s", 0), 0u);
    EXPECT_EQ(error_of(kBroken + "barrier_in_branch.cu"),
              "barrier inside a branch: thread 0 passed 2 barriers, thread 32 passed 1");
    EXPECT_EQ(error_of(kBroken + "out_of_bounds.cu"), "out-of-bounds store: thread 63 wrote s[64] (size 64)");
    EXPECT_EQ(error_of(kBroken + "no_output.cu"), "the kernel wrote no output");
    EXPECT_EQ(error_of(kBroken + "crash.cu")
                  .rfind("the kernel failed on the CPU: an illegal memory access was encountered (thread 0, address 0x",
                         0),
              0u)
        << error_of(kBroken + "crash.cu");
    EXPECT_EQ(error_of(kBroken + "deadlock.cu")
                  .rfind("barrier not reached by every thread: threads 16-31 wait at "
                         "__syncthreads() on line 8; threads 0-15 wait at __syncwarp()",
                         0),
              0u);
    for (const std::string& e : {error_of(kBroken + "crash.cu"), error_of(kBroken + "deadlock.cu")})
        EXPECT_EQ(e.find('\n'), std::string::npos) << e;
}

TEST(LearnerEngine, VotesAtomicsAndUnguardedStores) {
    const LearnerRequest req = request_of(kBroken + "ballot_unguarded.cu");
    const LearnerRun r = run_learner(cpu_engine(options()), req, "cpu");
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(output_difference(r.trace), "");  // the ballot found the heads
    const CheckLines lines = check_outputs(cpu_engine(options()), req, r.trace);
    ASSERT_FALSE(lines.ok());
    EXPECT_EQ(
        lines.failed[0],
        "run with n = 31, input = random, seed = 3: out-of-bounds store: the kernel wrote out[31] (n = 31; a "
        "check `if (i < n)` is missing?)");
}

TEST(LearnerEngine, ShufflesGiveWhatTheGpuGives) {
    // A source lane outside the width segment (or the warp) gives the caller its own value.
    const LearnerRun r = run(kBroken + "shuffles.cu");
    ASSERT_EQ(r.error, "");
    ASSERT_EQ(r.trace.output.size(), 32u);
    for (int lane = 0; lane < 32; ++lane) {
        const int down = lane % 8 < 7 ? lane + 1 : lane;
        const int flip = lane ^ 3;
        const int pick = lane / 16 * 16 + 5;
        const int up = lane >= 4 ? lane - 4 : lane;
        EXPECT_EQ(r.trace.output[static_cast<size_t>(lane)], down + 100 * flip + 10000 * pick + 1000000 * up)
            << lane;
    }
}

TEST(LearnerEngine, NoCompilerIsOneLine) {
    CpuEngineOptions o = options();
    o.compiler = "/nonexistent/g++";
    const LearnerRun r = run_learner(cpu_engine(o), request_of(kExamples + "blelloch.cu"), "cpu");
    EXPECT_EQ(r.error.rfind("cannot run /nonexistent/g++", 0), 0u) << r.error;
}

TEST(LearnerEngine, CompileErrorsLandOnTheLearnersLines) {
    const std::string out =
        "In file included from /tmp/x/main.cpp:1:\n"
        "/tmp/x/k.cu: In function 'void f(const int*, int*, int)':\n"
        "/tmp/x/k.cu:12:9: error: 'y' was not declared in this scope\n";
    EXPECT_EQ(first_compile_error(out, "/tmp/x/k.cu", "mine.cu", 5),
              "mine.cu:12: 'y' was not declared in this scope");
    const std::string in_backend =
        "/tmp/x/k.cu:7:20:   required from here\n"
        "/inc/scanviz_cpu.hpp:300:5: error: no match for 'operator+'\n";
    EXPECT_EQ(first_compile_error(in_backend, "/tmp/x/k.cu", "mine.cu", 5),
              "mine.cu:7: no match for 'operator+'");
    const std::string signature =
        "/tmp/x/main.cpp:2:60: error: no matching function for call to 'run_main'\n";
    EXPECT_EQ(
        first_compile_error(signature, "/tmp/x/k.cu", "mine.cu", 5).rfind("mine.cu:5: the kernel is not", 0),
        0u);
    EXPECT_EQ(first_compile_error("warning: nothing\n", "/tmp/x/k.cu", "mine.cu", 5), "");
}

// Messages for what learners actually write (issue 45, part 4).

TEST(LearnerMessages, AKernelForManyBlocksIsToldScanvizRunsOne) {
    EXPECT_EQ(error_of(kBroken + "many_blocks.cu"),
              "the kernel wrote no out[32]: scanviz runs one block, and its 32 threads wrote out[0] to out[31] (1 "
              "each); with block = 32, n can be at most 32");
    // Two elements a thread: the largest n is what the block's threads stored, not the block.
    EXPECT_EQ(error_of(kBroken + "many_blocks_two_each.cu"),
              "the kernel wrote no out[64]: scanviz runs one block, and its 32 threads wrote out[0] to out[63] (2 "
              "each); with block = 32, n can be at most 64");
    // And with that n the same file runs.
    LearnerRequest r = request_of(kBroken + "many_blocks_two_each.cu");
    r.settings.spec.n = 64;
    r.spec = settings_spec(r.settings);
    const LearnerRun ok = run_learner(cpu_engine(options()), r, "cpu");
    EXPECT_EQ(ok.error, "");
    // A hole inside the block's own threads keeps the plain line.
    Records rec;
    rec.output_seen = {1, 0, 1};
    EXPECT_EQ(one_block_too_few(rec, 3, 2), "");
    EXPECT_EQ(one_block_too_few(rec, 2, 2), "");
}

TEST(LearnerMessages, APlainCudaFileIsTraced) {
    const LearnerRequest req = request_of(kBroken + "plain_shared.cu");
    const LearnerRun r = run_learner(cpu_engine(options()), req, "cpu");
    ASSERT_EQ(r.error, "");
    ASSERT_EQ(r.trace.layout.regions.size(), 1u);
    EXPECT_EQ(r.trace.layout.regions[0].name, "s");
    EXPECT_GE(r.trace.steps.size(), 5u);  // a step for each of the 5 distances at least
    EXPECT_EQ(output_difference(r.trace), "");
    EXPECT_TRUE(hazard_lines(r.accesses).empty());
    const CheckLines lines = check_outputs(cpu_engine(options()), req, r.trace);
    EXPECT_TRUE(lines.ok()) << (lines.failed.empty() ? "" : lines.failed[0]);
}

TEST(LearnerMessages, APointerToATracedArrayIsExplained) {
    const std::string e = error_of(kBroken + "plain_pointer.cu");
    EXPECT_EQ(e.rfind(kBroken + "plain_pointer.cu:9: ", 0), 0u) << e;
    EXPECT_NE(e.find("(scanviz traces the __shared__ array s of line 7, and cannot follow a pointer into it"),
              std::string::npos)
        << e;
}

TEST(LearnerMessages, AnArrayThatCannotBeTracedIsNamed) {
    const LearnerRequest req = request_of(kBroken + "plain_two_dims.cu");
    const LearnerRun r = run_learner(cpu_engine(options()), req, "cpu");
    ASSERT_EQ(r.error, "");
    EXPECT_TRUE(r.trace.layout.regions.empty());
    EXPECT_EQ(output_difference(r.trace), "");  // it runs as it is
    const CheckLines lines = check_outputs(cpu_engine(options()), req, r.trace);
    ASSERT_EQ(lines.failed.size(), 1u);
    EXPECT_EQ(lines.failed[0],
              "no array is traced: line 5 declares s with two dimensions; scanviz traces an array of one: "
              "SCANVIZ_SHARED(int, s, 32)");
}

TEST(LearnerMessages, NothingTracedClaimsNoHazard) {
    // With no traced array there are no accesses to judge: the checks say why, and never "no hazard".
    const LearnerRequest req = request_of(kBroken + "plain_two_dims.cu");
    const LearnerRun r = run_learner(cpu_engine(options()), req, "cpu");
    ASSERT_EQ(r.error, "");
    const CheckLines lines = check_run(cpu_engine(options()), req, r);
    for (const std::string& p : lines.passed) EXPECT_EQ(p.find("no hazard"), std::string::npos) << p;
    ASSERT_FALSE(lines.failed.empty());
    EXPECT_NE(lines.failed[0].find("no array is traced"), std::string::npos);
}

TEST(LearnerMessages, AFaultInOneThreadIsReportedNamingIt) {
    EXPECT_EQ(error_of(kBroken + "null_one_thread.cu"),
              "the kernel failed on the CPU: an illegal memory access was encountered (thread 5, address 0x14)");
    EXPECT_EQ(error_of(kBroken + "divide_by_zero.cu"),
              "the kernel failed on the CPU: an integer division by zero (thread 7)");
    // A thread that overflows its stack faults on its guard page, before any other thread's stack.
    EXPECT_EQ(error_of(kBroken + "stack_overflow.cu"),
              "the kernel failed on the CPU: thread 3 overflowed its stack of 256 KiB (a recursion that does not "
              "end?)");
}

// The CPU half of "the same plain and faulting files through both engines give the same
// verdict" (the GPU half, tests/gpu/test_gpu_learner.cpp, runs both engines on a GPU machine).
TEST(LearnerMessages, CpuVerdictsOfPlainAndFaultingFiles) {
    auto verdict = [](const std::string& file, double timeout_s = 10) {
        LearnerRequest r = request_of(kBroken + file);
        r.timeout_s = timeout_s;
        return learner_tests::learner_verdict(run_learner(cpu_engine(options()), r, "cpu"));
    };
    EXPECT_EQ(verdict("plain_shared.cu"), "traced s, 5 steps, output right");
    EXPECT_EQ(verdict("plain_two_dims.cu"), "traced nothing, 0 steps, output right");
    EXPECT_EQ(verdict("plain_endless_loop.cu", 0.5), "did not finish");
    EXPECT_EQ(verdict("null_one_thread.cu"), "illegal memory access");
    EXPECT_EQ(verdict("crash.cu"), "illegal memory access");
}
