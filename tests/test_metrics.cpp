// Metrics computed from hand-built traces whose work, span and bank conflicts
// are known, and from the finished warp_conditional model (closed forms).
#include <gtest/gtest.h>

#include "core/analysis/metrics.hpp"
#include "core/models/trace_builder.hpp"
#include "core/models/variants.hpp"

using namespace scanviz;

namespace {

RunSpec spec_n(int n) {
    RunSpec s;
    s.variant = "hand_built";
    s.n = n;
    s.input = InputKind::Ones;
    return s;
}

// One step in which each of 32 threads loads shared slot slot_of(t) into its register.
template <typename SlotOf>
Trace one_load_step(int shared_slots, SlotOf slot_of, int byte_offset = 0, int elem_bytes = 4) {
    TraceBuilder b(spec_n(32), 32);
    const int s = b.add_region("s", Space::Shared, shared_slots, byte_offset, 32, elem_bytes);
    const int r = b.add_region("x (register)", Space::Registers, 32);
    b.begin_step("load", -1, BarrierKind::SyncWarp);
    for (int t = 0; t < 32; ++t) b.copy(t, r + t, s + slot_of(t));
    b.end_step();
    return b.finish({});
}

}  // namespace

TEST(Banks, StrideOneIsConflictFree) {
    Trace t = one_load_step(32, [](int lane) { return lane; });
    Metrics m = compute_metrics(t);
    ASSERT_EQ(m.per_step.size(), 1u);
    EXPECT_EQ(m.per_step[0].max_conflict_degree, 1);
    EXPECT_EQ(m.per_step[0].shared_reads, 32);
    EXPECT_EQ(m.per_step[0].shared_writes, 0);  // the writes go to registers
    auto groups = shared_access_groups(t, 0);
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_FALSE(groups[0].is_write);
    ASSERT_EQ(groups[0].accesses.size(), 32u);
    for (int lane = 0; lane < 32; ++lane) EXPECT_EQ(groups[0].accesses[lane].bank, lane);
}

TEST(Banks, StrideThirtyTwoWordsIsDegreeThirtyTwo) {
    Trace t = one_load_step(32 * 32, [](int lane) { return lane * 32; });
    Metrics m = compute_metrics(t);
    EXPECT_EQ(m.per_step[0].max_conflict_degree, 32);
    EXPECT_EQ(m.max_conflict_degree, 32);
    EXPECT_EQ(m.per_step[0].conflicted_groups, 1);
    const auto groups = shared_access_groups(t, 0);
    ASSERT_EQ(groups.size(), 1u);
    for (const auto& a : groups[0].accesses) EXPECT_EQ(a.bank, 0);
}

TEST(Banks, StrideTwoIsDegreeTwo) {
    Trace t = one_load_step(64, [](int lane) { return lane * 2; });
    EXPECT_EQ(compute_metrics(t).per_step[0].max_conflict_degree, 2);
}

TEST(Banks, SameWordIsABroadcast) {
    Trace t = one_load_step(32, [](int) { return 5; });
    EXPECT_EQ(compute_metrics(t).per_step[0].max_conflict_degree, 1);
}

TEST(Banks, PaddingOneWordPerThirtyTwoRemovesTheConflict) {
    // GPU Gems 3 ch. 39: index + index / 32 spreads a stride-32 access over all banks.
    Trace t = one_load_step(33 * 32, [](int lane) { return lane * 32 + lane; });
    EXPECT_EQ(compute_metrics(t).per_step[0].max_conflict_degree, 1);
}

TEST(Banks, ByteOffsetAndElementSizeDecideTheBank) {
    Layout l;
    l.regions.push_back(Region{"a", Space::Shared, 0, 4, 8, 4, 0});
    l.regions.push_back(Region{"b", Space::Shared, 4, 4, 0, 8, 0});
    l.regions.push_back(Region{"x", Space::Registers, 8, 4, 0, 4, 0});
    l.slots = 12;
    EXPECT_EQ(bank_of_slot(l, 0), 2);  // byte 8
    EXPECT_EQ(bank_of_slot(l, 3), 5);  // byte 20
    EXPECT_EQ(bank_of_slot(l, 5), 2);  // region b: byte 8 / 4
    EXPECT_EQ(shared_word_of_slot(l, 7), 6);
    EXPECT_EQ(bank_of_slot(l, 9), -1);   // a register has no bank
    EXPECT_EQ(bank_of_slot(l, 12), -1);  // outside the layout
    // 8-byte elements, 16 lanes: words 0, 2, 4, ... 30, then 32 wraps onto bank 0.
    std::vector<SharedAccess> acc;
    for (int lane = 0; lane < 17; ++lane) acc.push_back(SharedAccess{lane, lane, 2 * lane, (2 * lane) % 32});
    EXPECT_EQ(conflict_degree(acc), 2);
}

TEST(Banks, KthAccessOfEachThreadFormsOneGroupPerWarp) {
    // 64 threads, each reads two slots: 2 warps x 2 read groups + writes.
    TraceBuilder b(spec_n(64), 64);
    const int s = b.add_region("s", Space::Shared, 64 * 2);
    b.begin_step("combine", -1, BarrierKind::SyncThreads);
    // First read: stride 1 (conflict-free); second read: stride 2 (degree 2).
    for (int t = 0; t < 64; ++t) b.combine(t, s + 64 + t, s + t, s + 2 * (t % 32));
    b.end_step();
    Trace tr = b.finish({});
    auto groups = shared_access_groups(tr, 0);
    ASSERT_EQ(groups.size(), 6u);  // reads k=0,1 for warps 0,1; writes k=0 for warps 0,1
    int read_groups = 0, write_groups = 0, max_read_degree = 0;
    for (const auto& g : groups) {
        EXPECT_EQ(g.accesses.size(), 32u);
        if (g.is_write) {
            ++write_groups;
            EXPECT_EQ(g.degree, 1);
        } else {
            ++read_groups;
            EXPECT_EQ(g.degree, g.index == 0 ? 1 : 2) << "warp " << g.warp << " read " << g.index;
            max_read_degree = std::max(max_read_degree, g.degree);
        }
    }
    EXPECT_EQ(read_groups, 4);
    EXPECT_EQ(write_groups, 2);
    Metrics m = compute_metrics(tr);
    EXPECT_EQ(m.per_step[0].max_conflict_degree, 2);
    EXPECT_EQ(m.per_step[0].bank_cycles, 1 + 2 + 1 + 2 + 1 + 1);
    EXPECT_THROW(shared_access_groups(tr, 1), std::out_of_range);
}

TEST(Span, OtherThreadsWritesAreSeenOnlyAfterTheStep) {
    TraceBuilder b(spec_n(4), 4);
    const int s = b.add_region("s", Space::Shared, 4);
    b.begin_step("one step", -1, BarrierKind::SyncThreads);
    b.combine(1, s + 1, s + 0, s + 1);  // depth 1
    b.combine(2, s + 2, s + 1, s + 2);  // reads the OLD s[1]: depth 1, not 2
    b.end_step();
    Metrics m = compute_metrics(b.finish({}));
    EXPECT_EQ(m.work, 2);
    EXPECT_EQ(m.span, 1);
    EXPECT_EQ(m.final_depth[2], 1);
}

TEST(Span, ATreadSeesItsOwnWritesInTheStep) {
    TraceBuilder b(spec_n(4), 4);
    const int s = b.add_region("s", Space::Shared, 4);
    b.begin_step("one step", -1, BarrierKind::SyncThreads);
    b.combine(0, s + 1, s + 0, s + 1);
    b.combine(0, s + 2, s + 1, s + 2);  // its own s[1]: depth 2
    b.combine(0, s + 3, s + 2, s + 3);  // depth 3
    b.end_step();
    Metrics m = compute_metrics(b.finish({}));
    EXPECT_EQ(m.work, 3);
    EXPECT_EQ(m.span, 3);
    EXPECT_EQ(m.steps, 1);
    EXPECT_EQ(m.per_step[0].active_lanes, 1);
}

TEST(Span, ChainsAcrossStepsCopiesAddNothingSwapFollowsBlelloch) {
    TraceBuilder b(spec_n(8), 8);
    const int s = b.add_region("s", Space::Shared, 8);
    b.begin_step("a", -1, BarrierKind::SyncThreads);
    b.combine(1, s + 1, s + 0, s + 1);  // d(1) = 1
    b.end_step();
    b.begin_step("b", -1, BarrierKind::SyncThreads);
    b.combine(2, s + 2, s + 1, s + 2);  // d(2) = 2
    b.copy(5, s + 5, s + 1);            // d(5) = 1 (a move)
    b.end_step();
    b.begin_step("c", -1, BarrierKind::SyncThreads);
    b.swap_combine(3, s + 3, s + 2);  // new s3 = old s2 (2); new s2 = op(s3, s2) (3)
    b.end_step();
    b.begin_step("d", -1, BarrierKind::SyncThreads);
    b.reduce(0, s + 7, {s + 2, s + 5, s + 6}, 2, 2);  // max(3,1,0) + 2 = 5
    b.end_step();
    Trace t = b.finish({});
    Metrics m = compute_metrics(t);
    EXPECT_EQ(m.work, 1 + 1 + 1 + 2);
    EXPECT_EQ(m.final_depth[s + 1], 1);
    EXPECT_EQ(m.final_depth[s + 5], 1);
    EXPECT_EQ(m.final_depth[s + 3], 2);
    EXPECT_EQ(m.final_depth[s + 2], 3);
    EXPECT_EQ(m.final_depth[s + 7], 5);
    EXPECT_EQ(m.span, 5);
    ASSERT_EQ(m.per_step.size(), 4u);
    EXPECT_EQ(m.per_step[0].span_so_far, 1);
    EXPECT_EQ(m.per_step[1].span_so_far, 2);
    EXPECT_EQ(m.per_step[2].span_so_far, 3);
    EXPECT_EQ(m.per_step[3].span_so_far, 5);
    EXPECT_EQ(m.per_step[1].work, 1);
    EXPECT_EQ(m.per_step[1].active_lanes, 2);
    EXPECT_EQ(m.sequential_work, 7);
    auto depths = slot_depths(t);
    ASSERT_EQ(depths.size(), 4u);
    EXPECT_EQ(depths[0][s + 1], 1);
    EXPECT_EQ(depths[0][s + 2], 0);
}

TEST(Span, UnknownKindsDependOnAllReads) {
    Trace t;
    t.spec = spec_n(3);
    t.threads = 1;
    t.layout.regions.push_back(Region{"tiles", Space::Tiles, 0, 3, 0, 4, 0});
    t.layout.slots = 3;
    t.layout.padding.assign(3, 0);
    t.initial_state.assign(3, 0.0);
    Step st;
    st.active_mask = make_mask(1);
    st.ops.push_back(Operation{0, static_cast<OpKind>(200), {0, 1}, {2}, 4, 3});
    st.state.assign(3, 0.0);
    t.steps.push_back(st);
    Metrics m = compute_metrics(t);
    EXPECT_EQ(m.work, 4);
    EXPECT_EQ(m.span, 3);
    EXPECT_EQ(m.max_conflict_degree, 1);  // tiles have no banks
}

TEST(Span, SlotOutsideTheLayoutThrows) {
    Trace t;
    t.spec = spec_n(2);
    t.threads = 1;
    t.layout.slots = 2;
    t.layout.padding.assign(2, 0);
    Step st;
    st.active_mask = make_mask(1);
    st.ops.push_back(Operation{0, OpKind::Combine, {0, 7}, {1}, 1, 1});
    t.steps.push_back(st);
    EXPECT_THROW(compute_metrics(t), std::invalid_argument);
}

TEST(ClosedForms, KoggeStoneWarpIsFiveStepsOfSpanWithWorkOneTwentyNine) {
    RunSpec spec;
    spec.variant = "warp_conditional";
    spec.n = 32;
    Trace t = run_model(spec);
    Metrics m = compute_metrics(t);
    EXPECT_EQ(m.span, 5);
    EXPECT_EQ(m.steps, 5);
    // sum over d = 1, 2, 4, 8, 16 of (32 - d) lanes that have a partner
    EXPECT_EQ(m.work, 31 + 30 + 28 + 24 + 16);
    EXPECT_EQ(m.sequential_work, 31);
    const int lanes[] = {31, 30, 28, 24, 16};
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(m.per_step[i].active_lanes, lanes[i]);
        EXPECT_EQ(m.per_step[i].span_so_far, i + 1);
        EXPECT_EQ(m.per_step[i].max_conflict_degree, 1);  // stride-1 reads and writes
    }
    // The last lane's value depends on a chain of 5 operator applications.
    EXPECT_EQ(m.final_depth[31], 5);
    EXPECT_EQ(m.final_depth[0], 0);
}

TEST(ClosedForms, ExclusiveShiftAddsAStepButNoSpan) {
    RunSpec spec;
    spec.variant = "warp_conditional";
    spec.n = 32;
    spec.exclusive = true;
    Metrics m = compute_metrics(run_model(spec));
    EXPECT_EQ(m.steps, 6);
    EXPECT_EQ(m.span, 5);
    EXPECT_EQ(m.per_step[5].work, 0);
    EXPECT_EQ(m.per_step[5].active_lanes, 32);
}
