#include "core/trace/compare.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"

namespace scanviz {
namespace {

using i18n::N_;

bool same_value(double a, double b) { return same_trace_value(a, b); }
std::string fmt_value(double v) { return trace_value_text(v); }

// A piece of the line in English (for `what`) and in the reader's language.
struct Said {
    std::string en, shown;
};

template <class... A>
Said say(const char* msgid, A... args) {
    return {i18n::format(msgid, args...), i18n::format(i18n::tr(msgid), args...)};
}

TraceMismatch mismatch(int step, const Said& place, const Said& found, const Said& wanted) {
    TraceMismatch m;
    m.step = step;
    m.what = (place.en.empty() ? "" : place.en + ": ") + found.en + ", expected " + wanted.en;
    m.place = place.shown;
    m.found = found.shown;
    m.wanted = wanted.shown;
    return m;
}

// A value as it is, in every language.
Said plain(std::string v) { return {v, v}; }

Said where(const Trace& t, int step) {
    const std::string& label = t.steps[static_cast<size_t>(step)].label;
    return {i18n::format("step %d (%s)", step, label.c_str()),
            i18n::format(i18n::tr("step %d (%s)"), step, i18n::step_label(label).c_str())};
}

// A value's name: an element of the input or the output, or a slot of the state.
enum class Noun { Element, Slot };

// `place` makes the line's place only when there is a difference to tell (most comparisons find none).
template <class Place>
std::optional<TraceMismatch> compare_values(const std::vector<double>& e, const std::vector<double>& a,
                                            int step, const Place& place, Noun noun) {
    if (e.size() != a.size()) {
        const int n = static_cast<int>(a.size()), want = static_cast<int>(e.size());
        return mismatch(step, place(),
                        noun == Noun::Element ? say(N_("element has %d values"), n) : say(N_("slot has %d values"), n),
                        plain(std::to_string(want)));
    }
    for (size_t i = 0; i < e.size(); ++i) {
        if (!same_value(e[i], a[i])) {
            const int at = static_cast<int>(i);
            const std::string value = fmt_value(a[i]);
            TraceMismatch m = mismatch(
                step, place(),
                noun == Noun::Element ? say(N_("element %d is %s"), at, value.c_str())
                                      : say(N_("slot %d is %s"), at, value.c_str()),
                plain(fmt_value(e[i])));
            m.slot = at;
            m.expected = e[i];
            m.actual = a[i];
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

bool same_trace_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

std::string trace_value_text(double v) {
    std::ostringstream os;
    os.precision(9);
    os << v;
    return os.str();
}

std::optional<TraceMismatch> compare_traces(const Trace& e, const Trace& a) {
    if (e.layout.slots != a.layout.slots)
        return mismatch(-1, {}, say(N_("layout has %d slots"), a.layout.slots), plain(std::to_string(e.layout.slots)));
    if (auto r = compare_values(e.input, a.input, -1, [] { return say(N_("input")); }, Noun::Element)) return r;
    if (auto r = compare_values(e.initial_state, a.initial_state, -1, [] { return say(N_("initial state")); }, Noun::Slot))
        return r;
    const size_t steps = std::min(e.steps.size(), a.steps.size());
    for (size_t s = 0; s < steps; ++s) {
        const Step& es = e.steps[s];
        const Step& as = a.steps[s];
        const int si = static_cast<int>(s);
        const auto place = [&] { return where(e, si); };
        if (es.label != as.label || es.phase != as.phase)
            return mismatch(si, place(), say(N_("label is '%s'"), as.label.c_str()), plain("'" + es.label + "'"));
        if (es.barrier != as.barrier)
            return mismatch(si, place(), say(N_("ends with %s"), as.barrier.c_str()), plain(es.barrier));
        if (es.active_mask != as.active_mask) {
            for (int t = 0; t < 32 * static_cast<int>(std::max(es.active_mask.size(), as.active_mask.size())); ++t) {
                if (is_active(es.active_mask, t) != is_active(as.active_mask, t)) {
                    TraceMismatch m = mismatch(
                        si, place(),
                        is_active(as.active_mask, t) ? say(N_("thread %d is active"), t)
                                                     : say(N_("thread %d is not active"), t),
                        is_active(es.active_mask, t) ? say(N_("active")) : say(N_("not active")));
                    m.slot = t;
                    return m;
                }
            }
        }
        auto eo = by_thread(es.ops), ao = by_thread(as.ops);
        for (size_t i = 0; i < std::max(eo.size(), ao.size()); ++i) {
            if (i >= eo.size() || i >= ao.size())
                return mismatch(si, place(), say(N_("%d operations"), static_cast<int>(ao.size())),
                                plain(std::to_string(eo.size())));
            const Operation& x = *eo[i];
            const Operation& y = *ao[i];
            if (x.thread != y.thread || x.kind != y.kind || x.reads != y.reads || x.writes != y.writes)
                return mismatch(si, place(), say(N_("operation %s"), describe(y).c_str()),
                                plain(describe(x)));
        }
        if (auto r = compare_values(es.state, as.state, si, place, Noun::Slot)) return r;
    }
    if (e.steps.size() != a.steps.size())
        return mismatch(static_cast<int>(steps), {}, say(N_("%d steps"), static_cast<int>(a.steps.size())),
                        plain(std::to_string(e.steps.size())));
    return compare_values(e.output, a.output, static_cast<int>(e.steps.size()), [] { return say(N_("output")); },
                          Noun::Element);
}

}  // namespace scanviz
