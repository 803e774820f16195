#include "core/trace/compare.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace scanviz {
namespace {

bool same_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

std::string fmt_value(double v) {
    std::ostringstream os;
    os.precision(9);
    os << v;
    return os.str();
}

std::string where(const Trace& t, int step) {
    if (step < 0) return "before the first step";
    if (step >= static_cast<int>(t.steps.size())) return "output";
    return "step " + std::to_string(step) + " (" + t.steps[step].label + ")";
}

std::optional<TraceMismatch> compare_values(const std::vector<double>& e, const std::vector<double>& a,
                                            int step, const std::string& place, const char* noun) {
    if (e.size() != a.size()) {
        TraceMismatch m;
        m.step = step;
        m.what = place + ": " + noun + " has " + std::to_string(a.size()) + " values, expected " +
                 std::to_string(e.size());
        return m;
    }
    for (size_t i = 0; i < e.size(); ++i) {
        if (!same_value(e[i], a[i])) {
            TraceMismatch m;
            m.step = step;
            m.slot = static_cast<int>(i);
            m.expected = e[i];
            m.actual = a[i];
            m.what = place + ": " + noun + " " + std::to_string(i) + " is " + fmt_value(a[i]) + ", expected " +
                     fmt_value(e[i]);
            return m;
        }
    }
    return std::nullopt;
}

// Operations grouped by thread, each thread's in program order.
std::vector<const Operation*> by_thread(const std::vector<Operation>& ops) {
    std::vector<const Operation*> v;
    for (const auto& o : ops) v.push_back(&o);
    std::stable_sort(v.begin(), v.end(), [](const Operation* x, const Operation* y) { return x->thread < y->thread; });
    return v;
}

std::string describe(const Operation& o) {
    std::ostringstream os;
    os << "thread " << o.thread << " " << to_string(o.kind) << " reads {";
    for (size_t i = 0; i < o.reads.size(); ++i) os << (i ? "," : "") << o.reads[i];
    os << "} writes {";
    for (size_t i = 0; i < o.writes.size(); ++i) os << (i ? "," : "") << o.writes[i];
    os << "}";
    return os.str();
}

}  // namespace

std::optional<TraceMismatch> compare_traces(const Trace& e, const Trace& a) {
    TraceMismatch m;
    if (e.layout.slots != a.layout.slots) {
        m.what = "layout has " + std::to_string(a.layout.slots) + " slots, expected " + std::to_string(e.layout.slots);
        return m;
    }
    if (auto r = compare_values(e.input, a.input, -1, "input", "element")) return r;
    if (auto r = compare_values(e.initial_state, a.initial_state, -1, "initial state", "slot")) return r;
    const size_t steps = std::min(e.steps.size(), a.steps.size());
    for (size_t s = 0; s < steps; ++s) {
        const Step& es = e.steps[s];
        const Step& as = a.steps[s];
        const int si = static_cast<int>(s);
        const std::string place = where(e, si);
        m.step = si;
        if (es.label != as.label || es.phase != as.phase) {
            m.what = place + ": label is '" + as.label + "', expected '" + es.label + "'";
            return m;
        }
        if (es.barrier != as.barrier) {
            m.what = place + ": ends with " + as.barrier + ", expected " + es.barrier;
            return m;
        }
        if (es.active_mask != as.active_mask) {
            for (int t = 0; t < 32 * static_cast<int>(std::max(es.active_mask.size(), as.active_mask.size())); ++t) {
                if (is_active(es.active_mask, t) != is_active(as.active_mask, t)) {
                    m.slot = t;
                    m.what = place + ": thread " + std::to_string(t) + (is_active(as.active_mask, t) ? " is" : " is not") +
                             " active, expected" + (is_active(es.active_mask, t) ? "" : " not");
                    return m;
                }
            }
        }
        auto eo = by_thread(es.ops), ao = by_thread(as.ops);
        for (size_t i = 0; i < std::max(eo.size(), ao.size()); ++i) {
            if (i >= eo.size() || i >= ao.size()) {
                m.what = place + ": " + std::to_string(ao.size()) + " operations, expected " + std::to_string(eo.size());
                return m;
            }
            const Operation& x = *eo[i];
            const Operation& y = *ao[i];
            if (x.thread != y.thread || x.kind != y.kind || x.reads != y.reads || x.writes != y.writes) {
                m.what = place + ": operation " + describe(y) + ", expected " + describe(x);
                return m;
            }
        }
        if (auto r = compare_values(es.state, as.state, si, place, "slot")) return r;
    }
    if (e.steps.size() != a.steps.size()) {
        m.step = static_cast<int>(steps);
        m.what = std::to_string(a.steps.size()) + " steps, expected " + std::to_string(e.steps.size());
        return m;
    }
    return compare_values(e.output, a.output, static_cast<int>(e.steps.size()), "output", "element");
}

}  // namespace scanviz
