#include "core/trace/compare_computation.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "core/trace/compare.hpp"

namespace scanviz {
namespace {

bool same_value(double a, double b) { return same_trace_value(a, b); }
std::string fmt_value(double v) { return trace_value_text(v); }

// The state at checkpoint c: 0 before the first step, c after step c - 1.
const std::vector<double>& state_at(const Trace& t, int c) {
    return c == 0 ? t.initial_state : t.steps[static_cast<size_t>(c - 1)].state;
}

int checkpoints(const Trace& t) { return static_cast<int>(t.steps.size()) + 1; }

// One trace seen as the elements of its data array (its largest region) and its other regions.
struct View {
    const Trace* t = nullptr;
    int data = -1;               // index of the data region in layout.regions
    std::vector<int> slots;      // the data region's slots that hold data (padding left out), in order
    bool double_buffer = false;  // slots[0, h) and slots[h, 2h) are two buffers of h elements
    int elements = 0;            // elements per buffer
    std::vector<int> half;       // per checkpoint: the buffer that holds the elements (double buffer)

    int slot(int c, int i) const {
        return slots[static_cast<size_t>(double_buffer ? half[static_cast<size_t>(c)] * elements + i : i)];
    }
    double value(int c, int i) const { return state_at(*t, c)[static_cast<size_t>(slot(c, i))]; }
};

bool written_in(const Step& s, int first, int count) {
    for (const Operation& op : s.ops)
        for (int w : op.writes)
            if (w >= first && w < first + count) return true;
    return false;
}

// A region of 2h slots is a double buffer when every step that writes it writes one half only,
// the first such step the upper half (the lower holds the input), and the halves alternate over
// two steps or more (one step that writes the upper half of a warp's array is no double buffer).
View view_of(const Trace& t) {
    View v;
    v.t = &t;
    int best = -1;
    for (size_t r = 0; r < t.layout.regions.size(); ++r) {
        const Region& g = t.layout.regions[r];
        if (g.space != Space::Shared && g.space != Space::Registers) continue;
        int data = 0;
        for (int s = g.first_slot; s < g.first_slot + g.count; ++s)
            if (s >= static_cast<int>(t.layout.padding.size()) || !t.layout.padding[static_cast<size_t>(s)]) ++data;
        // the largest; of two alike, shared memory before registers
        if (data > best || (data == best && g.space == Space::Shared &&
                            t.layout.regions[static_cast<size_t>(v.data)].space != Space::Shared)) {
            best = data;
            v.data = static_cast<int>(r);
        }
    }
    if (v.data < 0) return v;
    const Region& g = t.layout.regions[static_cast<size_t>(v.data)];
    for (int s = g.first_slot; s < g.first_slot + g.count; ++s)
        if (s >= static_cast<int>(t.layout.padding.size()) || !t.layout.padding[static_cast<size_t>(s)])
            v.slots.push_back(s);
    const int n = static_cast<int>(v.slots.size());
    v.elements = n;
    v.half.assign(static_cast<size_t>(checkpoints(t)), 0);
    if (n >= 2 && n % 2 == 0) {
        const int h = n / 2;
        bool ok = true;
        int writing = 0;
        int expect = 1, cur = 0;
        std::vector<int> half(static_cast<size_t>(checkpoints(t)), 0);
        for (size_t s = 0; s < t.steps.size() && ok; ++s) {
            bool lo = false;
            for (int i = 0; i < h && !lo; ++i) lo = written_in(t.steps[s], v.slots[static_cast<size_t>(i)], 1);
            bool hi = false;
            for (int i = h; i < n && !hi; ++i) hi = written_in(t.steps[s], v.slots[static_cast<size_t>(i)], 1);
            if (lo && hi) ok = false;
            else if (lo || hi) {
                const int which = hi ? 1 : 0;
                if (which != expect) ok = false;
                ++writing;
                cur = which;
                expect = 1 - which;
            }
            half[s + 1] = cur;
        }
        if (ok && writing >= 2) {
            v.double_buffer = true;
            v.elements = h;
            v.half = half;
        }
    }
    return v;
}

// Which slots are still read before being written again, after each checkpoint. At the last,
// the data array's elements (the result the kernel leaves).
std::vector<std::vector<uint8_t>> live_slots(const View& v) {
    const Trace& t = *v.t;
    const int cps = checkpoints(t), slots = t.layout.slots;
    std::vector<std::vector<uint8_t>> live(static_cast<size_t>(cps), std::vector<uint8_t>(static_cast<size_t>(slots), 0));
    for (int i = 0; i < v.elements; ++i) live[static_cast<size_t>(cps - 1)][static_cast<size_t>(v.slot(cps - 1, i))] = 1;
    for (int c = cps - 2; c >= 0; --c) {
        const Step& st = t.steps[static_cast<size_t>(c)];
        std::vector<uint8_t> read_first(static_cast<size_t>(slots), 0), written(static_cast<size_t>(slots), 0);
        // ops are listed by thread, each thread's in program order
        size_t i = 0;
        while (i < st.ops.size()) {
            const int thread = st.ops[i].thread;
            std::set<int> own;
            for (; i < st.ops.size() && st.ops[i].thread == thread; ++i) {
                for (int r : st.ops[i].reads)
                    if (r >= 0 && r < slots && !own.count(r)) read_first[static_cast<size_t>(r)] = 1;
                for (int w : st.ops[i].writes)
                    if (w >= 0 && w < slots) {
                        own.insert(w);
                        written[static_cast<size_t>(w)] = 1;
                    }
            }
        }
        for (int s = 0; s < slots; ++s)
            live[static_cast<size_t>(c)][static_cast<size_t>(s)] =
                read_first[static_cast<size_t>(s)] ||
                (!written[static_cast<size_t>(s)] && live[static_cast<size_t>(c + 1)][static_cast<size_t>(s)]);
    }
    return live;
}

// The other regions: a model region and the learner region of the same size, in order.
struct Pairing {
    std::vector<std::pair<int, int>> pairs;  // (model region, learner region)
    std::vector<int> model_alone;            // model regions with no learner region of their size
};

Pairing pair_regions(const View& m, const View& y) {
    Pairing p;
    std::vector<uint8_t> taken(y.t->layout.regions.size(), 0);
    for (size_t r = 0; r < m.t->layout.regions.size(); ++r) {
        if (static_cast<int>(r) == m.data) continue;
        const Region& g = m.t->layout.regions[r];
        if (g.space != Space::Shared && g.space != Space::Registers) continue;
        int found = -1;
        for (size_t q = 0; q < y.t->layout.regions.size() && found < 0; ++q)
            if (static_cast<int>(q) != y.data && !taken[q] && y.t->layout.regions[q].count == g.count)
                found = static_cast<int>(q);
        if (found >= 0) {
            taken[static_cast<size_t>(found)] = 1;
            p.pairs.emplace_back(static_cast<int>(r), found);
        } else {
            p.model_alone.push_back(static_cast<int>(r));
        }
    }
    return p;
}

struct Mismatch {
    int slot = -1, element = -1;
    double yours = 0, model = 0;
};

struct Comparer {
    const View& m;
    const View& y;
    const Pairing& pairing;
    const std::vector<std::vector<uint8_t>>& live;
    int elements;
    int last;  // the learner's last checkpoint

    // The first live slot of learner checkpoint j that differs from model checkpoint k.
    std::optional<Mismatch> differs(int j, int k, std::set<int>* kept) const {
        const auto& ls = live[static_cast<size_t>(j)];
        const auto& ms = state_at(*m.t, k);
        for (int i = 0; i < elements; ++i) {
            const int slot = y.slot(j, i);
            if (!ls[static_cast<size_t>(slot)]) continue;
            const double yv = y.value(j, i), mv = m.value(k, i);
            if (same_value(yv, mv)) continue;
            bool held = false;
            // At the last checkpoint the elements are the kernel's result: no value kept elsewhere.
            for (int r : j == last ? std::vector<int>{} : pairing.model_alone) {
                const Region& g = m.t->layout.regions[static_cast<size_t>(r)];
                if (i < g.count && same_value(yv, ms[static_cast<size_t>(g.first_slot + i)])) {
                    held = true;
                    if (kept) kept->insert(r);
                    break;
                }
            }
            if (!held) return Mismatch{slot, i, yv, mv};
        }
        const auto& ys = state_at(*y.t, j);
        for (const auto& [mr, yr] : pairing.pairs) {
            const Region& gm = m.t->layout.regions[static_cast<size_t>(mr)];
            const Region& gy = y.t->layout.regions[static_cast<size_t>(yr)];
            for (int i = 0; i < gm.count; ++i) {
                const int slot = gy.first_slot + i;
                if (!ls[static_cast<size_t>(slot)]) continue;
                const double yv = ys[static_cast<size_t>(slot)], mv = ms[static_cast<size_t>(gm.first_slot + i)];
                if (!same_value(yv, mv)) return Mismatch{slot, -1, yv, mv};
            }
        }
        return std::nullopt;
    }
};

// A region's name as the code has it: "s_temp" for "s_temp (2 buffers)".
std::string region_name(const Region& r) {
    std::string name = r.name;
    if (auto p = name.find(" ("); p != std::string::npos) name = name.substr(0, p);
    return name;
}

// A slot's name in the trace: "XY[17]".
std::string slot_name(const Trace& t, int slot) {
    for (const Region& r : t.layout.regions)
        if (slot >= r.first_slot && slot < r.first_slot + r.count)
            return region_name(r) + "[" + std::to_string(slot - r.first_slot) + "]";
    return i18n::format(i18n::tr("slot %d"), slot);
}

std::string model_step_name(const Trace& m, int k) {
    return k == 0 ? std::string(i18n::tr("initial state"))
                  : i18n::step_label(m.steps[static_cast<size_t>(k - 1)].label);
}

// The edges of a step between data elements: (element read, element written) for each operation.
// Only elements below `limit` (the elements both traces have: a tile padded past n computes past it).
std::set<std::pair<int, int>> edges_of(const View& v, const Step& st, int c_before, int c_after, int limit) {
    std::set<std::pair<int, int>> e;
    std::vector<int> elem_before(v.t->layout.slots, -1), elem_after(v.t->layout.slots, -1);
    for (int i = 0; i < v.elements; ++i) {
        elem_before[static_cast<size_t>(v.slot(c_before, i))] = i;
        elem_after[static_cast<size_t>(v.slot(c_after, i))] = i;
    }
    for (const Operation& op : st.ops) {
        if (op.kind == OpKind::Wait) continue;
        for (int w : op.writes)
            for (int r : op.reads) {
                const int a = elem_before[static_cast<size_t>(r)] >= 0 ? elem_before[static_cast<size_t>(r)]
                                                                        : elem_after[static_cast<size_t>(r)];
                const int b = elem_after[static_cast<size_t>(w)];
                if (a >= 0 && b >= 0 && a < limit && b < limit) e.emplace(a, b);
            }
    }
    return e;
}

// Every state holds a value per slot and every operation names slots of the layout (a trace read
// from a file need not).
bool well_formed(const Trace& t) {
    const size_t slots = static_cast<size_t>(std::max(0, t.layout.slots));
    if (t.initial_state.size() != slots) return false;
    for (const Region& r : t.layout.regions)
        if (r.first_slot < 0 || r.count < 0 || static_cast<size_t>(r.first_slot) + static_cast<size_t>(r.count) > slots)
            return false;
    for (const Step& st : t.steps) {
        if (st.state.size() != slots) return false;
        for (const Operation& op : st.ops) {
            for (int r : op.reads)
                if (r < 0 || static_cast<size_t>(r) >= slots) return false;
            for (int w : op.writes)
                if (w < 0 || static_cast<size_t>(w) >= slots) return false;
        }
    }
    return true;
}

}  // namespace

ComputationVerdict compare_computation(const Trace& model, const Trace& yours, std::string_view model_name) {
    ComputationVerdict v;
    const std::string name(model_name);
    v.matched.assign(yours.steps.size(), -1);
    if (!well_formed(yours) || !well_formed(model)) {
        v.same = false;
        v.line = i18n::tr("a trace to compare is malformed (a state or an operation outside its layout)");
        return v;
    }
    const View m = view_of(model), y = view_of(yours);
    if (y.data < 0 || y.elements == 0) {
        v.same = false;
        v.line = i18n::tr("your kernel traces no array, so there is no state to compare (declare the shared array "
                          "with SCANVIZ_SHARED(int, s, 32), or as a plain __shared__ array)");
        return v;
    }
    if (m.data < 0) {
        v.same = false;
        v.line = i18n::format(i18n::tr("%s's model has no array to compare"), name.c_str());
        return v;
    }
    const Pairing pairing = pair_regions(m, y);
    const auto live = live_slots(y);
    const int elements = std::min(m.elements, y.elements);
    const int K = checkpoints(model) - 1, J = checkpoints(yours) - 1;
    Comparer cmp{m, y, pairing, live, elements, J};

    std::set<int> kept;
    bool joined = false, split = false, load = false, labels_differ = false, edges_skipped = false;
    int k = 0;
    auto fail = [&](int j, int kk, const Mismatch& d) {
        v.same = false;
        ComputationDifference f;
        f.your_step = j - 1;
        f.model_step = kk - 1;
        f.slot = d.slot;
        f.element = d.element;
        f.yours = d.yours;
        f.model = d.model;
        v.first = f;
        if (j >= 1 && kk >= 1 &&
            yours.steps[static_cast<size_t>(j - 1)].label != model.steps[static_cast<size_t>(kk - 1)].label)
            labels_differ = true;
        const std::string where =
            j == 0 ? std::string(i18n::tr("before your first step"))
                   : i18n::format(i18n::tr("after your step %d (%s; the model's %s)"), j - 1,
                                  i18n::tr(yours.steps[static_cast<size_t>(j - 1)].barrier.c_str()),
                                  model_step_name(model, kk).c_str());
        v.line = i18n::format(i18n::tr("%s, %s: yours %s, %s's %s"), where.c_str(), slot_name(yours, d.slot).c_str(),
                              fmt_value(d.yours).c_str(), name.c_str(), fmt_value(d.model).c_str());
    };

    // Matches each learner step with a model step; returns at the first real difference.
    [&] {
        // The learner's initial state counts only when it stored something before its first step.
        bool initial = false;
        for (double x : yours.initial_state) initial = initial || x != 0.0;
        if (initial) {
            if (auto d = cmp.differs(0, 0, nullptr)) {
                // a load that already does the model's first steps is matched below like any step
                int found = -1;
                for (int kk = 1; kk <= K && found < 0; ++kk)
                    if (!cmp.differs(0, kk, nullptr)) found = kk;
                if (found < 0) {
                    fail(0, 0, *d);
                    return;
                }
                cmp.differs(0, found, &kept);
                k = found;
                joined = true;
            } else {
                cmp.differs(0, 0, &kept);
            }
        }

        for (int j = 1; j <= J; ++j) {
            int found = -1;
            if (!cmp.differs(j, k, nullptr)) {
                found = k;
                (k == 0 ? load : split) = true;
            } else {
                for (int kk = k + 1; kk <= K && found < 0; ++kk)
                    if (!cmp.differs(j, kk, nullptr)) found = kk;
            }
            if (found < 0) {
                const int kk = std::min(k + 1, K);
                fail(j, kk, *cmp.differs(j, kk, nullptr));
                return;
            }
            cmp.differs(j, found, &kept);
            if (found > k + 1) joined = true;
            v.matched[static_cast<size_t>(j - 1)] = found - 1;
            const Step& ys = yours.steps[static_cast<size_t>(j - 1)];
            if (found >= 1 && ys.label != model.steps[static_cast<size_t>(found - 1)].label) labels_differ = true;
            // Edges, where one learner step did one model step: each edge the learner's operations
            // recorded must be one of the model's (an operand through an untraced variable records none).
            if (found == k + 1) {
                const auto mine = edges_of(y, ys, j - 1, j, elements);
                const auto theirs =
                    edges_of(m, model.steps[static_cast<size_t>(found - 1)], found - 1, found, elements);
                for (const auto& e : mine) {
                    if (theirs.count(e)) continue;
                    v.same = false;
                    ComputationDifference f;
                    f.your_step = j - 1;
                    f.model_step = found - 1;
                    f.edge = true;
                    f.element = e.second;
                    f.slot = y.slot(j, e.second);
                    f.from_slot = y.slot(j - 1, e.first);
                    for (const Operation& op : ys.ops)
                        for (int w : op.writes)
                            if (w == f.slot && std::find(op.reads.begin(), op.reads.end(), f.from_slot) != op.reads.end())
                                f.thread = op.thread;
                    v.first = f;
                    v.line = i18n::format(
                        i18n::tr("in your step %d (the model's %s), thread %d computes %s from %s; %s's step does not"),
                        j - 1, model_step_name(model, found).c_str(), f.thread, slot_name(yours, f.slot).c_str(),
                        slot_name(yours, f.from_slot).c_str(), name.c_str());
                    return;
                }
            } else if (found > k + 1) {
                edges_skipped = true;
            }
            k = found;
        }

        // The output: the model's last steps may happen on the way out.
        if (yours.output.size() != model.output.size()) {
            v.same = false;
            v.line = i18n::format(i18n::tr("the output has %zu elements, %s's %zu"), yours.output.size(),
                                  name.c_str(), model.output.size());
            return;
        }
        for (size_t i = 0; i < model.output.size(); ++i) {
            if (same_value(yours.output[i], model.output[i])) continue;
            v.same = false;
            ComputationDifference f;
            f.your_step = J;
            f.model_step = K;
            f.element = static_cast<int>(i);
            f.yours = yours.output[i];
            f.model = model.output[i];
            v.first = f;
            v.line = i18n::format(i18n::tr("output element %zu: yours %s, %s's %s"), i, fmt_value(f.yours).c_str(),
                                  name.c_str(), fmt_value(f.model).c_str());
            return;
        }
    }();
    if (v.same && k < K) {
        std::string rest;
        for (int kk = k + 1; kk <= K; ++kk) {
            const std::string l = i18n::step_label(model.steps[static_cast<size_t>(kk - 1)].phase);
            if (rest.find(l) == std::string::npos) rest += (rest.empty() ? "" : ", ") + l;
        }
        v.notes.push_back(i18n::format(
            i18n::tr("the model's last steps (%s) happen in your kernel on the way out: its output equals the model's"),
            rest.c_str()));
    }
    if (m.double_buffer != y.double_buffer)
        v.notes.push_back(m.double_buffer
                              ? i18n::format(i18n::tr("%s's model has two buffers, your kernel one: each element is "
                                                      "compared in the buffer last written"),
                                             name.c_str())
                              : i18n::format(i18n::tr("your kernel has two buffers, %s's model one: each element is "
                                                      "compared in the buffer last written"),
                                             name.c_str()));
    if (m.elements != y.elements)
        v.notes.push_back(i18n::format(i18n::tr("your array has %d elements, the model's %d: the first %d are compared"),
                                       y.elements, m.elements, elements));
    for (int r : kept)
        v.notes.push_back(i18n::format(
            i18n::tr("your kernel keeps what the model holds in %s in its own array, at the same index"),
            region_name(model.layout.regions[static_cast<size_t>(r)]).c_str()));
    if (joined)
        v.notes.push_back(i18n::tr("some of your steps do several of the model's at once (no barrier between them): "
                                   "compared after each of yours"));
    if (load)
        v.notes.push_back(i18n::tr("your first steps load the input: they match the model's initial state"));
    if (split)
        v.notes.push_back(i18n::tr("some of your steps change nothing the model keeps (a read half, or a step that "
                                   "only copies out): they match the model's step before them"));
    if (edges_skipped)
        v.notes.push_back(i18n::tr("the edges of joined steps are not compared, only the state after them"));
    if (labels_differ)
        v.notes.push_back(i18n::format(
            i18n::tr("your steps are named differently from %s's (names are not compared)"), name.c_str()));
    return v;
}

}  // namespace scanviz
