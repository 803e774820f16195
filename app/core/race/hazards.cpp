#include "core/race/hazards.hpp"

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "core/models/variants.hpp"

namespace scanviz {
namespace {

constexpr int kWarp = 32;

// A trace of no registered variant (a learner's own kernel) has no split phases and no final
// stores of its own: each step's barrier is all there is.
const VariantInfo& variant_of(const Trace& trace) {
    static const VariantInfo kNoVariant{};
    const VariantInfo* v = find_variant(trace.spec.variant);
    return v ? *v : kNoVariant;
}

bool is_barrier(std::string_view b) {
    return b == barrier_name(BarrierKind::SyncThreads) || b == barrier_name(BarrierKind::SyncWarp);
}

// Epochs: the stretch before barrier 0 is epoch 0, barrier b separates epoch b from b + 1.
struct StepEpochs {
    int reads = 0, writes = 0;
};

std::vector<StepEpochs> step_epochs(const Trace& trace) {
    const auto& split = variant_of(trace).race.split_phases;
    std::vector<StepEpochs> out;
    int e = 0;
    for (const Step& st : trace.steps) {
        const bool barrier = is_barrier(st.barrier);
        const bool is_split = barrier && std::find(split.begin(), split.end(), st.phase) != split.end();
        StepEpochs se{e, e};
        if (is_split) se.writes = ++e;
        if (barrier) ++e;
        out.push_back(se);
    }
    return out;
}

struct Touch {
    Access a;
    int epoch = 0;
    int order = 0;  // trace order: 2 * step for reads, 2 * step + 1 for writes
};

}  // namespace

std::string_view race_lab_first() {
    for (const auto& v : all_variants())
        if (v.race.order >= 0 && v.race.lab_first) return v.id;
    const auto lab = race_variants();
    return lab.empty() ? std::string_view{} : lab.front();
}

std::vector<std::string_view> race_variants() {
    std::vector<const VariantInfo*> lab;
    for (const VariantInfo& v : all_variants())
        if (v.race.order >= 0) lab.push_back(&v);
    std::sort(lab.begin(), lab.end(), [](auto* a, auto* b) { return a->race.order < b->race.order; });
    std::vector<std::string_view> out;
    for (const VariantInfo* v : lab) out.push_back(v->id);
    return out;
}

bool is_race_variant(std::string_view variant) {
    const VariantInfo* v = find_variant(variant);
    return v && v->race.order >= 0;
}

bool race_has_one_buffer(std::string_view variant) {
    const VariantInfo* v = find_variant(variant);
    return v && v->race.one_buffer;
}

std::string race_one_buffer_what(std::string_view variant) {
    const VariantInfo* v = find_variant(variant);
    return v && !v->race.one_buffer_what.empty() ? std::string(v->race.one_buffer_what)
                                                                    : i18n::N_("one buffer instead of two");
}

std::string race_one_buffer_variants() {
    std::string list;
    for (auto v : race_variants())
        if (race_has_one_buffer(v)) list += (list.empty() ? "" : ", ") + std::string(v);
    return list;
}

bool race_is_lockstep(std::string_view variant) {
    const VariantInfo* v = find_variant(variant);
    return v && v->race.lockstep;
}

bool race_is_warp(std::string_view variant) {
    const VariantInfo* v = find_variant(variant);
    return v && v->level == Level::Warp;
}

RunSpec race_spec(std::string_view variant) {
    RunSpec s;
    s.variant = std::string(variant);
    s.n = race_is_warp(variant) ? kWarp : kRaceBlockN;
    s.op = Op::Add;
    s.type = ElemType::I32;
    s.exclusive = false;
    if (auto err = validate_and_resolve(s)) throw std::invalid_argument(*err);
    return s;
}


std::vector<BarrierSite> barrier_sites(const Trace& trace) {
    const auto& split = variant_of(trace).race.split_phases;
    std::vector<BarrierSite> sites;
    for (size_t k = 0; k < trace.steps.size(); ++k) {
        const Step& st = trace.steps[k];
        if (!is_barrier(st.barrier)) continue;
        const bool is_split = std::find(split.begin(), split.end(), st.phase) != split.end();
        auto add = [&](BarrierPlace place, const std::string& name) {
            sites.push_back(BarrierSite{static_cast<int>(sites.size()), name, st.phase, static_cast<int>(k),
                                        place, st.barrier});
        };
        if (is_split) {
            add(BarrierPlace::AfterReads, st.label + ": after the reads");
            add(BarrierPlace::EndOfStep, st.label + ": after the writes");
        } else {
            add(BarrierPlace::EndOfStep, st.label);
        }
    }
    return sites;
}

HazardReport analyze_hazards(const Trace& trace, const RaceWhatIf& what_if) {
    HazardReport rep;
    rep.what_if = what_if;
    const auto sites = barrier_sites(trace);
    if (what_if.removed_barrier >= static_cast<int>(sites.size()) || what_if.removed_barrier < -1)
        throw std::invalid_argument("barrier " + std::to_string(what_if.removed_barrier) +
                                    " does not exist: " + trace.spec.variant + " has " +
                                    std::to_string(sites.size()) + " barriers (0 to " +
                                    std::to_string(int(sites.size()) - 1) + ")");
    if (what_if.one_buffer && !race_has_one_buffer(trace.spec.variant))
        throw std::invalid_argument("'" + trace.spec.variant + "' has no one-buffer form (only " +
                                    race_one_buffer_variants() + ")");
    if (what_if.one_buffer && what_if.removed_barrier >= 0)
        throw std::invalid_argument("one buffer and a removed barrier are two separate what-ifs: pick one");
    if (what_if.removed_barrier >= 0) {
        const auto& s = sites[static_cast<size_t>(what_if.removed_barrier)];
        rep.what = "barrier " + std::to_string(s.index) + " (" + s.name + ") removed";
    } else {
        rep.what = what_if.one_buffer ? race_one_buffer_what(trace.spec.variant) : "as written";
    }

    // Which slots are shared memory, and the word each one is once the two buffers are one.
    const RaceFacts& facts = variant_of(trace).race;
    const Region* alias_onto = nullptr;
    for (const Region& r : trace.layout.regions)
        if (!facts.alias_onto.empty() && r.name == facts.alias_onto) alias_onto = &r;
    const int slots = trace.layout.slots;
    std::vector<int> word(static_cast<size_t>(slots), -1);
    for (const Region& r : trace.layout.regions) {
        if (r.space != Space::Shared) continue;
        for (int i = 0; i < r.count; ++i) {
            int w = r.first_slot + i;
            if (what_if.one_buffer) {
                if (alias_onto) {  // one array folded onto the start of another
                    if (r.name == facts.alias_from && i < alias_onto->count) w = alias_onto->first_slot + i;
                } else if (i >= r.count / 2) {  // a double buffer's halves
                    w -= r.count / 2;
                }
            }
            word[static_cast<size_t>(r.first_slot + i)] = w;
        }
    }

    const auto epochs = step_epochs(trace);
    std::vector<std::vector<Touch>> by_word(static_cast<size_t>(slots));
    for (size_t k = 0; k < trace.steps.size(); ++k) {
        const auto& ops = trace.steps[k].ops;
        for (size_t o = 0; o < ops.size(); ++o) {
            const Operation& op = ops[o];
            auto add = [&](int slot, int index, bool write) {
                if (slot < 0 || slot >= slots || word[static_cast<size_t>(slot)] < 0) return;
                Access a{static_cast<int>(k), op.thread, static_cast<int>(o), index, write};
                by_word[static_cast<size_t>(word[static_cast<size_t>(slot)])].push_back(
                    Touch{a, write ? epochs[k].writes : epochs[k].reads,
                          static_cast<int>(2 * k + (write ? 1 : 0))});
            };
            for (size_t i = 0; i < op.reads.size(); ++i) add(op.reads[i], static_cast<int>(i), false);
            for (size_t i = 0; i < op.writes.size(); ++i) add(op.writes[i], static_cast<int>(i), true);
        }
    }

    // After the routine, a variant that stores two elements per thread (the Blelloch kernels: t and
    // t + m/2) reads words other threads wrote in its last step. The last barrier guards them.
    const VariantInfo& info = variant_of(trace);
    if (info.race.stores_two_per_thread) {
        const int m = 2 * trace.threads;
        const int k = static_cast<int>(trace.steps.size());
        const int final_epoch = static_cast<int>(sites.size());
        for (int t = 0; t < m / 2; ++t) {
            for (int i = 0; i < 2; ++i) {
                const int e = t + i * (m / 2);
                const int slot = shared_word_of_element(info, e);
                if (slot < 0 || slot >= slots || word[static_cast<size_t>(slot)] < 0) continue;
                by_word[static_cast<size_t>(word[static_cast<size_t>(slot)])].push_back(
                    Touch{Access{k, t, 0, i, false}, final_epoch, 2 * k});
            }
        }
    }

    const int removed = what_if.removed_barrier;
    // Which barriers order a whole block (__syncthreads()); the others (__syncwarp()) order one warp.
    std::vector<bool> block_wide(sites.size(), true);
    for (const BarrierSite& b : sites)
        block_wide[static_cast<size_t>(b.index)] = b.primitive == barrier_name(BarrierKind::SyncThreads);
    // Ordered when a barrier that is still there lies between the two epochs (barriers e1 .. e2 - 1)
    // and orders both threads: any barrier within a warp, a __syncthreads() between warps.
    auto ordered = [&](int e1, int e2, int t1, int t2) {
        if (e1 > e2) std::swap(e1, e2);
        const bool same_warp = t1 / kWarp == t2 / kWarp;
        for (int b = e1; b < e2; ++b)
            if (b != removed && (same_warp || block_wide[static_cast<size_t>(b)])) return true;
        return false;
    };
    auto add_hazard = [&](HazardKind kind, int w, const Touch& first, const Touch& second) {
        Hazard h;
        h.kind = kind;
        h.slot = w;
        h.read = kind == HazardKind::RAW ? second.a : first.a;
        h.write = kind == HazardKind::RAW ? first.a : second.a;
        h.between_warps = first.a.thread / kWarp != second.a.thread / kWarp;
        rep.hazards.push_back(h);
    };
    for (int w = 0; w < slots; ++w) {
        auto& touches = by_word[static_cast<size_t>(w)];
        if (touches.empty()) continue;
        std::stable_sort(touches.begin(), touches.end(),
                         [](const Touch& x, const Touch& y) { return x.order < y.order; });
        for (size_t i = 0; i < touches.size(); ++i) {
            const Touch& t = touches[i];
            if (t.a.write) {
                // WAW: the next write of this word, by another thread, not ordered with this one.
                for (size_t j = i + 1; j < touches.size(); ++j) {
                    if (!touches[j].a.write) continue;
                    if (touches[j].a.thread != t.a.thread &&
                        !ordered(t.epoch, touches[j].epoch, t.a.thread, touches[j].a.thread))
                        add_hazard(HazardKind::WAW, w, t, touches[j]);
                    break;
                }
                continue;
            }
            // RAW: the write this read must see (the latest before it).
            for (size_t j = i; j-- > 0;) {
                if (!touches[j].a.write) continue;
                if (touches[j].a.thread != t.a.thread &&
                    !ordered(touches[j].epoch, t.epoch, touches[j].a.thread, t.a.thread))
                    add_hazard(HazardKind::RAW, w, touches[j], t);
                break;
            }
            // WAR: the first write after it, which it must not see.
            for (size_t j = i + 1; j < touches.size(); ++j) {
                if (!touches[j].a.write) continue;
                if (touches[j].a.thread != t.a.thread &&
                    !ordered(t.epoch, touches[j].epoch, t.a.thread, touches[j].a.thread))
                    add_hazard(HazardKind::WAR, w, t, touches[j]);
                break;
            }
        }
    }
    std::sort(rep.hazards.begin(), rep.hazards.end(), [](const Hazard& x, const Hazard& y) {
        return std::tuple(x.read.step, x.read.thread, x.read.op, x.read.index, x.slot, x.kind, x.write.step,
                          x.write.thread) < std::tuple(y.read.step, y.read.thread, y.read.op, y.read.index,
                                                       y.slot, y.kind, y.write.step, y.write.thread);
    });
    for (const Hazard& h : rep.hazards) {
        (h.kind == HazardKind::RAW ? rep.raw : h.kind == HazardKind::WAR ? rep.war : rep.waw)++;
        (h.between_warps ? rep.between_warps : rep.within_warp)++;
    }
    return rep;
}

std::vector<int> hazard_edges(const DependencyGraph& graph, const Trace& trace, const HazardReport& report) {
    return hazard_edges_of(graph, trace, report.hazards);
}

std::string describe(const Trace& trace, const Hazard& h) {
    std::string slot_name = "slot " + std::to_string(h.slot);
    for (const Region& r : trace.layout.regions)
        if (h.slot >= r.first_slot && h.slot < r.first_slot + r.count)
            slot_name = r.name + "[" + std::to_string(h.slot - r.first_slot) + "]";
    auto label = [&](int step) {
        if (step == static_cast<int>(trace.steps.size())) return std::string("the final store");
        return step >= 0 && step < static_cast<int>(trace.steps.size())
                   ? trace.steps[static_cast<size_t>(step)].label
                   : std::string("?");
    };
    std::string s = std::string(to_string(h.kind)) + " " + slot_name + ": ";
    if (h.kind == HazardKind::WAW) {
        s += "thread " + std::to_string(h.read.thread) + " writes in " + label(h.read.step) + ", thread " +
             std::to_string(h.write.thread) + " writes in " + label(h.write.step);
    } else {
        s += "thread " + std::to_string(h.read.thread) + " reads in " + label(h.read.step) + ", thread " +
             std::to_string(h.write.thread) + " writes in " + label(h.write.step);
    }
    s += h.between_warps ? " [between warps]" : " [lanes of one warp]";
    return s;
}

std::string describe_shown(const Trace& trace, const Hazard& h) {
    std::string slot_name = i18n::format(i18n::tr("slot %d"), h.slot);
    for (const Region& r : trace.layout.regions)
        if (h.slot >= r.first_slot && h.slot < r.first_slot + r.count)
            slot_name = i18n::region_label(r.name) + "[" + std::to_string(h.slot - r.first_slot) + "]";
    auto label = [&](int step) {
        if (step == static_cast<int>(trace.steps.size())) return std::string(i18n::tr("the final store"));
        return step >= 0 && step < static_cast<int>(trace.steps.size())
                   ? i18n::step_label(trace.steps[static_cast<size_t>(step)].label)
                   : std::string("?");
    };
    const char* fmt = nullptr;
    if (h.kind == HazardKind::WAW)
        fmt = h.between_warps ? i18n::tr("%s %s: thread %d writes in %s, thread %d writes in %s [between warps]")
                              : i18n::tr("%s %s: thread %d writes in %s, thread %d writes in %s [lanes of one warp]");
    else
        fmt = h.between_warps ? i18n::tr("%s %s: thread %d reads in %s, thread %d writes in %s [between warps]")
                              : i18n::tr("%s %s: thread %d reads in %s, thread %d writes in %s [lanes of one warp]");
    return i18n::format(fmt, std::string(to_string(h.kind)).c_str(), slot_name.c_str(), h.read.thread,
                        label(h.read.step).c_str(), h.write.thread, label(h.write.step).c_str());
}

std::string barrier_shown(const Trace& trace, const BarrierSite& site) {
    if (site.step < 0 || site.step >= static_cast<int>(trace.steps.size())) return site.name;
    const std::string& step = trace.steps[static_cast<size_t>(site.step)].label;
    const std::string label = i18n::step_label(step);
    if (site.name == step) return label;  // the step's only barrier
    return i18n::format(site.place == BarrierPlace::AfterReads ? i18n::tr("%s: after the reads")
                                                               : i18n::tr("%s: after the writes"),
                        label.c_str());
}

std::string what_if_shown(const Trace& trace, const RaceWhatIf& what_if) {
    if (what_if.removed_barrier >= 0) {
        const auto sites = barrier_sites(trace);
        if (what_if.removed_barrier < static_cast<int>(sites.size())) {
            const BarrierSite& s = sites[static_cast<size_t>(what_if.removed_barrier)];
            return i18n::format(i18n::tr("barrier %d (%s) removed"), s.index, barrier_shown(trace, s).c_str());
        }
    }
    if (what_if.one_buffer) return variant_text(race_one_buffer_what(trace.spec.variant));
    return i18n::tr("as written");
}

}  // namespace scanviz
