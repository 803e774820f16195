#include "core/learner/records.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <deque>
#include <map>

#include "core/i18n/i18n.hpp"
#include "core/trace/host_scan.hpp"
#include "core/learner/error_text.hpp"

namespace scanviz {
namespace {

constexpr int kMaxThreads = 1024;
constexpr int kMaxSteps = 1 << 16;
constexpr int kMaxSlots = 1 << 16;
constexpr int kMaxOutput = 1 << 16;
constexpr long long kMaxStateValues = 1LL << 24;  // steps * slots the Trace may hold

// The fields of one line, split at single spaces (the last field of region, barrier and error
// records is the rest of the line).
struct Fields {
    std::string_view line;
    size_t pos = 0;
    bool next(std::string_view& out) {
        if (pos >= line.size()) return false;
        size_t e = line.find(' ', pos);
        if (e == std::string_view::npos) e = line.size();
        out = line.substr(pos, e - pos);
        pos = e + 1;
        return !out.empty();
    }
    std::string_view rest() { return pos >= line.size() ? std::string_view{} : line.substr(pos); }
    bool done() const { return pos >= line.size(); }
};

bool to_int(std::string_view s, long long lo, long long hi, int& out) {
    if (s.empty() || s.size() > 11) return false;
    long long v = 0;
    size_t i = s[0] == '-' ? 1 : 0;
    if (i == s.size()) return false;
    for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
    }
    if (s[0] == '-') v = -v;
    if (v < lo || v > hi) return false;
    out = static_cast<int>(v);
    return true;
}

bool to_double(std::string_view s, double& out) {
    if (s.empty() || s.size() > 40) return false;
    std::string t(s);
    char* end = nullptr;
    errno = 0;
    out = std::strtod(t.c_str(), &end);
    return end == t.c_str() + t.size();
}

bool is_barrier_kind(std::string_view k) {
    return k == "syncthreads" || k == "syncwarp" || k == "shfl" || k == "label" || k == "end";
}

}  // namespace

ParsedRecords parse_records(std::string_view text) {
    ParsedRecords r;
    Records& rec = r.records;
    std::map<int, int> region_count;  // id -> count
    int total_slots = 0;
    int line_no = 0;
    bool header = false;
    size_t pos = 0;
    auto fail = [&](const std::string& what) {
        r.error = "records line " + std::to_string(line_no) + ": " + what;
        return r;
    };
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        Fields f{line};
        std::string_view kind;
        if (!f.next(kind)) return fail("a line that starts with a space");
        if (!header) {
            std::string_view v;
            if (kind != "scanviz-records" || !f.next(v) || v != "1" || !f.done())
                return fail("expected 'scanviz-records 1'");
            header = true;
            continue;
        }
        if (!rec.error.empty()) return fail("a record after the error record");
        std::string_view a, b, c, d, e;
        if (kind == "region") {
            RecordRegion g;
            int count = 0;
            if (!f.next(a) || !to_int(a, 0, 1 << 30, g.id)) return fail("region: a bad id");
            if (!f.next(b) || (b != "shared" && b != "register"))
                return fail("region: not shared or register");
            g.shared = b == "shared";
            if (!f.next(c) || !to_int(c, 1, kMaxSlots, count)) return fail("region: a bad count");
            g.count = count;
            if (!f.next(d) || !to_int(d, 1, 64, g.elem_bytes)) return fail("region: bad elem_bytes");
            if (!f.next(e) || !to_int(e, 0, 1 << 24, g.byte_offset)) return fail("region: a bad byte offset");
            g.name = std::string(f.rest());
            if (g.name.empty()) return fail("region: no name");
            if (region_count.count(g.id)) return fail("region " + std::to_string(g.id) + " declared twice");
            if (total_slots + g.count > kMaxSlots) return fail("regions: more than 65536 slots");
            total_slots += g.count;
            region_count[g.id] = g.count;
            rec.regions.push_back(std::move(g));
        } else if (kind == "read" || kind == "store" || kind == "barrier") {
            Record x;
            x.kind = kind == "read"    ? RecordKind::Read
                     : kind == "store" ? RecordKind::Store
                                       : RecordKind::Barrier;
            if (!f.next(a) || !to_int(a, 0, kMaxThreads - 1, x.thread))
                return fail(std::string(kind) + ": a bad thread");
            if (!f.next(b) || !to_int(b, 0, kMaxSteps - 1, x.step))
                return fail(std::string(kind) + ": a bad step");
            auto slot = [&](RecordSlot& s) {
                std::string_view ra, ia;
                if (!f.next(ra) || !to_int(ra, 0, 1 << 30, s.region)) return false;
                auto it = region_count.find(s.region);
                return it != region_count.end() && f.next(ia) && to_int(ia, 0, it->second - 1, s.index);
            };
            if (x.kind == RecordKind::Barrier) {
                if (!f.next(c) || !is_barrier_kind(c))
                    return fail("barrier: not syncthreads, syncwarp, shfl, label or end");
                x.barrier = std::string(c);
                x.label = std::string(f.rest());
            } else {
                if (!slot(x.slot)) return fail(std::string(kind) + ": no such slot");
                if (x.kind == RecordKind::Store) {
                    int k = 0;
                    if (!f.next(c) || !to_double(c, x.value)) return fail("store: a bad value");
                    if (!f.next(d) || !to_int(d, 0, 4, k)) return fail("store: a bad operand count");
                    for (int i = 0; i < k; ++i) {
                        RecordSlot s;
                        if (!slot(s)) return fail("store: operand " + std::to_string(i + 1) + " is no slot");
                        x.provenance.push_back(s);
                    }
                    if (f.next(e)) {
                        if (e != "+") return fail("store: unexpected '" + std::string(e) + "'");
                        x.overflow = true;
                    }
                }
                if (!f.done()) return fail(std::string(kind) + ": too many fields");
            }
            rec.events.push_back(std::move(x));
        } else if (kind == "output") {
            int i = 0;
            double v = 0;
            if (!f.next(a) || !to_int(a, 0, kMaxOutput - 1, i)) return fail("output: a bad index");
            if (!f.next(b) || !to_double(b, v) || !f.done()) return fail("output: a bad value");
            if (static_cast<int>(rec.output.size()) <= i) {
                rec.output.resize(static_cast<size_t>(i) + 1, 0.0);
                rec.output_seen.resize(static_cast<size_t>(i) + 1, 0);
            }
            rec.output[static_cast<size_t>(i)] = v;
            rec.output_seen[static_cast<size_t>(i)] = 1;
        } else if (kind == "error") {
            rec.error = kernel_error_shown(f.rest());
            if (rec.error.empty()) rec.error = i18n::tr("the kernel failed");
        } else {
            return fail("unknown record '" + std::string(kind.substr(0, 40)) + "'");
        }
    }
    if (!header) {
        line_no = std::max(line_no, 1);
        return fail("no records (expected 'scanviz-records 1')");
    }
    return r;
}

namespace {

int ceil_log2(int x) {
    int l = 0;
    while ((1 << l) < x) ++l;
    return l;
}

// One raw step: the records that carry step k, and how it ended.
struct RawStep {
    std::vector<const Record*> events;  // reads and stores, in record order
    std::string end = "end";            // the kind of the first (lowest thread's) barrier record ending it
    std::string label;                  // the first label given to it, in thread order
    int end_thread = kMaxThreads;       // the thread whose record gave `end`
    int label_thread = kMaxThreads;
    bool any_store = false, any_read = false, any_provenance = false;
    bool any_shared_read = false;  // a read of a shared slot: the step computes, it does not only load
};

bool real_barrier(const std::string& kind) { return kind == "syncthreads" || kind == "syncwarp"; }

std::string barrier_of(const std::string& kind) {
    if (kind == "syncthreads") return std::string(barrier_name(BarrierKind::SyncThreads));
    if (kind == "syncwarp") return std::string(barrier_name(BarrierKind::SyncWarp));
    if (kind == "shfl") return std::string(barrier_name(BarrierKind::ShflSync));
    if (kind == "label") return std::string(barrier_name(BarrierKind::Lockstep));
    return std::string(barrier_name(BarrierKind::KernelEnd));
}

// "up-sweep d=4" -> "up-sweep"; a label without " d=<number>" is its own phase.
std::string phase_of(const std::string& label) {
    const size_t p = label.rfind(" d=");
    if (p == std::string::npos || p + 3 >= label.size()) return label;
    for (size_t i = p + 3; i < label.size(); ++i)
        if (label[i] < '0' || label[i] > '9') return label;
    return label.substr(0, p);
}

struct Slots {
    std::map<int, int> first;  // region id -> first slot
    std::map<int, bool> shared;
    int of(const RecordSlot& s) const { return first.at(s.region) + s.index; }
    bool is_shared(const RecordSlot& s) const { return shared.at(s.region); }
};

// The records split into raw steps, after the checks every trace needs.
struct Split {
    std::vector<RawStep> steps;
    std::string error;
};

Split split_steps(const Records& records, int threads) {
    Split out;
    std::vector<int> passed(static_cast<size_t>(threads), 0);
    std::vector<uint8_t> ended(static_cast<size_t>(threads), 0);
    int max_step = 0;
    for (const Record& r : records.events) {
        if (r.thread >= threads) {
            out.error =
                "records: thread " + std::to_string(r.thread) + " in a block of " + std::to_string(threads);
            return out;
        }
        const size_t t = static_cast<size_t>(r.thread);
        if (ended[t] || r.step != passed[t]) {
            out.error = "records: thread " + std::to_string(r.thread) + " is at step " +
                        std::to_string(passed[t]) + (ended[t] ? " and has ended" : "") +
                        ", a record says step " + std::to_string(r.step);
            return out;
        }
        if (r.kind == RecordKind::Barrier) {
            if (r.barrier == "end")
                ended[t] = 1;
            else
                ++passed[t];
        }
        max_step = std::max(max_step, r.step);
    }
    for (int t = 1; t < threads; ++t) {
        if (passed[static_cast<size_t>(t)] != passed[0]) {
            out.error = i18n::format(i18n::tr("barrier inside a branch: thread 0 passed %d barriers, thread %d passed %d"),
                                     passed[0], t, passed[static_cast<size_t>(t)]);
            return out;
        }
    }
    const int count = std::max(passed[0], max_step) + 1;
    out.steps.resize(static_cast<size_t>(count));
    for (const Record& r : records.events) {
        RawStep& st = out.steps[static_cast<size_t>(r.step)];
        if (r.kind == RecordKind::Barrier) {
            if (r.thread < st.end_thread && r.barrier != "end") {
                st.end = r.barrier;
                st.end_thread = r.thread;
            }
            if (!r.label.empty() && r.thread < st.label_thread) {
                st.label = r.label;
                st.label_thread = r.thread;
            }
            continue;
        }
        st.events.push_back(&r);
        if (r.kind == RecordKind::Store) {
            st.any_store = true;
            st.any_provenance = st.any_provenance || !r.provenance.empty();
        } else {
            st.any_read = true;
            for (const RecordRegion& g : records.regions)
                if (g.id == r.slot.region && g.shared) st.any_shared_read = true;
        }
    }
    return out;
}

Layout layout_of(const Records& records, Slots& slots) {
    Layout layout;
    for (const RecordRegion& g : records.regions) {
        Region r;
        r.name = g.name;
        r.space = g.shared ? Space::Shared : Space::Registers;
        r.first_slot = layout.slots;
        r.count = g.count;
        r.byte_offset = g.shared ? g.byte_offset : 0;
        r.elem_bytes = g.elem_bytes;
        r.cols = std::min(g.count, 32);
        slots.first[g.id] = layout.slots;
        slots.shared[g.id] = g.shared;
        layout.slots += g.count;
        layout.regions.push_back(std::move(r));
    }
    layout.padding.assign(static_cast<size_t>(layout.slots), 0);
    return layout;
}

// The operations of one step from its records: one per store, Wait for shared reads that fed
// none of the thread's stores, a copy then a combine of the same two slots made one Swap.
std::vector<Operation> operations_of(const std::vector<const Record*>& events, const Slots& slots) {
    std::vector<const Record*> ordered(events);
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const Record* a, const Record* b) { return a->thread < b->thread; });
    std::vector<Operation> ops;
    size_t i = 0;
    while (i < ordered.size()) {
        const int thread = ordered[i]->thread;
        size_t j = i;
        while (j < ordered.size() && ordered[j]->thread == thread) ++j;
        std::vector<int> fed;  // slots in the provenance of this thread's stores
        for (size_t k = i; k < j; ++k)
            if (ordered[k]->kind == RecordKind::Store)
                for (const RecordSlot& p : ordered[k]->provenance) fed.push_back(slots.of(p));
        const size_t first_op = ops.size();
        for (size_t k = i; k < j; ++k) {
            const Record& r = *ordered[k];
            const int slot = slots.of(r.slot);
            if (r.kind == RecordKind::Read) {
                if (slots.is_shared(r.slot) && std::find(fed.begin(), fed.end(), slot) == fed.end())
                    ops.push_back(Operation{thread, OpKind::Wait, {slot}, {}, 0, 0});
                continue;
            }
            Operation op;
            op.thread = thread;
            for (const RecordSlot& p : r.provenance) op.reads.push_back(slots.of(p));
            op.writes = {slot};
            const int reads = static_cast<int>(op.reads.size());
            const bool combine = reads >= 2 || r.overflow;
            // A combine has two operands (trace.hpp); more, or more than were recorded, fold as a Reduce.
            op.kind = !combine ? OpKind::Copy : reads == 2 && !r.overflow ? OpKind::Combine : OpKind::Reduce;
            op.applications = combine ? std::max(1, reads - 1) : 0;
            op.depth = !combine ? 0 : op.kind == OpKind::Combine ? 1 : ceil_log2(std::max(2, reads));
            if (ops.size() > first_op) {
                Operation& prev = ops.back();
                const bool swap = combine && op.reads.size() == 2 && prev.kind == OpKind::Copy &&
                                  prev.reads.size() == 1 && prev.reads[0] == slot &&
                                  op.reads[0] == prev.writes[0] && op.reads[1] == slot;
                if (swap) {
                    prev =
                        Operation{thread, OpKind::Swap, {prev.writes[0], slot}, {prev.writes[0], slot}, 1, 1};
                    continue;
                }
            }
            ops.push_back(std::move(op));
        }
        i = j;
    }
    return ops;
}

// A store of a value that came through an untraced variable (`float temp = XY[t] + XY[t - s];
// __syncthreads(); XY[t] = temp;`, a plain T where scanviz::value<T> would keep it) records no
// provenance. Where the thread's reads since its last store in the step leave no doubt, they are
// its operands: exactly two slots read whose values the operator makes the value stored (in the
// order read), or exactly one slot read whose value is stored. The values read are the state at
// the step's start, or the thread's own earlier store. Anything else (a load from global memory, a
// constant, a value that other reads might explain) keeps no provenance: no edge is guessed.
template <class T>
bool makes(Op op, double a, double b, double v) {
    return static_cast<double>(host_combine<T>(op, static_cast<T>(a), static_cast<T>(b))) == static_cast<double>(static_cast<T>(v));
}

void infer_provenance(std::vector<const Record*>& events, const std::vector<double>& start, const Slots& slots,
                      const RunSpec& spec, std::deque<Record>& owned) {
    struct Read {
        RecordSlot slot;
        double value;
    };
    std::map<int, std::vector<Read>> pending;     // thread -> its reads since its last store
    std::map<int, std::map<int, double>> stored;  // thread -> slot -> its own store in the step
    auto value_seen = [&](int thread, const RecordSlot& r) {
        const int slot = slots.of(r);
        auto& own = stored[thread];
        auto it = own.find(slot);
        return it != own.end() ? it->second : start[static_cast<size_t>(slot)];
    };
    for (const Record*& e : events) {
        if (e->kind == RecordKind::Read) {
            pending[e->thread].push_back({e->slot, value_seen(e->thread, e->slot)});
            continue;
        }
        if (e->kind != RecordKind::Store) continue;
        auto& reads = pending[e->thread];
        // Only where the reads leave no doubt: exactly two slots read, which the operator makes the
        // value of, or one slot read, whose value it is; never an edge chosen among other reads.
        if (e->provenance.empty() && !e->overflow && (reads.size() == 1 || reads.size() == 2)) {
            std::vector<RecordSlot> found;
            const bool f32 = spec.type == ElemType::F32;
            if (reads.size() == 2) {
                const double x = reads[0].value, y = reads[1].value;
                const bool distinct = slots.of(reads[0].slot) != slots.of(reads[1].slot);
                if (distinct &&
                    (f32 ? makes<float>(spec.op, x, y, e->value) : makes<int32_t>(spec.op, x, y, e->value)))
                    found = {reads[0].slot, reads[1].slot};
            } else if (reads[0].value == e->value) {
                found = {reads[0].slot};
            }
            if (!found.empty()) {
                owned.push_back(*e);
                owned.back().provenance = found;
                e = &owned.back();
            }
        }
        reads.clear();
        stored[e->thread][slots.of(e->slot)] = e->value;
    }
}

void apply_stores(const std::vector<const Record*>& events, const Slots& slots, std::vector<double>& state) {
    for (const Record* r : events)
        if (r->kind == RecordKind::Store) state[static_cast<size_t>(slots.of(r->slot))] = r->value;
}

std::vector<uint32_t> active_of(const std::vector<Operation>& ops, int threads) {
    auto mask = make_mask(threads, false);
    for (const Operation& op : ops) set_active(mask, op.thread);
    return mask;
}

Trace trace_base(const Records& records, const RecordsRun& run, Slots& slots) {
    Trace t;
    t.spec = run.spec;
    t.spec.threads = run.threads;
    t.threads = run.threads;
    t.blocks = 1;
    t.layout = layout_of(records, slots);
    t.input = run.input;
    t.heads = run.heads;
    t.source.kind = run.source_kind;
    t.source.device = run.device;
    t.source.note = run.note;
    t.source.date = utc_now_iso8601();
    return t;
}

std::string output_of(const Records& records, int n, std::vector<double>& out) {
    out.assign(static_cast<size_t>(n), 0.0);
    for (int i = 0; i < n; ++i) {
        if (i >= static_cast<int>(records.output_seen.size()) || !records.output_seen[static_cast<size_t>(i)])
            return i18n::format(i18n::tr("the kernel wrote no out[%d]"), i);
        out[static_cast<size_t>(i)] = records.output[static_cast<size_t>(i)];
    }
    return "";
}

}  // namespace

AssembledTrace assemble_trace(const Records& records, const RecordsRun& run) {
    AssembledTrace a;
    if (!records.error.empty()) {
        a.error = records.error;
        return a;
    }
    if (run.threads < 1 || run.threads > kMaxThreads) {
        a.error = "records: a block of " + std::to_string(run.threads) + " threads";
        return a;
    }
    Split split = split_steps(records, run.threads);
    if (!split.error.empty()) {
        a.error = split.error;
        return a;
    }
    Slots slots;
    Trace t = trace_base(records, run, slots);
    const auto& raw = split.steps;
    const size_t count = raw.size();
    if (static_cast<long long>(count) * std::max(1, t.layout.slots) > kMaxStateValues) {
        a.error = i18n::format(i18n::tr("records: too many steps for the trace (%zu)"), count);
        return a;
    }

    // The load prologue: its stores are the initial state.
    std::vector<double> state(static_cast<size_t>(t.layout.slots), 0.0);
    size_t k = 0;
    while (k + 1 < count && !raw[k].any_provenance && !raw[k].any_shared_read && raw[k].label.empty()) {
        apply_stores(raw[k].events, slots, state);
        ++k;
    }
    t.initial_state = state;

    // The display steps: a store-free step ended by a real barrier is the read half of the next.
    struct Display {
        std::vector<const Record*> events;
        std::string label, end;
        bool after_shfl = false, any_store = false, after_real = false;
    };
    std::vector<Display> shown;
    while (k < count) {
        Display d;
        d.after_shfl = k > 0 && raw[k - 1].end == "shfl";
        d.after_real = k > 0 && (real_barrier(raw[k - 1].end) || raw[k - 1].end == "shfl");
        d.label = raw[k].label;
        d.events = raw[k].events;
        if (!raw[k].any_store && raw[k].any_read && real_barrier(raw[k].end) && k + 1 < count &&
            raw[k + 1].any_store) {
            ++k;
            if (d.label.empty()) d.label = raw[k].label;
            d.events.insert(d.events.end(), raw[k].events.begin(), raw[k].events.end());
        }
        d.end = raw[k].end;
        d.any_store = raw[k].any_store;
        shown.push_back(std::move(d));
        ++k;
    }
    // The last step copies the result out: dropped when nothing in it can race.
    if (!shown.empty() && shown.back().end == "end" && !shown.back().any_store) {
        bool own_only = true;
        std::vector<int> last_writer(static_cast<size_t>(t.layout.slots), -1);
        for (const Record& r : records.events)
            if (r.kind == RecordKind::Store && r.step + 1 < static_cast<int>(count))
                last_writer[static_cast<size_t>(slots.of(r.slot))] = r.thread;
        for (const Record* r : shown.back().events)
            if (slots.is_shared(r->slot) &&
                last_writer[static_cast<size_t>(slots.of(r->slot))] != r->thread &&
                last_writer[static_cast<size_t>(slots.of(r->slot))] != -1)
                own_only = false;
        if (shown.back().after_real || own_only || shown.back().events.empty()) shown.pop_back();
    }

    std::deque<Record> inferred;  // stores given the provenance their values show
    for (size_t i = 0; i < shown.size(); ++i) {
        Display& d = shown[i];
        infer_provenance(d.events, state, slots, run.spec, inferred);
        Step st;
        st.label = d.label.empty() ? "step " + std::to_string(i) : d.label;
        st.phase = phase_of(st.label);
        st.barrier = barrier_of(d.end);
        if (d.after_shfl && (d.end == "label" || d.end == "end")) st.barrier = barrier_of("shfl");
        st.ops = operations_of(d.events, slots);
        st.active_mask = active_of(st.ops, t.threads);
        apply_stores(d.events, slots, state);
        st.state = state;
        t.steps.push_back(std::move(st));
    }
    a.error = output_of(records, run.spec.n, t.output);
    a.trace = std::move(t);
    return a;
}

Trace access_trace(const Records& records, const RecordsRun& run) {
    Split split = split_steps(records, std::max(1, std::min(run.threads, kMaxThreads)));
    Slots slots;
    Trace t = trace_base(records, run, slots);
    t.spec.variant.clear();
    if (!split.error.empty()) return t;
    if (static_cast<long long>(split.steps.size()) * std::max(1, t.layout.slots) > kMaxStateValues) return t;
    std::vector<double> state(static_cast<size_t>(t.layout.slots), 0.0);
    t.initial_state = state;
    for (size_t k = 0; k < split.steps.size(); ++k) {
        const RawStep& raw = split.steps[k];
        Step st;
        st.label = raw.label.empty() ? "step " + std::to_string(k) : raw.label;
        st.phase = phase_of(st.label);
        st.barrier = barrier_of(raw.end);
        for (const Record* r : raw.events) {
            if (!slots.is_shared(r->slot)) continue;
            const int slot = slots.of(r->slot);
            if (r->kind == RecordKind::Read)
                st.ops.push_back(Operation{r->thread, OpKind::Wait, {slot}, {}, 0, 0});
            else
                st.ops.push_back(Operation{r->thread, OpKind::Copy, {}, {slot}, 0, 0});
        }
        st.active_mask = active_of(st.ops, t.threads);
        apply_stores(raw.events, slots, state);
        st.state = state;
        t.steps.push_back(std::move(st));
    }
    output_of(records, run.spec.n, t.output);
    return t;
}

}  // namespace scanviz
