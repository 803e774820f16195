// The textbook forms of scan kernels, written as their sources print them with no
// scanviz::step call (tests/data/learner/textbook/, each citing its source): on the CPU engine
// each matches its built-in twin by what it computes (core/trace/compare_computation), and a
// kernel with one wrong index is named by the state it gets wrong, not by its step names.
// The GPU half is GpuLearnerTextbook in tests/gpu/test_gpu_learner.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/learner/check.hpp"
#include "core/learner/engine_cpu.hpp"
#include "learner_request.hpp"

using namespace scanviz;

namespace {

const std::string kExamples = std::string(SCANVIZ_SOURCE_DIR) + "/assets/kernels/";
const std::string kTextbook = std::string(SCANVIZ_SOURCE_DIR) + "/tests/data/learner/textbook/";

LearnerRequest request_of(const std::string& path) { return learner_tests::learner_request(path, 20); }

LearnerRun run(const std::string& path) {
    CpuEngineOptions o;
    o.include_dir = kExamples;
    o.cache_dir = std::string(SCANVIZ_BINARY_DIR) + "/learner_kernels";
    return run_learner(cpu_engine(o), request_of(path), "cpu");
}

bool calls_step(const std::string& path) {
    return request_of(path).source.find("scanviz::step(") != std::string::npos;
}

}  // namespace

class LearnerTextbook : public ::testing::TestWithParam<const char*> {};

TEST_P(LearnerTextbook, MatchesItsTwinByWhatItComputes) {
    const std::string file = kTextbook + GetParam() + ".cu";
    ASSERT_FALSE(calls_step(file)) << GetParam() << " must be as its source prints it";
    const LearnerRun r = run(file);
    ASSERT_EQ(r.error, "") << GetParam();
    const KernelSettings s = request_of(file).settings;
    ASSERT_FALSE(s.like.empty());
    EXPECT_EQ(output_difference(r.trace), "") << GetParam();
    const ModelComparison c = compare_with_twin(r.trace, s);
    EXPECT_EQ(c.difference, "") << GetParam();
    EXPECT_GE(r.trace.steps.size(), 2u) << GetParam() << ": its barriers cut it into steps";
}

INSTANTIATE_TEST_SUITE_P(Sources, LearnerTextbook,
                         ::testing::Values("pmpp_kogge_stone", "pmpp_brent_kung", "gems3_blelloch",
                                           "gems3_naive_scan", "cmu_scan_block"),
                         [](const auto& info) { return std::string(info.param); });

TEST(LearnerTextbook, CmuScanWarpIsOneStepOfTheModelsFive) {
    // No barrier at all: one step, matched with the last of the model's five Kogge-Stone steps;
    // the exclusive shift happens on the way out.
    const std::string file = kTextbook + "cmu_scan_warp.cu";
    const LearnerRun r = run(file);
    ASSERT_EQ(r.error, "");
    const ModelComparison c = compare_with_twin(r.trace, request_of(file).settings);
    EXPECT_EQ(c.difference, "");
    bool joined = false, out = false;
    for (const std::string& n : c.notes) {
        joined = joined || n.find("several of the model's at once") != std::string::npos;
        out = out || n.find("on the way out") != std::string::npos;
    }
    EXPECT_TRUE(joined);
    EXPECT_TRUE(out);
    // It relies on lockstep: the hazards name it.
    EXPECT_FALSE(hazard_lines(r.accesses).empty());
}

TEST(LearnerTextbook, PmppKoggeStoneHasItsEdgesThoughItsSumsGoThroughAPlainFloat) {
    // `float temp = XY[t] + XY[t - stride]; __syncthreads(); XY[t] = temp;`: the store's operands
    // are found by value among the thread's reads, so each step has its n - stride combines.
    const LearnerRun r = run(kTextbook + "pmpp_kogge_stone.cu");
    ASSERT_EQ(r.error, "");
    ASSERT_EQ(r.trace.steps.size(), 5u);
    int stride = 1;
    for (const Step& st : r.trace.steps) {
        int combines = 0;
        for (const Operation& op : st.ops) combines += op.kind == OpKind::Combine;
        EXPECT_EQ(combines, 32 - stride) << st.label;
        stride *= 2;
    }
}

TEST(LearnerTextbook, AWrongIndexIsNamedByItsStateNotItsLabel) {
    // `t > d` for `t >= d`, steps named "kogge-stone": the first slot that differs, after the
    // first step; the names only a note.
    const std::string file = kTextbook + "kogge_stone_off_by_one.cu";
    const LearnerRun r = run(file);
    ASSERT_EQ(r.error, "");
    const ModelComparison c = compare_with_twin(r.trace, request_of(file).settings);
    EXPECT_EQ(c.difference,
              "after your step 0 (__syncthreads(); the model's double-buffered step d=1), s[33]: yours 1, "
              "block_hillis_steele's 2");
    bool named = false;
    for (const std::string& n : c.notes) named = named || n.find("named differently") != std::string::npos;
    EXPECT_TRUE(named);
}

TEST(LearnerTextbook, GemsNaiveScanAsPrintedIsNamedWhereItGoesWrong) {
    const std::string file = kTextbook + "gems3_naive_scan_as_printed.cu";
    const LearnerRun r = run(file);
    ASSERT_EQ(r.error, "");
    EXPECT_NE(output_difference(r.trace), "");
    const ModelComparison c = compare_with_twin(r.trace, request_of(file).settings);
    EXPECT_EQ(c.difference.rfind("after your step 0 (__syncthreads(); the model's double-buffered step d=1), temp[",
                                 0),
              0u)
        << c.difference;
}

TEST(LearnerTextbook, AWrongIndexARampHidesIsFoundWithOnes) {
    // With input = ramp, element 0 is 0, the identity: `t > d` for `t >= d` gives the same sums, so
    // the header's run matches; the run with every element one does not, and the checks say so.
    const std::string src = kTextbook + "kogge_stone_off_by_one.cu";
    LearnerRequest r = request_of(src);
    const auto at = r.source.find("input = ones");
    ASSERT_NE(at, std::string::npos);
    r.source.replace(at, std::string("input = ones").size(), "input = ramp");
    const std::filesystem::path file =
        std::filesystem::path(SCANVIZ_BINARY_DIR) / "learner_textbook" / "kogge_stone_off_by_one_ramp.cu";
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << r.source;
    const LearnerRequest req = request_of(file.string());
    EXPECT_EQ(req.spec.input, InputKind::Ramp);
    CpuEngineOptions o;
    o.include_dir = kExamples;
    o.cache_dir = std::string(SCANVIZ_BINARY_DIR) + "/learner_kernels";
    const LearnerEngine engine = cpu_engine(o);
    const LearnerRun run = run_learner(engine, req, "cpu");
    ASSERT_EQ(run.error, "");
    EXPECT_EQ(compare_with_model(run.trace, req.settings), "");  // the ramp hides it
    const CheckLines lines = check_run(engine, req, run);
    bool named = false;
    for (const std::string& f : lines.failed)
        named = named || f == "not like block_hillis_steele: with input = ones: after your step 0 (__syncthreads(); the "
                              "model's double-buffered step d=1), s[33]: yours 1, block_hillis_steele's 2";
    EXPECT_TRUE(named);
}

TEST(LearnerTextbook, ATilePaddedPastNMatchesOnTheElementsBothHave) {
    // PMPP's Kogge-Stone with n = 20 in a block of 32: its array runs past n (zeros it scans too),
    // the model's has 20 elements; states and edges are compared on those 20.
    LearnerRequest r = request_of(kTextbook + "pmpp_kogge_stone.cu");
    const auto at = r.source.find("n = 32");
    ASSERT_NE(at, std::string::npos);
    r.source.replace(at, std::string("n = 32").size(), "n = 20");
    const std::filesystem::path file =
        std::filesystem::path(SCANVIZ_BINARY_DIR) / "learner_textbook" / "pmpp_kogge_stone_n20.cu";
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << r.source;
    const LearnerRun run_ = run(file.string());
    ASSERT_EQ(run_.error, "");
    const ModelComparison c = compare_with_twin(run_.trace, request_of(file.string()).settings);
    EXPECT_EQ(c.difference, "");
    bool sizes = false;
    for (const std::string& n : c.notes)
        sizes = sizes || n == "your array has 32 elements, the model's 20: the first 20 are compared";
    EXPECT_TRUE(sizes);
}
