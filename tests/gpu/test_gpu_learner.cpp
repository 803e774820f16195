// The GPU engine of a learner's kernel (kernels/learner/gpu_engine.hpp) on the shipped
// examples and on kernels that fail: every correct example's GPU trace equals its built-in
// twin's model step by step, the racy ones are flagged, and every failure is one line.
// Needs NVRTC, a driver and a device; skipped with the reason otherwise.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/i18n/i18n.hpp"
#include "core/learner/check.hpp"
#include "core/learner/engine.hpp"
#include "core/learner/engine_cpu.hpp"
#include "core/trace/compare.hpp"
#include "gpu_test_env.hpp"
#include "kernels/learner/gpu_engine.hpp"
#include "kernels/learner/learner_bench.hpp"
#include "../learner_request.hpp"
#include "../learner_verdict.hpp"

using namespace scanviz;

namespace {

const std::string kExamples = std::string(SCANVIZ_SOURCE_DIR) + "/assets/kernels/";
const std::string kBroken = std::string(SCANVIZ_SOURCE_DIR) + "/tests/data/learner/";

const LearnerGpuEngine& engine() {
    static const LearnerGpuEngine e = learner::gpu_engine();
    return e;
}

#define REQUIRE_GPU_ENGINE()                                                                  \
    do {                                                                                      \
        SCANVIZ_REQUIRE_GPU();                                                                \
        if (!engine().present()) GTEST_SKIP() << "gpu test skipped: " << engine().why_not;    \
    } while (0)

LearnerRequest request_of(const std::string& path) { return learner_tests::learner_request(path, 10); }

LearnerRun run(const std::string& path, double timeout_s = 10) {
    LearnerRequest r = request_of(path);
    r.timeout_s = timeout_s;
    return run_learner(engine().run, r, "gpu");
}

}  // namespace

class GpuLearnerExample : public ::testing::TestWithParam<const char*> {};

TEST_P(GpuLearnerExample, EqualsItsTwinStepByStep) {
    REQUIRE_GPU_ENGINE();
    const std::string file = kExamples + GetParam() + ".cu";
    const LearnerRun r = run(file);
    ASSERT_EQ(r.error, "") << GetParam();
    const KernelSettings s = request_of(file).settings;
    ASSERT_FALSE(s.like.empty());
    EXPECT_EQ(compare_with_model(r.trace, s), "") << GetParam();
    EXPECT_EQ(output_difference(r.trace), "") << GetParam();
    EXPECT_TRUE(hazard_lines(r.accesses).empty()) << GetParam();
    EXPECT_EQ(r.trace.source.kind, "gpu");
    EXPECT_EQ(r.trace.source.device, engine().device);
}

TEST_P(GpuLearnerExample, OtherSizesAndInputs) {
    REQUIRE_GPU_ENGINE();
    const LearnerRequest req = request_of(kExamples + GetParam() + ".cu");
    const LearnerRun r = run_learner(engine().run, req, "gpu");
    ASSERT_EQ(r.error, "");
    const CheckLines lines = check_outputs(engine().run, req, r.trace);
    EXPECT_TRUE(lines.ok()) << GetParam() << ": " << (lines.failed.empty() ? "" : lines.failed[0]);
}

INSTANTIATE_TEST_SUITE_P(Examples, GpuLearnerExample,
                         ::testing::Values("handbook_scan_warp", "shfl_scan", "hillis_steele_two_buffers", "blelloch",
                                           "segmented"));

TEST(GpuLearner, RacyExamplesAreFlaggedByTheTrace) {
    REQUIRE_GPU_ENGINE();
    for (const char* f : {"hillis_steele_one_buffer.cu", "blelloch_missing_barrier.cu", "scan_warp_lockstep.cu"}) {
        const LearnerRun r = run(kExamples + f);
        ASSERT_EQ(r.error, "") << f;
        EXPECT_FALSE(hazard_lines(r.accesses).empty()) << f;
    }
}

TEST(GpuLearner, EachFailureIsOneLine) {
    REQUIRE_GPU_ENGINE();
    const std::string compile = run(kBroken + "compile_error.cu").error;
    EXPECT_EQ(compile.rfind("compile_error.cu:8: error: ", 0), 0u) << compile;
    const std::string endless = run(kBroken + "endless_loop.cu", 0.5).error;
    EXPECT_EQ(endless.rfind("did not finish in 0.5 s", 0), 0u) << endless;
    EXPECT_EQ(run(kBroken + "out_of_bounds.cu").error, "out-of-bounds store: thread 63 wrote s[64] (size 64)");
    EXPECT_EQ(run(kBroken + "no_output.cu").error, "the kernel wrote no output");
    const std::string crash = run(kBroken + "crash.cu").error;
    EXPECT_EQ(crash.rfind("the kernel failed on the GPU: ", 0), 0u) << crash;
    // A barrier only some threads reach: the barrier counts differ, or the block waits forever.
    const std::string branch = run(kBroken + "barrier_in_branch.cu", 2).error;
    EXPECT_TRUE(branch.rfind("barrier inside a branch", 0) == 0 || branch.rfind("did not finish", 0) == 0) << branch;
    for (const std::string& e : {compile, crash, branch}) EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    // The GPU child writes English; the line is shown in the reader's language (error_text.hpp).
    ASSERT_EQ(scanviz::i18n::set_language(scanviz::i18n::Language::Zh), "");
    const std::string oob_zh = run(kBroken + "out_of_bounds.cu").error;
    const std::string none_zh = run(kBroken + "no_output.cu").error;
    scanviz::i18n::set_language(scanviz::i18n::Language::En);
    EXPECT_EQ(oob_zh, "越界写入：线程 63 写了 s[64]（大小为 64）");
    EXPECT_EQ(none_zh, "内核没有写出任何输出");
}

// A racy kernel launched many times, 1024 blocks at once after the traced launch: every block's
// output is counted, and the race shows in wrong outputs.
TEST(GpuLearner, RepeatedLaunchesAreCounted) {
    REQUIRE_GPU_ENGINE();
    LearnerRequest r = request_of(kExamples + "hillis_steele_one_buffer.cu");
    r.launches = 200;
    const LearnerRun run = run_learner(engine().run, r, "gpu");
    ASSERT_EQ(run.error, "");
    ASSERT_EQ(run.more_outputs.size(), run.more_counts.size());
    long long blocks = 0;
    for (long long c : run.more_counts) blocks += c;
    EXPECT_EQ(blocks, 199 * 1024);
    const RepeatedRuns rr = check_repeated(engine().run, r, run, 200, "gpu");
    EXPECT_EQ(rr.runs, 1 + 199 * 1024);
    EXPECT_NE(rr.line.find("199 launches of 1024 blocks at once"), std::string::npos) << rr.line;
    // Printed, not asserted: whether a race between two warps of one block ever lands wrongly is the
    // hardware's scheduling (on the H200 it did not, in 203777 blocks); the trace's hazards flag it always.
    std::printf("hillis_steele_one_buffer.cu on the GPU: %s\n", rr.line.c_str());
    LearnerRequest b = request_of(kExamples + "blelloch_missing_barrier.cu");
    b.launches = 200;
    const LearnerRun br = run_learner(engine().run, b, "gpu");
    ASSERT_EQ(br.error, "");
    std::printf("blelloch_missing_barrier.cu on the GPU: %s\n", check_repeated(engine().run, b, br, 200, "gpu").line.c_str());
    // The Handbook's warp scan without volatile and without __syncwarp(): compiled as plain CUDA, the
    // compiler may keep a lane's partial in a register, so the GPU's outputs go wrong.
    LearnerRequest w = request_of(kExamples + "scan_warp_lockstep.cu");
    w.launches = 200;
    const LearnerRun wr = run_learner(engine().run, w, "gpu");
    ASSERT_EQ(wr.error, "");
    const RepeatedRuns wrr = check_repeated(engine().run, w, wr, 200, "gpu");
    EXPECT_GT(wrr.wrong, 0) << wrr.line;
    std::printf("scan_warp_lockstep.cu on the GPU: %s\n", wrr.line.c_str());
    LearnerRequest good = request_of(kExamples + "hillis_steele_two_buffers.cu");
    good.launches = 200;
    const LearnerRun ok = run_learner(engine().run, good, "gpu");
    ASSERT_EQ(ok.error, "");
    EXPECT_EQ(check_repeated(engine().run, good, ok, 200, "gpu").wrong, 0);
}

// Messages for what learners actually write (issue 45, part 4): the same plain and faulting files
// through both engines give the same verdict (the CPU half: tests/test_learner_engine.cpp).
TEST(GpuLearnerMessages, PlainAndFaultingFilesGiveTheCpuEnginesVerdict) {
    REQUIRE_GPU_ENGINE();
    CpuEngineOptions o;
    o.include_dir = kExamples;
    o.cache_dir = std::string(SCANVIZ_BINARY_DIR) + "/learner_kernels";
    const LearnerEngine cpu = cpu_engine(o);
    for (const char* file : {"plain_shared.cu", "plain_two_dims.cu", "plain_endless_loop.cu", "null_one_thread.cu",
                             "crash.cu", "many_blocks.cu", "many_blocks_two_each.cu"}) {
        LearnerRequest r = request_of(kBroken + file);
        r.timeout_s = 1;
        const LearnerRun on_gpu = run_learner(engine().run, r, "gpu");
        const LearnerRun on_cpu = run_learner(cpu, r, "cpu");
        EXPECT_EQ(learner_tests::learner_verdict(on_gpu), learner_tests::learner_verdict(on_cpu)) << file << ": " << on_gpu.error;
    }
    // The plain file's array is traced on the GPU as on the CPU: the same trace, step for step.
    const LearnerRequest plain = request_of(kBroken + "plain_shared.cu");
    const LearnerRun g = run_learner(engine().run, plain, "gpu");
    const LearnerRun c = run_learner(cpu, plain, "cpu");
    ASSERT_EQ(g.error, "");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(g.trace.steps.size(), c.trace.steps.size());
    EXPECT_EQ(g.trace.output, c.trace.output);
    // One block: the same line on both engines.
    EXPECT_EQ(run(kBroken + "many_blocks.cu").error,
              "the kernel wrote no out[32]: scanviz runs one block, and its 32 threads wrote out[0] to out[31] (1 "
              "each); with block = 32, n can be at most 32");
    // A pointer to a traced array: NVRTC's error names the type, and the line what to do.
    const std::string pointer = run(kBroken + "plain_pointer.cu").error;
    EXPECT_NE(pointer.find("(scanviz traces the __shared__ array s of line 7, and cannot follow a pointer"),
              std::string::npos)
        << pointer;
    // The GPU cannot name the thread; it says the same words.
    EXPECT_EQ(run(kBroken + "null_one_thread.cu").error,
              "the kernel failed on the GPU: an illegal memory access was encountered");
    ASSERT_EQ(scanviz::i18n::set_language(scanviz::i18n::Language::Zh), "");
    const std::string null_zh = run(kBroken + "null_one_thread.cu").error;
    scanviz::i18n::set_language(scanviz::i18n::Language::En);
    EXPECT_EQ(null_zh, "内核在 GPU 上失败：发生了非法内存访问");
}

// The textbooks' forms as their sources print them, no scanviz::step call (tests/data/learner/
// textbook): on the GPU too each matches its twin by what it computes, and one wrong index is named
// by its state (tests/test_learner_textbook.cpp is the CPU half).
class GpuLearnerTextbook : public ::testing::TestWithParam<const char*> {};

TEST_P(GpuLearnerTextbook, MatchesItsTwinByWhatItComputes) {
    REQUIRE_GPU_ENGINE();
    const std::string file = kBroken + "textbook/" + GetParam() + ".cu";
    const LearnerRun r = run(file);
    ASSERT_EQ(r.error, "") << GetParam();
    EXPECT_EQ(output_difference(r.trace), "") << GetParam();
    EXPECT_EQ(compare_with_model(r.trace, request_of(file).settings), "") << GetParam();
    EXPECT_EQ(r.trace.source.kind, "gpu");
}

INSTANTIATE_TEST_SUITE_P(Sources, GpuLearnerTextbook,
                         ::testing::Values("pmpp_kogge_stone", "pmpp_brent_kung", "gems3_blelloch", "gems3_naive_scan",
                                           "cmu_scan_warp", "cmu_scan_block"),
                         [](const auto& info) { return std::string(info.param); });

TEST(GpuLearnerTextbookWrong, AWrongIndexIsNamedByItsState) {
    REQUIRE_GPU_ENGINE();
    const std::string file = kBroken + "textbook/kogge_stone_off_by_one.cu";
    const LearnerRun r = run(file);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(compare_with_model(r.trace, request_of(file).settings),
              "after your step 0 (__syncthreads(); the model's double-buffered step d=1), s[33]: yours 1, "
              "block_hillis_steele's 2");
}

// scanviz kernel --bench (issue 45, part 5): the learner's kernel timed in the GPU engine's child
// beside its twin, block_hillis_steele and CUB's BlockScan, as scanviz bench times the block scans.
namespace {
learner_bench::BenchTable bench_of(const LearnerRequest& r) {
    const learner::BenchChildResult b = learner::run_learner_bench(r);
    EXPECT_EQ(b.error, "");
    std::string why;
    auto t = learner_bench::parse_bench_output(b.out, &why);
    EXPECT_TRUE(t) << why << "\n" << b.out;
    return t ? *t : learner_bench::BenchTable{};
}
}  // namespace

TEST(GpuLearnerBench, TimesTheKernelBesideItsTwinAndCubAtFullOccupancy) {
    REQUIRE_GPU_ENGINE();
    // blelloch.cu: n = 64, block = 32, like = block_blelloch; CUB at 32 threads of 2 elements.
    const learner_bench::BenchTable t = bench_of(request_of(kExamples + "blelloch.cu"));
    ASSERT_EQ(t.rows.size(), 4u) << learner_bench::format_bench_text(t);
    EXPECT_EQ(t.rows[0].role, learner_bench::kYours);
    EXPECT_EQ(t.rows[1].name, "block_blelloch");
    EXPECT_EQ(t.rows[2].name, "block_hillis_steele");
    EXPECT_EQ(t.rows[3].name, "cub::BlockScan");
    for (const auto& r : t.rows) {
        ASSERT_TRUE(r.timed()) << r.name << ": " << r.not_timed;
        EXPECT_EQ(r.ms.size(), static_cast<size_t>(learner_bench::kRuns)) << r.name;
        EXPECT_EQ(r.tile, 64) << r.name;
        EXPECT_EQ(r.elements, learner_bench::kElements) << r.name;
        EXPECT_GT(r.blocks_per_sm, 0) << r.name;
        EXPECT_LE(r.min_ms(), r.median_ms());
        EXPECT_LE(r.median_ms(), r.max_ms());
    }
    EXPECT_EQ(t.rows[0].threads, 32);
    EXPECT_EQ(t.rows[3].threads, 32);
    EXPECT_EQ(learner_bench::comparison_lines(t).size(), 3u);
}

TEST(GpuLearnerBench, ATwinThatIsHillisSteeleIsTimedOnce) {
    REQUIRE_GPU_ENGINE();
    const learner_bench::BenchTable t = bench_of(request_of(kExamples + "hillis_steele_two_buffers.cu"));
    ASSERT_EQ(t.rows.size(), 3u) << learner_bench::format_bench_text(t);
    EXPECT_EQ(t.rows[1].role, learner_bench::kLike);
    EXPECT_EQ(t.rows[1].name, "block_hillis_steele");
    EXPECT_EQ(t.rows[2].name, "cub::BlockScan");
}

TEST(GpuLearnerBench, AWrongOutputIsNotTimed) {
    REQUIRE_GPU_ENGINE();
    LearnerRequest r = request_of(kExamples + "hillis_steele_two_buffers.cu");
    const std::string right = "if (t < n) out[t] = s_temp[pout * BLOCK + t];";
    ASSERT_NE(r.source.find(right), std::string::npos);
    r.source.replace(r.source.find(right), right.size(), "if (t < n) out[t] = s_temp[pout * BLOCK + t] + 1;");
    const learner::BenchChildResult b = learner::run_learner_bench(r);
    EXPECT_NE(b.error.find("wrong output"), std::string::npos) << b.error << "\n" << b.out;
    EXPECT_NE(b.error.find("tile 0, element 0"), std::string::npos) << b.error;
}

TEST(GpuLearnerBench, TheProfileGivesYoursAndTheTwinsColumns) {
    REQUIRE_GPU_ENGINE();
    const std::string ncu = learner::find_ncu();
    if (ncu.empty()) GTEST_SKIP() << "gpu test skipped: no ncu on this machine";
    const learner::ProfileChildResult p = learner::run_learner_profile(request_of(kExamples + "blelloch.cu"), ncu);
    ASSERT_EQ(p.error, "");
    ASSERT_EQ(p.result.rows.size(), 2u);
    EXPECT_EQ(p.result.rows[0].role, learner_bench::kYours);
    EXPECT_EQ(p.result.rows[1].name, "block_blelloch");
    for (const auto& k : p.result.rows) {
        EXPECT_EQ(k.ncu.grid_blocks, 1) << k.name;
        EXPECT_GT(k.ncu.ld_instructions, 0) << k.name;
        EXPECT_GT(k.ncu.st_instructions, 0) << k.name;
        EXPECT_GT(k.ncu.inst_executed, 0) << k.name;
    }
    EXPECT_EQ(p.result.rows[0].ncu.block_threads, 32);
}
