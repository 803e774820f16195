// compare_computation (core/trace/compare_computation.hpp): what a trace computes against a model,
// by the state after each step and the edges, with the differences of form normalised. These use
// the reference models as both sides, reshaped the way a learner's kernel differs in form; the
// learner's own kernels are in test_learner_textbook.cpp.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"
#include "core/run/runner.hpp"
#include "core/trace/compare_computation.hpp"

using namespace scanviz;

namespace {

Trace model(const std::string& variant, int n, bool exclusive = false, InputKind input = InputKind::Ramp) {
    RunSpec spec;
    spec.variant = variant;
    spec.n = n;
    spec.exclusive = exclusive;
    spec.input = input;
    EXPECT_FALSE(validate_and_resolve(spec)) << variant;
    return Runner{}.run(spec, RunSource::Model);
}

bool has_note(const ComputationVerdict& v, const std::string& part) {
    return std::any_of(v.notes.begin(), v.notes.end(), [&](const std::string& n) { return n.find(part) != std::string::npos; });
}

}  // namespace

TEST(CompareComputation, AModelComputesWhatItself) {
    for (const char* v : {"block_hillis_steele", "block_blelloch", "block_brent_kung", "warp_conditional"}) {
        const Trace t = model(v, 32);
        const ComputationVerdict r = compare_computation(t, t, v);
        EXPECT_TRUE(r.same) << v << ": " << r.line;
        EXPECT_TRUE(r.notes.empty()) << v;
        for (size_t s = 0; s < r.matched.size(); ++s) EXPECT_EQ(r.matched[s], static_cast<int>(s)) << v;
    }
}

TEST(CompareComputation, LabelsThatDifferAreANoteNotAFailure) {
    const Trace m = model("block_hillis_steele", 32);
    Trace y = m;
    for (size_t s = 0; s < y.steps.size(); ++s) y.steps[s].label = y.steps[s].phase = "step " + std::to_string(s);
    const ComputationVerdict r = compare_computation(m, y, "block_hillis_steele");
    EXPECT_TRUE(r.same) << r.line;
    EXPECT_TRUE(has_note(r, "named differently")) << r.notes.size();
}

TEST(CompareComputation, AWrongValueIsNamedByItsStateNotItsLabel) {
    const Trace m = model("block_brent_kung", 64);
    Trace y = m;
    for (auto& s : y.steps) s.label = "kogge-stone";  // a learner's own names
    // The learner's kernel gets element 17 wrong in the third step, and everything after follows.
    for (size_t s = 2; s < y.steps.size(); ++s) y.steps[s].state[17] += 3;
    y.output[17] += 3;
    const ComputationVerdict r = compare_computation(m, y, "block_brent_kung");
    ASSERT_FALSE(r.same);
    ASSERT_TRUE(r.first);
    EXPECT_EQ(r.first->your_step, 2);
    EXPECT_EQ(r.first->model_step, 2);
    EXPECT_EQ(r.first->element, 17);
    EXPECT_EQ(r.line, "after your step 2 (__syncthreads(); the model's reduction tree d=4), XY[17]: yours " +
                          std::to_string(static_cast<int>(r.first->yours)) + ", block_brent_kung's " +
                          std::to_string(static_cast<int>(r.first->model)));
    EXPECT_EQ(r.first->yours, r.first->model + 3);
}

TEST(CompareComputation, PaddingIsNotData) {
    // Blelloch's conflict-free padding puts element i at word i + i/32: the same computation.
    const Trace a = model("block_blelloch", 128), b = model("block_blelloch_padded", 128);
    const ComputationVerdict r = compare_computation(a, b, "block_blelloch");
    EXPECT_TRUE(r.same) << r.line;
}

TEST(CompareComputation, ADifferentAlgorithmIsNamedWhereItParts) {
    // Blelloch's up-sweep is Brent-Kung's reduction tree; they part at the clear, where
    // Brent-Kung's distribution tree begins.
    const Trace bk = model("block_brent_kung", 64), bl = model("block_blelloch", 64);
    const ComputationVerdict r = compare_computation(bk, bl, "block_brent_kung");
    ASSERT_FALSE(r.same);
    EXPECT_EQ(r.first->your_step, 6) << r.line;  // Blelloch's clear last, after six up-sweep steps
    EXPECT_NE(r.line.find("the model's distribution tree d=16"), std::string::npos) << r.line;
    for (int s = 0; s < 6; ++s) EXPECT_EQ(r.matched[static_cast<size_t>(s)], s);
}

TEST(CompareComputation, OneBufferMatchesTwoAndAReadHalfMatchesTheStepBefore) {
    // A learner's one-buffer form of Hillis-Steele: the model's current buffer, one array; each
    // step split into a read half (no state changes) and a write half.
    const Trace m = model("block_hillis_steele", 16);
    Trace y;
    y.spec = m.spec;
    y.threads = m.threads;
    y.input = m.input;
    y.output = m.output;
    Region r;
    r.name = "XY";
    r.count = 16;
    y.layout.regions = {r};
    y.layout.slots = 16;
    y.layout.padding.assign(16, 0);
    y.initial_state.assign(m.initial_state.begin(), m.initial_state.begin() + 16);
    std::vector<double> cur = y.initial_state;
    for (size_t s = 0; s < m.steps.size(); ++s) {
        Step read;
        read.label = "read";
        read.barrier = "__syncthreads()";
        read.state = cur;
        y.steps.push_back(read);
        const int half = (s % 2 == 0) ? 16 : 0;  // the model writes buffer 1 first
        Step write;
        write.label = "write";
        write.barrier = "__syncthreads()";
        for (int i = 0; i < 16; ++i) cur[static_cast<size_t>(i)] = m.steps[s].state[static_cast<size_t>(half + i)];
        write.state = cur;
        y.steps.push_back(write);
    }
    const ComputationVerdict v = compare_computation(m, y, "block_hillis_steele");
    EXPECT_TRUE(v.same) << v.line;
    EXPECT_TRUE(has_note(v, "two buffers"));
    EXPECT_TRUE(has_note(v, "change nothing the model keeps"));
    EXPECT_EQ(v.matched[0], -1);  // the first read half: the model's initial state
    EXPECT_EQ(v.matched[1], 0);
    EXPECT_EQ(v.matched[2], 0);
    EXPECT_EQ(v.matched[3], 1);
}

TEST(CompareComputation, JoinedStepsMatchTheLastOfThem) {
    // The legacy warp scan with no barrier at all: one step does the model's five.
    const Trace m = model("warp_legacy_volatile", 32);
    Trace y = m;
    y.steps = {m.steps.back()};
    y.initial_state.assign(y.initial_state.size(), 0.0);  // the load is inside the step
    const ComputationVerdict v = compare_computation(m, y, "warp_legacy_volatile");
    EXPECT_TRUE(v.same) << v.line;
    EXPECT_EQ(v.matched[0], static_cast<int>(m.steps.size()) - 1);
    EXPECT_TRUE(has_note(v, "several of the model's at once"));
}

TEST(CompareComputation, AnExclusiveShiftOnTheWayOutIsAcceptedWhenTheOutputAgrees) {
    const Trace m = model("warp_legacy_volatile", 32, /*exclusive=*/true);
    Trace y = m;
    y.steps.pop_back();  // the learner keeps the inclusive scan and shifts into the output
    ComputationVerdict v = compare_computation(m, y, "warp_legacy_volatile");
    EXPECT_TRUE(v.same) << v.line;
    EXPECT_TRUE(has_note(v, "on the way out"));
    y.output[5] += 1;
    v = compare_computation(m, y, "warp_legacy_volatile");
    ASSERT_FALSE(v.same);
    EXPECT_EQ(v.first->element, 5);
    EXPECT_NE(v.line.find("output element 5"), std::string::npos) << v.line;
}

TEST(CompareComputation, AnEdgeTheModelDoesNotHaveIsNamed) {
    const Trace m = model("block_hillis_steele", 8);
    Trace y = m;
    // Thread 5 says it read slot 2 of the current buffer where the model reads slot 4 (d = 1).
    for (Operation& op : y.steps[0].ops)
        if (op.thread == 5) op.reads[0] = 2;
    const ComputationVerdict v = compare_computation(m, y, "block_hillis_steele");
    ASSERT_FALSE(v.same);
    EXPECT_TRUE(v.first->edge);
    EXPECT_EQ(v.first->thread, 5);
    EXPECT_NE(v.line.find("thread 5 computes s_temp[13] from s_temp[2]"), std::string::npos) << v.line;
}

TEST(CompareComputation, NoArrayIsOneLine) {
    const Trace m = model("block_hillis_steele", 8);
    Trace y;
    y.spec = m.spec;
    const ComputationVerdict v = compare_computation(m, y, "block_hillis_steele");
    EXPECT_FALSE(v.same);
    EXPECT_NE(v.line.find("traces no array"), std::string::npos);
    EXPECT_EQ(v.line.find('\n'), std::string::npos);
}

TEST(CompareComputation, AMalformedTraceIsOneLineNotACrash) {
    const Trace m = model("block_hillis_steele", 8);
    Trace y = m;
    y.steps[1].state.resize(3);  // a trace read from a file need not hold a value per slot
    ComputationVerdict v = compare_computation(m, y, "block_hillis_steele");
    EXPECT_FALSE(v.same);
    EXPECT_NE(v.line.find("malformed"), std::string::npos) << v.line;
    y = m;
    y.steps[0].ops[0].reads[0] = 1000;  // an operation outside the layout
    v = compare_computation(m, y, "block_hillis_steele");
    EXPECT_FALSE(v.same);
    EXPECT_NE(v.line.find("malformed"), std::string::npos) << v.line;
}

TEST(CompareComputation, AnOutputOfAnotherSizeDiffers) {
    const Trace m = model("block_hillis_steele", 8);
    Trace y = m;
    y.output.pop_back();
    const ComputationVerdict v = compare_computation(m, y, "block_hillis_steele");
    EXPECT_FALSE(v.same);
    EXPECT_EQ(v.line, "the output has 7 elements, block_hillis_steele's 8");
}
