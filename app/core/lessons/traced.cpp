#include "traced.hpp"

#include <algorithm>
#include <set>

#include "core/models/variants.hpp"
#include "measured.hpp"

namespace scanviz::lessons::detail {

// The input cells the selected cell depends on, numbered as the views number
// them. They are the cone's leaves: initial values, or values a step loaded
// without reading another slot (a kernel that loads its input in its first step).
Value cone_cells(const Quantity& q, const StepData& d) {
    if (d.select_slot < 0) return fail(q.kind + " needs a selected cell (select = STEP SLOT)");
    const Trace& t = *d.trace;
    std::vector<int> inputs;
    for (int node : d.graph->cone(d.select_step, d.select_slot))
        if (d.graph->in_edges(node).empty()) inputs.push_back(d.graph->node(node).slot);
    std::set<int> cells;
    const Region* region = nullptr;
    for (int slot : inputs) {
        if (slot < static_cast<int>(t.layout.padding.size()) && t.layout.padding[static_cast<size_t>(slot)])
            continue;
        const Region* r = nullptr;
        for (const auto& reg : t.layout.regions)
            if (slot >= reg.first_slot && slot < reg.first_slot + reg.count) r = &reg;
        if (!r) continue;
        if (region && region != r)
            return fail("the selected cell's inputs lie in more than one region (" + region->name + ", " +
                        r->name + "): the cell numbers would be ambiguous");
        region = r;
        cells.insert(slot - r->first_slot);
    }
    if (cells.empty()) return fail("the selected cell depends on no input cell");
    Value v;
    v.ok = true;
    v.kind = ValueKind::Cells;
    v.cells.assign(cells.begin(), cells.end());
    return v;
}

// The value a cell holds after the step shown (the initial value before step 1).
Value cell_value(const Quantity& q, const StepData& d) {
    const Trace& t = *d.trace;
    const auto slot = parse_count(q.args[0]);
    if (!slot || *slot >= t.layout.slots)
        return fail(q.kind + ": slot '" + q.args[0] + "' does not exist (0 .. " + std::to_string(t.layout.slots - 1) +
                    ")");
    const auto& state = d.step < 0 ? t.initial_state : t.steps[static_cast<size_t>(d.step)].state;
    if (static_cast<size_t>(*slot) >= state.size()) return fail(q.kind + ": the step holds no value of that slot");
    const bool f32 = t.spec.type == ElemType::F32;
    Value v = number(state[static_cast<size_t>(*slot)], f32 ? 3 : 0);
    if (f32) {
        v.tolerance = 1e-3;
        v.relative = true;
    }
    return v;
}

// How many nodes of the selected value's cone lie in row ROW of the diagram (0: the initial
// values, k: the values step k wrote).
Value cone_row(const Quantity& q, const StepData& d) {
    if (d.select_slot < 0) return fail(q.kind + " needs a selected cell (select = STEP SLOT)");
    const auto row = parse_count(q.args[0]);
    const int steps = static_cast<int>(d.trace->steps.size());
    if (!row || *row > steps)
        return fail(q.kind + ": row '" + q.args[0] + "' is not 0 .. " + std::to_string(steps));
    int count = 0;
    for (int node : d.graph->cone(d.select_step, d.select_slot))
        count += d.graph->node(node).step == static_cast<int>(*row) - 1;
    return number(count);
}

// The longest segment of a segmented run (lane 0 always starts one).
Value longest_segment(const Quantity& q, const StepData& d) {
    const Trace& t = *d.trace;
    if (t.heads.empty()) return fail(q.kind + ": the run on screen is not segmented");
    int longest = 0, current = 0;
    for (size_t i = 0; i < t.heads.size(); ++i) {
        current = (i == 0 || t.heads[i]) ? 1 : current + 1;
        longest = std::max(longest, current);
    }
    return number(longest);
}

// Shared-memory access instructions per warp: the access groups of every step
// (a warp's k-th shared read, or write, of a step is one instruction).
Value shared_accesses_per_warp(const Trace& t) {
    int64_t groups = 0;
    for (int step = 0; step < static_cast<int>(t.steps.size()); ++step)
        groups += static_cast<int64_t>(shared_access_groups(t, step).size());
    const int warps = std::max(1, (t.spec.threads + kWarpThreads - 1) / kWarpThreads);
    const double per_warp = static_cast<double>(groups) / warps;
    Value v = number(per_warp, groups % warps == 0 ? 0 : 1);
    v.tolerance = 0.5;
    return v;
}

// Shared-memory words of the layout (pad words included), or only the pad words.
Value shared_words(bool pads_only, const Trace& t) {
    int64_t words = 0;
    for (const auto& r : t.layout.regions) {
        if (r.space != Space::Shared) continue;
        for (int i = 0; i < r.count; ++i) {
            const size_t slot = static_cast<size_t>(r.first_slot + i);
            const bool pad = slot < t.layout.padding.size() && t.layout.padding[slot];
            if (!pads_only || pad) words += r.elem_bytes;
        }
    }
    return number(static_cast<double>(words / kBankWordBytes));
}

}  // namespace scanviz::lessons::detail
