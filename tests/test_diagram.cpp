// DependencyGraph: nodes, edges, cone and reach, on real model traces and on small
// hand-made traces that pin down the step semantics of trace.hpp.
#include <gtest/gtest.h>

#include <numeric>

#include "core/analysis/diagram.hpp"
#include "core/models/variants.hpp"
#include "support/spec_cases.hpp"

using namespace scanviz;
using namespace scanviz::test;

namespace {

std::vector<int> range(int first, int last_inclusive) {
    std::vector<int> v;
    for (int i = first; i <= last_inclusive; ++i) v.push_back(i);
    return v;
}

// A trace of `slots` slots with no steps yet; initial values 0..slots-1.
Trace blank(int slots, int threads) {
    Trace t;
    t.threads = threads;
    t.layout.regions.push_back(Region{"s", Space::Shared, 0, slots});
    t.layout.slots = slots;
    t.layout.padding.assign(slots, 0);
    for (int i = 0; i < slots; ++i) t.initial_state.push_back(i);
    return t;
}

Step step_of(std::vector<Operation> ops, int slots) {
    Step s;
    s.phase = s.label = "test";
    s.ops = std::move(ops);
    s.state.assign(slots, 0.0);
    return s;
}

}  // namespace

TEST(DependencyGraph, KoggeStoneConeOfOutputLaneKIsExactlyInputs0ToK) {
    const Trace t = ramp_model("warp_conditional", 32);
    const DependencyGraph g(t);
    const int last = g.steps() - 1;
    ASSERT_EQ(g.steps(), 5);  // d = 1, 2, 4, 8, 16
    for (int k = 0; k < 32; ++k) EXPECT_EQ(g.cone_inputs(last, k), range(0, k)) << "output lane " << k;
}

TEST(DependencyGraph, KoggeStoneReachOfInputKIsOutputsKTo31) {
    const DependencyGraph g(ramp_model("warp_conditional", 32));
    EXPECT_EQ(g.reach_outputs(-1, 0), range(0, 31));
    for (int k = 0; k < 32; ++k) EXPECT_EQ(g.reach_outputs(-1, k), range(k, 31)) << "input " << k;
}

TEST(DependencyGraph, KoggeStoneHasOneNodePerWriteAndTwoOperandEdges) {
    const Trace t = ramp_model("warp_conditional", 32);
    const DependencyGraph g(t);
    // Lanes d..31 combine at each distance d: 31 + 30 + 28 + 24 + 16 values, plus 32 initial ones.
    const int written = 31 + 30 + 28 + 24 + 16;
    EXPECT_EQ(g.nodes().size(), static_cast<size_t>(32 + written));
    EXPECT_EQ(g.edges().size(), static_cast<size_t>(2 * written));
    int d = 1;
    for (int k = 0; k < g.steps(); ++k, d *= 2) {
        for (int lane = 0; lane < 32; ++lane) {
            const int id = g.node_at(k, lane);
            if (lane < d) {
                EXPECT_EQ(id, -1) << "lane " << lane << " has no partner at d=" << d;
                continue;
            }
            ASSERT_GE(id, 0);
            const auto in = g.in_edges(id);
            ASSERT_EQ(in.size(), 2u);
            const DiagramEdge& left = g.edges()[in[0]];
            const DiagramEdge& right = g.edges()[in[1]];
            EXPECT_EQ(left.kind, EdgeKind::Operand);
            EXPECT_EQ(left.operand, 0);
            EXPECT_EQ(g.node(left.from).slot, lane - d);
            EXPECT_EQ(right.operand, 1);
            EXPECT_EQ(g.node(right.from).slot, lane);
            // Each operand is the latest value of its slot before this step.
            EXPECT_EQ(left.from, g.version_at(k - 1, lane - d));
            EXPECT_EQ(right.from, g.version_at(k - 1, lane));
        }
    }
}

TEST(DependencyGraph, ExclusiveShiftMovesTheConeOneLaneRight) {
    const DependencyGraph g(ramp_model("warp_conditional", 32, true));
    const int last = g.steps() - 1;
    EXPECT_TRUE(g.cone_inputs(last, 0).empty());  // the identity depends on no input
    for (int k = 1; k < 32; ++k) EXPECT_EQ(g.cone_inputs(last, k), range(0, k - 1)) << "output lane " << k;
    // Input 31 feeds no exclusive output.
    EXPECT_TRUE(g.reach_outputs(-1, 31).empty());
}

TEST(DependencyGraph, AThreadSeesItsOwnWritesButNotOthersWithinAStep) {
    Trace t = blank(4, 2);
    // Thread 0: s1 = s0 + s1, then s2 = s1 + s2 (sees its own new s1).
    // Thread 1: s3 = s1 (another thread's write of this step: sees the old s1).
    t.steps.push_back(
        step_of({Operation{0, OpKind::Combine, {0, 1}, {1}}, Operation{0, OpKind::Combine, {1, 2}, {2}},
                 Operation{1, OpKind::Copy, {1}, {3}, 0, 0}},
                4));
    const DependencyGraph g(t);
    EXPECT_EQ(g.cone_inputs(0, 1), range(0, 1));
    EXPECT_EQ(g.cone_inputs(0, 2), range(0, 2));
    EXPECT_EQ(g.cone_inputs(0, 3), std::vector<int>{1});
    EXPECT_EQ(g.edges()[g.in_edges(g.node_at(0, 3))[0]].kind, EdgeKind::Copy);
    // The same slot written twice by one thread in a step is one node.
    Trace twice = blank(2, 1);
    twice.steps.push_back(
        step_of({Operation{0, OpKind::Combine, {0, 1}, {1}}, Operation{0, OpKind::Combine, {1, 1}, {1}}}, 2));
    const DependencyGraph g2(twice);
    EXPECT_EQ(g2.nodes().size(), 3u);
    EXPECT_EQ(g2.cone_inputs(0, 1), range(0, 1));
}

TEST(DependencyGraph, SwapGivesTheLeftTheOldRightAndTheRightBoth) {
    Trace t = blank(2, 1);
    t.steps.push_back(step_of({Operation{0, OpKind::Swap, {0, 1}, {0, 1}}}, 2));
    const DependencyGraph g(t);
    EXPECT_EQ(g.cone_inputs(0, 0), std::vector<int>{1});
    EXPECT_EQ(g.cone_inputs(0, 1), range(0, 1));
    const auto into_left = g.in_edges(g.node_at(0, 0));
    ASSERT_EQ(into_left.size(), 1u);
    EXPECT_EQ(g.edges()[into_left[0]].kind, EdgeKind::SwapMove);
    for (int e : g.in_edges(g.node_at(0, 1))) EXPECT_EQ(g.edges()[e].kind, EdgeKind::SwapCombine);
}

TEST(DependencyGraph, WaitMakesNoNodeAndUnwrittenSlotsKeepTheirVersion) {
    Trace t = blank(3, 2);
    t.steps.push_back(step_of({Operation{0, OpKind::Wait, {2}, {}, 0, 0}}, 3));
    t.steps.push_back(step_of({Operation{1, OpKind::Reduce, {0, 1, 2}, {2}, 2, 2}}, 3));
    const DependencyGraph g(t);
    EXPECT_EQ(g.nodes().size(), 4u);
    EXPECT_EQ(g.node_at(0, 2), -1);
    EXPECT_EQ(g.version_at(0, 2), g.node_at(-1, 2));
    EXPECT_EQ(g.cone_inputs(1, 2), range(0, 2));
    EXPECT_EQ(g.edges()[0].kind, EdgeKind::Tile);
    // Cone at a step that did not write the slot: the value it holds then.
    EXPECT_EQ(g.cone(0, 0), std::vector<int>{g.node_at(-1, 0)});
    // Out of range: nothing, never a crash.
    EXPECT_EQ(g.version_at(2, 0), -1);
    EXPECT_EQ(g.version_at(0, 3), -1);
    EXPECT_TRUE(g.cone(5, 0).empty());
    EXPECT_TRUE(g.reach(0, -1).empty());
}

TEST(DependencyGraph, BlellochUpSweepIsABinaryTreeOverContiguousInputs) {
    const int n = 16;
    const Trace t = ramp_model("block_blelloch", n, true);
    const DependencyGraph g(t);
    int level = 0;
    int up_sweep_nodes = 0;
    for (int k = 0; k < g.steps(); ++k) {
        if (t.steps[k].phase != "up-sweep") continue;
        const int span = 2 << level;  // inputs under a node of this level
        int written = 0;
        for (int slot = 0; slot < n; ++slot) {
            const int id = g.node_at(k, slot);
            if (id < 0) continue;
            ++written;
            // Two operands: the left child (slot - span/2) and the right child (the slot itself).
            const auto in = g.in_edges(id);
            ASSERT_EQ(in.size(), 2u);
            EXPECT_EQ(g.node(g.edges()[in[0]].from).slot, slot - span / 2);
            EXPECT_EQ(g.node(g.edges()[in[1]].from).slot, slot);
            EXPECT_EQ(slot % span, span - 1) << "level " << level << " writes the last slot of each span";
            EXPECT_EQ(g.cone_inputs(k, slot), range(slot - span + 1, slot));
        }
        EXPECT_EQ(written, n / span) << "level " << level;
        up_sweep_nodes += written;
        ++level;
    }
    EXPECT_EQ(level, 4);               // log2(16) levels
    EXPECT_EQ(up_sweep_nodes, n - 1);  // a tree over 16 leaves has 15 inner nodes
}

TEST(DependencyGraph, BlellochExclusiveOutputKDependsOnInputs0ToKMinus1) {
    const int n = 64;
    const Trace t = ramp_model("block_blelloch", n, true);
    const DependencyGraph g(t);
    const int last = g.steps() - 1;
    for (int k = 0; k < n; ++k) {
        std::vector<int> inputs = g.cone_inputs(last, k);
        EXPECT_EQ(inputs, k == 0 ? std::vector<int>{} : range(0, k - 1)) << "output " << k;
    }
    // Input 0 feeds every exclusive output but the first (and the tile total kept in a register).
    std::vector<int> fed;
    for (int slot : g.reach_outputs(-1, 0))
        if (slot < n) fed.push_back(slot);
    EXPECT_EQ(fed, range(1, n - 1));
}
