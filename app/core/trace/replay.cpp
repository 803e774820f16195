#include "core/trace/replay.hpp"

#include <cmath>
#include <sstream>

namespace scanviz {
namespace {

bool same_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

std::string fmt(double v) {
    std::ostringstream os;
    os.precision(17);
    os << v;
    return os.str();
}

ReplayMismatch shape_error(int step, std::string what) {
    ReplayMismatch m;
    m.step = step;
    m.what = std::move(what);
    return m;
}

}  // namespace

std::optional<ReplayMismatch> replay(const Trace& trace) {
    const int slots = trace.layout.slots;
    if (static_cast<int>(trace.initial_state.size()) != slots)
        return shape_error(-1, "initial state has " + std::to_string(trace.initial_state.size()) +
                                   " values, the layout has " + std::to_string(slots) + " slots");
    const Op op = trace.spec.op;
    const ElemType type = trace.spec.type;

    std::vector<double> cur = trace.initial_state;
    std::vector<double> snap;
    std::vector<int> writer(static_cast<size_t>(slots), -1);
    for (size_t s = 0; s < trace.steps.size(); ++s) {
        const Step& step = trace.steps[s];
        const int si = static_cast<int>(s);
        const std::string where = "step " + std::to_string(s) + " (" + step.label + ")";
        if (static_cast<int>(step.state.size()) != slots)
            return shape_error(si, where + ": state has " + std::to_string(step.state.size()) +
                                       " values, the layout has " + std::to_string(slots) + " slots");
        snap = cur;
        std::fill(writer.begin(), writer.end(), -1);
        auto read = [&](int thread, int slot) { return writer[slot] == thread ? cur[slot] : snap[slot]; };
        auto write = [&](int thread, int slot, double v) {
            cur[slot] = v;
            writer[slot] = thread;
        };
        for (size_t o = 0; o < step.ops.size(); ++o) {
            const Operation& x = step.ops[o];
            for (const auto* list : {&x.reads, &x.writes})
                for (int slot : *list)
                    if (slot < 0 || slot >= slots)
                        return shape_error(si, where + ": operation " + std::to_string(o) + " uses slot " +
                                                   std::to_string(slot) + ", outside the layout (" +
                                                   std::to_string(slots) + " slots)");
            switch (x.kind) {
                case OpKind::Combine:
                    if (x.reads.size() == 2 && x.writes.size() == 1) {
                        write(x.thread, x.writes[0],
                              apply_op(op, type, read(x.thread, x.reads[0]), read(x.thread, x.reads[1])));
                        continue;
                    }
                    break;
                case OpKind::Copy:
                    if (x.reads.size() == 1) {
                        const double v = read(x.thread, x.reads[0]);
                        for (int w : x.writes) write(x.thread, w, v);
                        continue;
                    }
                    break;  // a set: the value is not in the reads
                case OpKind::Swap:
                    if (x.reads.size() == 2 && x.writes.size() == 2) {
                        const double a = read(x.thread, x.reads[0]), b = read(x.thread, x.reads[1]);
                        write(x.thread, x.writes[0], b);
                        write(x.thread, x.writes[1], apply_op(op, type, a, b));
                        continue;
                    }
                    break;
                case OpKind::Wait:
                    continue;
                default:
                    break;
            }
            // Not recomputable from its reads: take the written values from the recorded state.
            for (int w : x.writes) write(x.thread, w, step.state[w]);
        }
        for (int slot = 0; slot < slots; ++slot) {
            if (same_value(cur[slot], step.state[slot])) continue;
            ReplayMismatch m;
            m.step = si;
            m.slot = slot;
            m.recorded = step.state[slot];
            m.replayed = cur[slot];
            m.what = where + ": slot " + std::to_string(slot) + " recorded " + fmt(m.recorded) +
                     ", replay gives " + fmt(m.replayed);
            return m;
        }
    }
    return std::nullopt;
}

std::vector<double> reference_scan(const std::vector<double>& in, const std::vector<uint8_t>& heads, Op op,
                                   ElemType type, bool exclusive) {
    if (heads.empty()) return sequential_scan(in, op, type, exclusive);
    std::vector<double> out(in.size());
    double acc = identity(op, type);
    for (size_t i = 0; i < in.size(); ++i) {
        const bool head = i == 0 || (i < heads.size() && heads[i]);
        if (head) acc = identity(op, type);
        if (exclusive) {
            out[i] = acc;
            acc = apply_op(op, type, acc, in[i]);
        } else {
            acc = head ? in[i] : apply_op(op, type, acc, in[i]);
            out[i] = acc;
        }
    }
    return out;
}

}  // namespace scanviz
