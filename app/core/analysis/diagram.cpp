#include "core/analysis/diagram.hpp"

#include <algorithm>

namespace scanviz {

std::string_view to_string(EdgeKind k) {
    switch (k) {
        case EdgeKind::Operand:
            return "operand";
        case EdgeKind::Copy:
            return "copy";
        case EdgeKind::SwapMove:
            return "swap move";
        case EdgeKind::SwapCombine:
            return "swap combine";
        case EdgeKind::Tile:
            return "tile";
    }
    return "?";
}

namespace {

// One operand of a value being built in the current step.
struct Source {
    int from;  // node id
    EdgeKind kind;
    int operand;
    int thread;
};

}  // namespace

DependencyGraph::DependencyGraph(const Trace& trace) {
    slots_ = trace.layout.slots;
    steps_ = static_cast<int>(trace.steps.size());
    const size_t slots = static_cast<size_t>(slots_);

    nodes_.reserve(slots * 2);
    for (int s = 0; s < slots_; ++s) nodes_.push_back(DiagramNode{-1, s});
    versions_.resize(slots * (steps_ + 1));
    std::vector<int> current(slots);
    for (int s = 0; s < slots_; ++s) current[s] = versions_[s] = s;

    // Per-step scratch: who wrote a slot in this step, and the operands of the value it holds now.
    std::vector<int> writer(slots, -1);
    std::vector<std::vector<Source>> pending(slots);
    std::vector<int> written;
    std::vector<std::vector<Source>> resolved;  // per read of one operation

    auto in_range = [&](int slot) { return slot >= 0 && slot < slots_; };

    for (int k = 0; k < steps_; ++k) {
        for (int s : written) writer[s] = -1;
        written.clear();
        for (const Operation& op : trace.steps[k].ops) {
            if (op.writes.empty()) continue;  // Wait: a read that decides control flow, no value
            // What each read sees (trace semantics): the thread's own write of this step, else the
            // value at the start of the step. An own write is not a node yet: take its operands.
            resolved.assign(op.reads.size(), {});
            for (size_t i = 0; i < op.reads.size(); ++i) {
                const int r = op.reads[i];
                if (!in_range(r)) continue;
                if (writer[r] == op.thread) {
                    resolved[i] = pending[r];
                } else {
                    resolved[i].push_back(Source{current[r], EdgeKind::Operand, 0, op.thread});
                }
            }
            auto sources_from = [&](size_t read, EdgeKind kind, std::vector<Source>& out) {
                if (read >= resolved.size()) return;
                for (Source src : resolved[read]) {
                    src.kind = kind;
                    src.operand = static_cast<int>(read);
                    src.thread = op.thread;
                    out.push_back(src);
                }
            };
            std::vector<std::vector<Source>> new_sources(op.writes.size());
            for (size_t w = 0; w < op.writes.size(); ++w) {
                auto& out = new_sources[w];
                switch (op.kind) {
                    case OpKind::Combine:
                        for (size_t i = 0; i < op.reads.size(); ++i) sources_from(i, EdgeKind::Operand, out);
                        break;
                    case OpKind::Copy:
                        sources_from(0, EdgeKind::Copy, out);
                        break;
                    case OpKind::Swap:
                        // reads {a, b}, writes {a, b}: a = old b; b = op(old a, old b)
                        if (w == 0) {
                            sources_from(1, EdgeKind::SwapMove, out);
                        } else {
                            sources_from(0, EdgeKind::SwapCombine, out);
                            sources_from(1, EdgeKind::SwapCombine, out);
                        }
                        break;
                    default:
                        for (size_t i = 0; i < op.reads.size(); ++i) sources_from(i, EdgeKind::Tile, out);
                        break;
                }
            }
            for (size_t w = 0; w < op.writes.size(); ++w) {
                const int slot = op.writes[w];
                if (!in_range(slot)) continue;
                if (writer[slot] == -1) written.push_back(slot);
                writer[slot] = op.thread;
                pending[slot] = std::move(new_sources[w]);
            }
        }
        // The values of this step become nodes, in slot order (node ids sorted by step, then slot).
        std::sort(written.begin(), written.end());
        for (int slot : written) {
            const int id = static_cast<int>(nodes_.size());
            nodes_.push_back(DiagramNode{k, slot});
            for (const Source& src : pending[slot])
                edges_.push_back(DiagramEdge{src.from, id, src.kind, src.operand, src.thread});
            pending[slot].clear();
            current[slot] = id;
        }
        std::copy(current.begin(), current.end(), versions_.begin() + (k + 1) * slots);
    }

    // CSR adjacency.
    const size_t n = nodes_.size();
    in_begin_.assign(n + 1, 0);
    out_begin_.assign(n + 1, 0);
    for (const auto& e : edges_) {
        ++in_begin_[e.to + 1];
        ++out_begin_[e.from + 1];
    }
    for (size_t i = 0; i < n; ++i) {
        in_begin_[i + 1] += in_begin_[i];
        out_begin_[i + 1] += out_begin_[i];
    }
    in_ids_.resize(edges_.size());
    out_ids_.resize(edges_.size());
    std::vector<int> in_fill(in_begin_.begin(), in_begin_.end() - 1);
    std::vector<int> out_fill(out_begin_.begin(), out_begin_.end() - 1);
    for (size_t e = 0; e < edges_.size(); ++e) {
        in_ids_[in_fill[edges_[e].to]++] = static_cast<int>(e);
        out_ids_[out_fill[edges_[e].from]++] = static_cast<int>(e);
    }
}

int DependencyGraph::version_at(int step, int slot) const {
    if (step < -1 || step >= steps_ || slot < 0 || slot >= slots_) return -1;
    return versions_[static_cast<size_t>(step + 1) * slots_ + slot];
}

int DependencyGraph::node_at(int step, int slot) const {
    const int v = version_at(step, slot);
    return v >= 0 && nodes_[v].step == step ? v : -1;
}

std::span<const int> DependencyGraph::in_edges(int node) const {
    return {in_ids_.data() + in_begin_[node], static_cast<size_t>(in_begin_[node + 1] - in_begin_[node])};
}

std::span<const int> DependencyGraph::out_edges(int node) const {
    return {out_ids_.data() + out_begin_[node], static_cast<size_t>(out_begin_[node + 1] - out_begin_[node])};
}

std::vector<int> DependencyGraph::walk(int start, bool forward) const {
    std::vector<int> result;
    if (start < 0 || start >= static_cast<int>(nodes_.size())) return result;
    std::vector<uint8_t> seen(nodes_.size(), 0);
    seen[start] = 1;
    result.push_back(start);
    for (size_t i = 0; i < result.size(); ++i) {
        const int node = result[i];
        for (int e : forward ? out_edges(node) : in_edges(node)) {
            const int next = forward ? edges_[e].to : edges_[e].from;
            if (!seen[next]) {
                seen[next] = 1;
                result.push_back(next);
            }
        }
    }
    std::sort(result.begin(), result.end());
    return result;
}

std::vector<int> DependencyGraph::cone_of(int node) const { return walk(node, false); }
std::vector<int> DependencyGraph::reach_of(int node) const { return walk(node, true); }
std::vector<int> DependencyGraph::cone(int step, int slot) const {
    return walk(version_at(step, slot), false);
}
std::vector<int> DependencyGraph::reach(int step, int slot) const {
    return walk(version_at(step, slot), true);
}

std::vector<int> DependencyGraph::cone_inputs(int step, int slot) const {
    std::vector<int> slots;
    for (int id : cone(step, slot))
        if (nodes_[id].step == -1) slots.push_back(nodes_[id].slot);
    return slots;
}

std::vector<int> DependencyGraph::reach_outputs(int step, int slot) const {
    std::vector<int> slots;
    for (int id : reach(step, slot))
        if (version_at(steps_ - 1, nodes_[id].slot) == id) slots.push_back(nodes_[id].slot);
    std::sort(slots.begin(), slots.end());
    return slots;
}

}  // namespace scanviz
