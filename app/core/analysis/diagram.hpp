// DependencyGraph: the dependency diagram of a run, derived from its Trace.
//
// A node is a value: (step, slot) for every slot a step wrote, plus one node per
// slot for the initial state (step -1). An edge goes from the value an operation
// read to the value it wrote. Reads follow the trace semantics (trace.hpp): a
// thread sees its own earlier writes of the same step, other threads' writes of
// the same step only after the step ends. A slot written more than once in one
// step by the same thread is one node (its final value); the earlier write's
// operands become operands of that node.
//
// cone() walks the edges backwards (every value, down to the initial inputs, that a
// value depends on); reach() walks them forwards (every later value it feeds).
// Both are linear in the size of the answer, fine for 4096 slots x 24 steps.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/trace/trace.hpp"

namespace scanviz {

enum class EdgeKind : uint8_t {
    Operand,      // Combine: an operand (left or right) of op(a, b)
    Copy,         // Copy: a move, no operator
    SwapMove,     // Blelloch down-sweep: s[a] = old s[b]
    SwapCombine,  // Blelloch down-sweep: s[b] = op(old s[a], old s[b])
    Tile,         // Reduce / Flag and other tile-granularity operations
};
std::string_view to_string(EdgeKind k);

struct DiagramNode {
    int step = -1;  // -1 = initial state
    int slot = 0;
};

struct DiagramEdge {
    int from = 0;  // node ids
    int to = 0;
    EdgeKind kind = EdgeKind::Operand;
    int operand = 0;  // index of the read in Operation::reads
    int thread = 0;   // thread (lane, tile) that did the operation
};

class DependencyGraph {
public:
    DependencyGraph() = default;
    explicit DependencyGraph(const Trace& trace);

    int steps() const { return steps_; }
    int slots() const { return slots_; }

    const std::vector<DiagramNode>& nodes() const { return nodes_; }
    const std::vector<DiagramEdge>& edges() const { return edges_; }
    const DiagramNode& node(int id) const { return nodes_[id]; }

    // Node of the value step `step` wrote into `slot` (step -1: the initial value);
    // -1 when that step did not write that slot (or out of range).
    int node_at(int step, int slot) const;
    // Node of the value `slot` holds after step `step` (the latest write at or
    // before it; the initial value when none). -1 when out of range.
    int version_at(int step, int slot) const;

    // Ids of the edges into / out of a node.
    std::span<const int> in_edges(int node) const;
    std::span<const int> out_edges(int node) const;

    // Every node the value in `slot` after step `step` depends on, itself included,
    // down to the initial values (step -1). Sorted by node id (so by step, then slot).
    // Empty when (step, slot) is out of range.
    std::vector<int> cone(int step, int slot) const;
    // Every later node the value in `slot` after step `step` feeds, itself included.
    std::vector<int> reach(int step, int slot) const;
    // Node-id versions of the same walks.
    std::vector<int> cone_of(int node) const;
    std::vector<int> reach_of(int node) const;

    // Slots whose initial value (step -1) lies in the cone: the inputs a value depends on.
    std::vector<int> cone_inputs(int step, int slot) const;
    // Slots whose final value (after the last step) lies in the reach: the outputs a value feeds.
    std::vector<int> reach_outputs(int step, int slot) const;

private:
    std::vector<int> walk(int start, bool forward) const;

    int steps_ = 0;
    int slots_ = 0;
    std::vector<DiagramNode> nodes_;
    std::vector<DiagramEdge> edges_;
    // versions_[(step + 1) * slots_ + slot]: node of the value after step (row 0: initial).
    std::vector<int> versions_;
    // CSR adjacency: edge ids into / out of each node.
    std::vector<int> in_begin_, in_ids_, out_begin_, out_ids_;
};

}  // namespace scanviz
