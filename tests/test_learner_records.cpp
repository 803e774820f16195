// The records both engines write (core/learner/records.hpp): the parser (any malformed line:
// one error line, never a crash) and the Trace assembled from them.
#include <gtest/gtest.h>

#include "core/i18n/i18n.hpp"
#include "core/learner/error_text.hpp"
#include "core/learner/records.hpp"
#include "core/race/hazards.hpp"

using namespace scanviz;

namespace {

RecordsRun run_of(int threads, int n) {
    RecordsRun r;
    r.spec.n = n;
    r.spec.input = InputKind::Given;
    r.spec.values.assign(static_cast<size_t>(n), 1.0);
    r.threads = threads;
    r.input = r.spec.values;
    return r;
}

AssembledTrace assemble(const std::string& text, int threads, int n) {
    ParsedRecords p = parse_records(text);
    EXPECT_EQ(p.error, "");
    return assemble_trace(p.records, run_of(threads, n));
}

// Two threads scanning s[0..1] in a split step: load, barrier, read, barrier, write, barrier,
// then the result copied out.
const char* kSplit =
    "scanviz-records 1\n"
    "region 5 shared 2 4 0 s\n"
    "store 0 0 5 0 1 0\n"
    "store 1 0 5 1 2 0\n"
    "barrier 0 0 syncthreads\n"
    "barrier 1 0 syncthreads\n"
    "read 1 1 5 0\n"
    "barrier 0 1 syncthreads kogge-stone d=1\n"
    "barrier 1 1 syncthreads kogge-stone d=1\n"
    "read 1 2 5 1\n"
    "store 1 2 5 1 3 2 5 0 5 1\n"
    "barrier 0 2 syncthreads\n"
    "barrier 1 2 syncthreads\n"
    "read 0 3 5 0\n"
    "read 1 3 5 1\n"
    "barrier 0 3 end\n"
    "barrier 1 3 end\n"
    "output 0 1\n"
    "output 1 3\n";

}  // namespace

TEST(LearnerRecords, ParsesEveryRecord) {
    ParsedRecords p = parse_records(std::string(kSplit) + "error something went wrong\n");
    ASSERT_EQ(p.error, "");
    EXPECT_EQ(p.records.regions.size(), 1u);
    EXPECT_EQ(p.records.regions[0].name, "s");
    EXPECT_EQ(p.records.events.size(), 15u);
    EXPECT_EQ(p.records.events[8].provenance.size(), 2u);
    EXPECT_EQ(p.records.events[5].label, "kogge-stone d=1");
    EXPECT_EQ(p.records.output, (std::vector<double>{1, 3}));
    EXPECT_EQ(p.records.error, "something went wrong");
}

TEST(LearnerRecords, MalformedLinesGiveOneErrorLine) {
    const std::string head = "scanviz-records 1\nregion 1 shared 4 4 0 s\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"", "records line 1: no records (expected 'scanviz-records 1')"},
        {"scanviz-records 2\n", "records line 1: expected 'scanviz-records 1'"},
        {head + "read 0 0 1 4\n", "records line 3: read: no such slot"},
        {head + "read 0 0 2 0\n", "records line 3: read: no such slot"},
        {head + "read -1 0 1 0\n", "records line 3: read: a bad thread"},
        {head + "store 0 0 1 0 x 0\n", "records line 3: store: a bad value"},
        {head + "store 0 0 1 0 1 5\n", "records line 3: store: a bad operand count"},
        {head + "store 0 0 1 0 1 2 1 0\n", "records line 3: store: operand 2 is no slot"},
        {head + "store 0 0 1 0 1 0 *\n", "records line 3: store: unexpected '*'"},
        {head + "barrier 0 0 nap\n",
         "records line 3: barrier: not syncthreads, syncwarp, shfl, label or end"},
        {head + "region 1 shared 4 4 0 t\n", "records line 3: region 1 declared twice"},
        {head + "region 2 global 4 4 0 t\n", "records line 3: region: not shared or register"},
        {head + "output 0\n", "records line 3: output: a bad value"},
        {head + "frobnicate\n", "records line 3: unknown record 'frobnicate'"},
        {head + "error x\nread 0 0 1 0\n", "records line 4: a record after the error record"},
        {head + " read 0 0 1 0\n", "records line 3: a line that starts with a space"},
    };
    for (const auto& [text, error] : cases) EXPECT_EQ(parse_records(text).error, error) << text;
}

TEST(LearnerRecords, SplitStepPrologueAndOutput) {
    AssembledTrace a = assemble(kSplit, 2, 2);
    ASSERT_EQ(a.error, "");
    const Trace& t = a.trace;
    EXPECT_EQ(t.layout.slots, 2);
    EXPECT_EQ(t.layout.regions[0].space, Space::Shared);
    EXPECT_EQ(t.initial_state, (std::vector<double>{1, 2}));  // the load is the prologue
    ASSERT_EQ(t.steps.size(), 1u);                            // read half + write half; the copy-out dropped
    const Step& st = t.steps[0];
    EXPECT_EQ(st.label, "kogge-stone d=1");
    EXPECT_EQ(st.phase, "kogge-stone");
    EXPECT_EQ(st.barrier, "__syncthreads()");
    ASSERT_EQ(st.ops.size(), 1u);
    EXPECT_EQ(st.ops[0].kind, OpKind::Combine);
    EXPECT_EQ(st.ops[0].reads, (std::vector<int>{0, 1}));
    EXPECT_EQ(st.ops[0].writes, (std::vector<int>{1}));
    EXPECT_EQ(st.state, (std::vector<double>{1, 3}));
    EXPECT_TRUE(is_active(st.active_mask, 1));
    EXPECT_FALSE(is_active(st.active_mask, 0));
    EXPECT_EQ(t.output, (std::vector<double>{1, 3}));
    EXPECT_EQ(t.source.kind, "cpu");
    // The access trace keeps every step where it happened: the read before the barrier.
    Trace acc = access_trace(parse_records(kSplit).records, run_of(2, 2));
    EXPECT_EQ(acc.steps.size(), 4u);
    EXPECT_EQ(analyze_hazards(acc, RaceWhatIf{}).count(), 0);
}

TEST(LearnerRecords, SwapWaitAndHazard) {
    // Thread 0 swaps s[0], s[1] (copy then combine); thread 1 reads s[0] in the same step
    // and feeds nothing: a Wait, and a hazard with thread 0's write.
    const std::string text =
        "scanviz-records 1\n"
        "region 7 shared 2 4 0 s\n"
        "read 0 0 7 0\n"
        "read 0 0 7 1\n"
        "store 0 0 7 0 5 1 7 1\n"
        "read 0 0 7 1\n"
        "store 0 0 7 1 7 2 7 0 7 1\n"
        "read 1 0 7 0\n"
        "barrier 0 0 end\nbarrier 1 0 end\noutput 0 5\noutput 1 7\n";
    AssembledTrace a = assemble(text, 2, 2);
    ASSERT_EQ(a.error, "");
    ASSERT_EQ(a.trace.steps.size(), 1u);
    const auto& ops = a.trace.steps[0].ops;
    ASSERT_EQ(ops.size(), 2u);
    EXPECT_EQ(ops[0].kind, OpKind::Swap);
    EXPECT_EQ(ops[0].reads, (std::vector<int>{0, 1}));
    EXPECT_EQ(ops[0].writes, (std::vector<int>{0, 1}));
    EXPECT_EQ(ops[1].kind, OpKind::Wait);
    EXPECT_EQ(ops[1].thread, 1);
    EXPECT_EQ(a.trace.steps[0].barrier, "kernel end");
    Trace acc = access_trace(parse_records(text).records, run_of(2, 2));
    const HazardReport rep = analyze_hazards(acc, RaceWhatIf{});
    ASSERT_GT(rep.count(), 0);
    EXPECT_EQ(rep.hazards[0].slot, 0);
}

TEST(LearnerRecords, ShuffleStepsShowTheShuffle) {
    // One lane pair: the load and the shuffle's read are the prologue; the combine after the
    // shuffle is a step the shuffle converged, although the kernel's end closes it.
    const std::string text =
        "scanviz-records 1\n"
        "region 3 register 2 4 0 x\n"
        "store 0 0 3 0 1 0\nstore 1 0 3 1 1 0\n"
        "read 0 0 3 0\nread 1 0 3 1\n"
        "barrier 0 0 shfl\nbarrier 1 0 shfl\n"
        "read 1 1 3 1\n"
        "store 1 1 3 1 2 2 3 0 3 1\n"
        "barrier 0 1 end shuffle up d=1\nbarrier 1 1 end shuffle up d=1\n"
        "output 0 1\noutput 1 2\n";
    AssembledTrace a = assemble(text, 2, 2);
    ASSERT_EQ(a.error, "");
    ASSERT_EQ(a.trace.steps.size(), 1u);
    EXPECT_EQ(a.trace.steps[0].label, "shuffle up d=1");
    EXPECT_EQ(a.trace.steps[0].barrier, barrier_name(BarrierKind::ShflSync));
    EXPECT_EQ(a.trace.layout.regions[0].space, Space::Registers);
    EXPECT_EQ(a.trace.steps[0].ops.size(), 1u);  // register reads that feed nothing are no Wait
}

TEST(LearnerRecords, BarrierInsideABranch) {
    const std::string text =
        "scanviz-records 1\n"
        "barrier 0 0 syncthreads\nbarrier 0 1 syncthreads\nbarrier 1 0 syncthreads\n"
        "barrier 0 2 end\nbarrier 1 1 end\noutput 0 0\noutput 1 0\n";
    EXPECT_EQ(assemble(text, 2, 2).error,
              "barrier inside a branch: thread 0 passed 2 barriers, thread 1 passed 1");
}

TEST(LearnerRecords, RecordsThatDoNotHoldTogether) {
    const std::string head = "scanviz-records 1\nregion 1 shared 2 4 0 s\n";
    EXPECT_EQ(assemble(head + "read 0 3 1 0\n", 2, 2).error,
              "records: thread 0 is at step 0, a record says step 3");
    EXPECT_EQ(assemble(head + "read 5 0 1 0\n", 2, 2).error, "records: thread 5 in a block of 2");
    EXPECT_EQ(assemble(head + "output 0 1\n", 2, 2).error, "the kernel wrote no out[1]");
    EXPECT_EQ(assemble(head + "error the kernel wrote no output\n", 2, 2).error,
              "the kernel wrote no output");
}

// A run's failure line, as the engines' programs write it, in the reader's language: the same
// bytes in English, the values kept in Chinese; a line of no known shape stays as it is.
TEST(LearnerRecords, AFailureLineIsShownInTheReadersLanguage) {
    using scanviz::kernel_error_shown;
    namespace i18n = scanviz::i18n;
    const std::vector<std::string> lines = {
        "out-of-bounds store: thread 5 wrote s[64] (size 64)",
        "out-of-bounds read: thread 31 read s[-1] (size 64)",
        "out-of-bounds store: the kernel wrote out[70] (n = 64; a check `if (i < n)` is missing?)",
        "the kernel wrote no output",
        "the kernel failed on the GPU in launch 3: CUDA_ERROR_ILLEGAL_ADDRESS",
        "the kernel failed on the GPU: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access",
        "the trace filled its buffer (1048577 records, room for 1048576): scan fewer elements",
    };
    for (const std::string& line : lines) EXPECT_EQ(kernel_error_shown(line), line);
    EXPECT_EQ(kernel_error_shown("kernel.cu(3): error: expected a ';'"), "kernel.cu(3): error: expected a ';'");
    EXPECT_EQ(kernel_error_shown("out-of-bounds store: thread x wrote s[1] (size 2)"),
              "out-of-bounds store: thread x wrote s[1] (size 2)") << "not a number: not the shape";

    ASSERT_EQ(i18n::set_language(i18n::Language::Zh), "");
    EXPECT_EQ(kernel_error_shown(lines[0]), "越界写入：线程 5 写了 s[64]（大小为 64）");
    EXPECT_EQ(kernel_error_shown(lines[1]), "越界读取：线程 31 读了 s[-1]（大小为 64）");
    EXPECT_EQ(kernel_error_shown(lines[4]), "内核在 GPU 上第 3 次启动时失败：CUDA_ERROR_ILLEGAL_ADDRESS");
    EXPECT_EQ(kernel_error_shown(lines[5]), "内核在 GPU 上失败：CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access");
    EXPECT_EQ(kernel_error_shown("kernel.cu(3): error: expected a ';'"), "kernel.cu(3): error: expected a ';'");
    i18n::set_language(i18n::Language::En);
}
