#include "core/analysis/hazard.hpp"

#include <algorithm>

namespace scanviz {

std::string_view to_string(HazardKind k) {
    switch (k) {
        case HazardKind::RAW:
            return "RAW";
        case HazardKind::WAR:
            return "WAR";
        case HazardKind::WAW:
            return "WAW";
    }
    return "?";
}

std::vector<int> hazard_edges_of(const DependencyGraph& graph, const Trace& trace, const std::vector<Hazard>& hazards) {
    std::vector<int> out;
    for (const Hazard& h : hazards) {
        const Access& a = h.read;
        if (a.step < 0 || a.step >= static_cast<int>(trace.steps.size())) continue;
        const auto& ops = trace.steps[static_cast<size_t>(a.step)].ops;
        if (a.op < 0 || a.op >= static_cast<int>(ops.size())) continue;
        const Operation& op = ops[static_cast<size_t>(a.op)];
        if (h.kind == HazardKind::WAW) {
            // The value that must land last: every edge into it.
            const int node = graph.node_at(h.write.step, h.slot);
            if (node >= 0)
                for (int e : graph.in_edges(node)) out.push_back(e);
            continue;
        }
        for (int w : op.writes) {
            const int node = graph.node_at(a.step, w);
            if (node < 0) continue;
            for (int e : graph.in_edges(node)) {
                const DiagramEdge& de = graph.edges()[static_cast<size_t>(e)];
                if (de.thread == a.thread && de.operand == a.index) out.push_back(e);
            }
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace scanviz
