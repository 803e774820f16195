#include "core/race/placed_hazards.hpp"

#include <algorithm>
#include <set>
#include <utility>

namespace scanviz {
namespace {

using Touches = std::set<std::pair<int, int>>;  // (thread, slot)

bool shared_slot(const Trace& t, int slot) {
    for (const Region& r : t.layout.regions)
        if (slot >= r.first_slot && slot < r.first_slot + r.count) return r.space == Space::Shared;
    return false;
}

// The stores into shared slots of one step, by thread.
Touches stores_of(const Trace& t, const Step& s) {
    Touches out;
    for (const Operation& op : s.ops)
        for (int w : op.writes)
            if (shared_slot(t, w)) out.insert({op.thread, w});
    return out;
}

bool real_barrier(const std::string& b) {
    return b == barrier_name(BarrierKind::SyncThreads) || b == barrier_name(BarrierKind::SyncWarp);
}

}  // namespace

std::vector<int> shown_steps_of(const Trace& shown, const Trace& accesses) {
    const int raw = static_cast<int>(accesses.steps.size());
    const int steps = static_cast<int>(shown.steps.size());
    std::vector<Touches> raw_stores(static_cast<size_t>(raw));
    for (int k = 0; k < raw; ++k) raw_stores[static_cast<size_t>(k)] = stores_of(accesses, accesses.steps[static_cast<size_t>(k)]);
    // ends[i]: the raw step that ends shown step i (its stores and its state are that step's).
    std::vector<int> ends(static_cast<size_t>(steps), -1);
    int last = -1;
    for (int i = 0; i < steps; ++i) {
        const Step& s = shown.steps[static_cast<size_t>(i)];
        const Touches want = stores_of(shown, s);
        int found = -1;
        for (int k = last + 1; k < raw && found < 0; ++k) {
            const Step& a = accesses.steps[static_cast<size_t>(k)];
            if (raw_stores[static_cast<size_t>(k)] == want && a.state == s.state) found = k;
        }
        ends[static_cast<size_t>(i)] = found >= 0 ? found : std::min(last + 1, raw - 1);
        last = ends[static_cast<size_t>(i)];
    }
    std::vector<int> out(static_cast<size_t>(raw), steps - 1);  // after the last shown step: the last
    int from = 0;
    for (int i = 0; i < steps; ++i) {
        const int end = ends[static_cast<size_t>(i)];
        for (int k = from; k <= end && k < raw; ++k) out[static_cast<size_t>(k)] = i;
        if (i == 0) {
            // Before the first shown step: the load prologue, except a split step's read half
            // (no store, ended by a real barrier) just before it.
            for (int k = from; k < end; ++k) out[static_cast<size_t>(k)] = -1;
            const int before = end - 1;
            if (before >= 0 && raw_stores[static_cast<size_t>(before)].empty() &&
                !accesses.steps[static_cast<size_t>(before)].ops.empty() &&
                real_barrier(accesses.steps[static_cast<size_t>(before)].barrier))
                out[static_cast<size_t>(before)] = 0;
        }
        from = std::max(from, end + 1);
    }
    return out;
}

namespace {

// The access on the trace shown: its step, and the operation of its thread that reads (writes)
// the slot there, with the operand's (the written slot's) index.
Access place(const Trace& shown, const std::vector<int>& steps_of, const Access& a, int slot) {
    Access p = a;
    const int raw = static_cast<int>(steps_of.size());
    p.step = a.step >= 0 && a.step < raw ? steps_of[static_cast<size_t>(a.step)]
                                         : static_cast<int>(shown.steps.size());  // the final store
    p.op = -1;
    p.index = -1;
    if (p.step < 0 || p.step >= static_cast<int>(shown.steps.size())) return p;
    const auto& ops = shown.steps[static_cast<size_t>(p.step)].ops;
    for (size_t o = 0; o < ops.size() && p.op < 0; ++o) {
        if (ops[o].thread != a.thread) continue;
        const auto& list = a.write ? ops[o].writes : ops[o].reads;
        const auto it = std::find(list.begin(), list.end(), slot);
        if (it == list.end()) continue;
        p.op = static_cast<int>(o);
        p.index = static_cast<int>(it - list.begin());
    }
    return p;
}

}  // namespace

PlacedHazards place_hazards(const Trace& shown, const Trace& accesses) {
    PlacedHazards out;
    out.report = analyze_hazards(accesses, RaceWhatIf{});
    const std::vector<int> steps_of = shown_steps_of(shown, accesses);
    for (const Hazard& h : out.report.hazards) {
        Hazard s = h;
        s.read = place(shown, steps_of, h.read, h.slot);
        s.write = place(shown, steps_of, h.write, h.slot);
        out.shown.push_back(s);
    }
    return out;
}

int hazard_step(const Trace& shown, const Hazard& h) {
    const int step = h.kind == HazardKind::WAW ? std::max(h.read.step, h.write.step) : h.read.step;
    return std::clamp(step, -1, static_cast<int>(shown.steps.size()) - 1);
}

}  // namespace scanviz
