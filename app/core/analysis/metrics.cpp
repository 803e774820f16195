#include "core/analysis/metrics.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

namespace scanviz {
namespace {

// Word address of every slot (-1 where the slot is not in shared memory).
std::vector<int> shared_words(const Layout& layout) {
    std::vector<int> words(static_cast<size_t>(std::max(layout.slots, 0)), -1);
    for (const Region& r : layout.regions) {
        if (r.space != Space::Shared) continue;
        for (int i = 0; i < r.count; ++i) {
            const int slot = r.first_slot + i;
            if (slot < 0 || slot >= layout.slots) continue;
            const int64_t byte = int64_t{r.byte_offset} + int64_t{i} * r.elem_bytes;
            words[slot] = static_cast<int>(byte / kBankWordBytes);
        }
    }
    return words;
}

void check_slot(const Trace& trace, int step, int slot) {
    if (slot < 0 || slot >= trace.layout.slots)
        throw std::invalid_argument("step " + std::to_string(step) + ": slot " + std::to_string(slot) +
                                    " is outside the layout (" + std::to_string(trace.layout.slots) +
                                    " slots)");
}

// Depth of every slot through the steps, with the step semantics of trace.hpp:
// a thread reads its own writes of this step, other threads' values from the
// start of the step. Calls on_step(step index, depths after it, deepest write).
template <typename OnStep>
void walk_depths(const Trace& trace, OnStep on_step) {
    const int slots = trace.layout.slots;
    std::vector<int> cur(static_cast<size_t>(slots), 0);
    std::vector<int> snap;
    std::vector<int> writer(static_cast<size_t>(slots), -1);
    for (size_t s = 0; s < trace.steps.size(); ++s) {
        const Step& step = trace.steps[s];
        snap = cur;
        std::fill(writer.begin(), writer.end(), -1);
        int deepest = 0;
        auto depth_read = [&](int thread, int slot) {
            return writer[slot] == thread ? cur[slot] : snap[slot];
        };
        auto write = [&](int thread, int slot, int d) {
            cur[slot] = d;
            writer[slot] = thread;
            deepest = std::max(deepest, d);
        };
        for (const Operation& op : step.ops) {
            for (int r : op.reads) check_slot(trace, static_cast<int>(s), r);
            for (int w : op.writes) check_slot(trace, static_cast<int>(s), w);
            if (op.kind == OpKind::Swap && op.reads.size() == 2 && op.writes.size() == 2) {
                // s[a] = old s[b]; s[b] = op(old s[a], old s[b])
                const int da = depth_read(op.thread, op.reads[0]);
                const int db = depth_read(op.thread, op.reads[1]);
                write(op.thread, op.writes[0], db);
                write(op.thread, op.writes[1], std::max(da, db) + op.depth);
                continue;
            }
            // Generic: every written slot depends on every slot read, plus what the op adds.
            int d = 0;
            for (int r : op.reads) d = std::max(d, depth_read(op.thread, r));
            for (int w : op.writes) write(op.thread, w, d + op.depth);
        }
        on_step(s, cur, deepest);
    }
}

}  // namespace

int active_count(const std::vector<uint32_t>& mask) {
    int n = 0;
    for (uint32_t w : mask) n += std::popcount(w);
    return n;
}

int shared_word_of_slot(const Layout& layout, int slot) {
    if (slot < 0 || slot >= layout.slots) return -1;
    for (const Region& r : layout.regions) {
        if (r.space != Space::Shared) continue;
        if (slot >= r.first_slot && slot < r.first_slot + r.count) {
            const int64_t byte = int64_t{r.byte_offset} + int64_t{slot - r.first_slot} * r.elem_bytes;
            return static_cast<int>(byte / kBankWordBytes);
        }
    }
    return -1;
}

int bank_of_slot(const Layout& layout, int slot) {
    const int word = shared_word_of_slot(layout, slot);
    return word < 0 ? -1 : word % kSharedBanks;
}

int conflict_degree(const std::vector<SharedAccess>& accesses) {
    std::set<int> words_per_bank[kSharedBanks];
    for (const SharedAccess& a : accesses) words_per_bank[a.bank].insert(a.word);
    int degree = 1;
    for (const auto& words : words_per_bank) degree = std::max(degree, static_cast<int>(words.size()));
    return degree;
}

namespace {

std::vector<SharedAccessGroup> groups_of_step(const Trace& trace, int step_index,
                                              const std::vector<int>& words) {
    const Step& step = trace.steps[static_cast<size_t>(step_index)];
    // (is_write, warp, index) -> group; reads sort before writes.
    std::map<std::tuple<bool, int, int>, SharedAccessGroup> groups;
    std::map<int, int> reads_done, writes_done;  // per thread: shared accesses so far in this step
    auto add = [&](int thread, int slot, bool is_write) {
        check_slot(trace, step_index, slot);
        const int word = words[slot];
        if (word < 0 || thread < 0) return;
        int& k = is_write ? writes_done[thread] : reads_done[thread];
        const int warp = thread / kWarpThreads;
        SharedAccessGroup& g = groups[{is_write, warp, k}];
        g.warp = warp;
        g.is_write = is_write;
        g.index = k;
        g.accesses.push_back(SharedAccess{thread, slot, word, word % kSharedBanks});
        ++k;
    };
    for (const Operation& op : step.ops) {
        for (int r : op.reads) add(op.thread, r, false);
        for (int w : op.writes) add(op.thread, w, true);
    }
    std::vector<SharedAccessGroup> out;
    out.reserve(groups.size());
    for (auto& [key, g] : groups) {
        std::sort(g.accesses.begin(), g.accesses.end(),
                  [](const SharedAccess& a, const SharedAccess& b) { return a.thread < b.thread; });
        g.degree = conflict_degree(g.accesses);
        out.push_back(std::move(g));
    }
    return out;
}

}  // namespace

std::vector<SharedAccessGroup> shared_access_groups(const Trace& trace, int step) {
    if (step < 0 || step >= static_cast<int>(trace.steps.size()))
        throw std::out_of_range("step " + std::to_string(step) + " is outside the trace (" +
                                std::to_string(trace.steps.size()) + " steps)");
    return groups_of_step(trace, step, shared_words(trace.layout));
}

std::vector<std::vector<int>> slot_depths(const Trace& trace) {
    std::vector<std::vector<int>> depths;
    depths.reserve(trace.steps.size());
    walk_depths(trace, [&](size_t, const std::vector<int>& cur, int) { depths.push_back(cur); });
    return depths;
}

Metrics compute_metrics(const Trace& trace) {
    Metrics m;
    m.steps = static_cast<int>(trace.steps.size());
    m.sequential_work = trace.spec.n > 1 ? trace.spec.n - 1 : 0;
    m.per_step.resize(trace.steps.size());
    m.final_depth.assign(static_cast<size_t>(std::max(trace.layout.slots, 0)), 0);

    int span = 0;
    walk_depths(trace, [&](size_t s, const std::vector<int>& cur, int deepest) {
        span = std::max(span, deepest);
        m.per_step[s].span_so_far = span;
        if (s + 1 == trace.steps.size()) m.final_depth = cur;
    });
    m.span = span;

    const std::vector<int> words = shared_words(trace.layout);
    for (size_t s = 0; s < trace.steps.size(); ++s) {
        const Step& step = trace.steps[s];
        StepMetrics& sm = m.per_step[s];
        sm.ops = static_cast<int>(step.ops.size());
        sm.active_lanes = active_count(step.active_mask);
        for (const Operation& op : step.ops) {
            sm.work += op.applications;
            for (int r : op.reads) sm.shared_reads += words[r] >= 0;
            for (int w : op.writes) sm.shared_writes += words[w] >= 0;
        }
        for (const SharedAccessGroup& g : groups_of_step(trace, static_cast<int>(s), words)) {
            sm.max_conflict_degree = std::max(sm.max_conflict_degree, g.degree);
            sm.conflicted_groups += g.degree > 1;
            sm.bank_cycles += g.degree;
        }
        m.work += sm.work;
        m.max_conflict_degree = std::max(m.max_conflict_degree, sm.max_conflict_degree);
    }
    return m;
}

}  // namespace scanviz
