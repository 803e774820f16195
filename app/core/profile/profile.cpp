#include "core/profile/profile.hpp"

#include "core/i18n/i18n.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/analysis/metrics.hpp"
#include "core/models/variants.hpp"

namespace scanviz {
namespace {

constexpr std::array<std::string_view, 12> kMetrics = {
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "smsp__inst_executed.sum",
    "sm__sass_thread_inst_executed.sum",
    "gpu__time_duration.sum",
    "launch__grid_size",
    "launch__block_size",
    "device__attribute_display_name",
};

void add_group(SharedTraffic& t, bool is_write, int wavefronts, int ideal) {
    if (is_write) {
        ++t.st_requests;
        t.st_wavefronts += wavefronts;
        t.st_ideal += ideal;
    } else {
        ++t.ld_requests;
        t.ld_wavefronts += wavefronts;
        t.ld_ideal += ideal;
    }
}

const Region* first_shared_region(const Layout& layout) {
    for (const Region& r : layout.regions)
        if (r.space == Space::Shared) return &r;
    return nullptr;
}

// The tile's loads into and stores out of shared memory, where the trace shows them.
SharedTraffic tile_traffic(const Trace& t) {
    SharedTraffic out;
    const Region* r = first_shared_region(t.layout);
    const int n = static_cast<int>(t.input.size());
    if (!r || n == 0 || t.threads <= 0) return out;
    std::vector<int> data;
    for (int i = 0; i < r->count; ++i) {
        const int slot = r->first_slot + i;
        if (t.layout.padding.empty() || !t.layout.padding[static_cast<size_t>(slot)]) data.push_back(slot);
    }
    if (static_cast<int>(data.size()) < n) return out;
    const std::vector<double>& last = t.steps.empty() ? t.initial_state : t.steps.back().state;
    bool staged_in = t.initial_state.size() == static_cast<size_t>(t.layout.slots);
    bool staged_out = last.size() == static_cast<size_t>(t.layout.slots) && t.output.size() == t.input.size();
    for (int i = 0; i < n && (staged_in || staged_out); ++i) {
        const size_t s = static_cast<size_t>(data[static_cast<size_t>(i)]);
        staged_in = staged_in && t.initial_state[s] == t.input[static_cast<size_t>(i)];
        staged_out = staged_out && last[s] == t.output[static_cast<size_t>(i)];
    }
    const int items = (n + t.threads - 1) / t.threads;
    const int warps = (t.threads + kWarpThreads - 1) / kWarpThreads;
    for (int k = 0; k < items; ++k) {
        for (int w = 0; w < warps; ++w) {
            std::vector<SharedAccess> acc;
            for (int lane = 0; lane < kWarpThreads; ++lane) {
                const int thread = w * kWarpThreads + lane;
                const int e = k * t.threads + thread;
                if (thread >= t.threads || e >= n) continue;
                const int slot = data[static_cast<size_t>(e)];
                const int word = shared_word_of_slot(t.layout, slot);
                acc.push_back(SharedAccess{thread, slot, word, word % kSharedBanks});
            }
            if (acc.empty()) continue;
            const int degree = conflict_degree(acc);
            if (staged_in) add_group(out, true, degree, 1);
            if (staged_out) add_group(out, false, degree, 1);
        }
    }
    return out;
}

// ---- What the compiler made of the source, where the SASS shows it -------------

// Blelloch's down-sweep reads s[bi] twice in the source (t = s[ai]; s[ai] =
// s[bi]; s[bi] = op(t, s[bi])): the store to s[ai] between the reads may alias
// s[bi] for all the compiler knows, so the SASS loads it again. The trace's
// Swap records each slot read once.
CodeEffect swap_rereads(const Trace& t) {
    CodeEffect e;
    e.name = "down-sweep loads s[bi] twice";
    e.explanation =
        "the source reads s[bi] twice (t = s[ai]; s[ai] = s[bi]; s[bi] = op(t, s[bi])) and the store to "
        "s[ai] "
        "between the reads may alias it, so the SASS loads s[bi] again: one more load per warp and step, "
        "with the conflicts of the first";
    for (size_t s = 0; s < t.steps.size(); ++s) {
        std::map<int, std::vector<SharedAccess>> by_warp;
        for (const Operation& op : t.steps[s].ops) {
            if (op.kind != OpKind::Swap || op.reads.size() != 2) continue;
            const int word = shared_word_of_slot(t.layout, op.reads[1]);
            if (word < 0) continue;
            by_warp[op.thread / kWarpThreads].push_back(
                SharedAccess{op.thread, op.reads[1], word, word % kSharedBanks});
        }
        for (const auto& [warp, acc] : by_warp) add_group(e.delta, false, conflict_degree(acc), 1);
    }
    return e;
}

// 8-byte accesses: each half-warp is served on its own; within one, the 16
// bank pairs each serve one 8-byte word per wavefront.
int wavefronts_64(const std::vector<std::pair<int, int>>& lane_dword) {
    int total = 0;
    for (int half = 0; half < 2; ++half) {
        std::set<int> per_pair[kSharedBanks / 2];
        bool any = false;
        for (const auto& [lane, dword] : lane_dword) {
            if (lane / 16 != half) continue;
            any = true;
            per_pair[dword % (kSharedBanks / 2)].insert(dword);
        }
        if (!any) continue;
        size_t m = 1;
        for (const auto& p : per_pair) m = std::max(m, p.size());
        total += static_cast<int>(m);
    }
    return total;
}

// A step where every thread stores two adjacent words starting at an even word:
// the compiler proves the alignment and emits one 64-bit store (STS.64).
std::optional<CodeEffect> paired_stores(const Trace& t, std::string_view phase) {
    CodeEffect e;
    e.name = "paired stores become STS.64";
    e.explanation =
        "each thread stores two adjacent words at an even word address; the compiler emits one 64-bit store "
        "(STS.64) in place of two 32-bit ones: one instruction per warp, two wavefronts (one per half-warp) "
        "and no conflict";
    bool found = false;
    for (size_t s = 0; s < t.steps.size(); ++s) {
        if (t.steps[s].phase != phase) continue;
        std::map<int, std::vector<int>> words_of_thread;
        for (const Operation& op : t.steps[s].ops)
            for (int w : op.writes) {
                const int word = shared_word_of_slot(t.layout, w);
                if (word >= 0) words_of_thread[op.thread].push_back(word);
            }
        std::map<int, std::vector<std::pair<int, int>>> by_warp;
        for (const auto& [thread, words] : words_of_thread) {
            if (words.size() != 2 || words[1] != words[0] + 1 || words[0] % 2 != 0) return std::nullopt;
            by_warp[thread / kWarpThreads].push_back({thread % kWarpThreads, words[0] / 2});
        }
        for (const SharedAccessGroup& g : shared_access_groups(t, static_cast<int>(s)))
            if (g.is_write) {
                --e.delta.st_requests;
                e.delta.st_wavefronts -= g.degree;
                e.delta.st_ideal -= 1;
            }
        for (const auto& [warp, lanes] : by_warp) {
            int halves = 0;
            for (int h = 0; h < 2; ++h)
                halves +=
                    std::any_of(lanes.begin(), lanes.end(), [&](const auto& p) { return p.first / 16 == h; });
            add_group(e.delta, true, wavefronts_64(lanes), halves);
        }
        found = true;
    }
    if (!found) return std::nullopt;
    return e;
}

// Where the SASS differs from the trace: the effects the variant lists (VariantInfo::profile).
std::vector<CodeEffect> code_effects(const Trace& t) {
    std::vector<CodeEffect> out;
    const VariantInfo* v = find_variant(t.spec.variant);
    if (!v) return out;
    for (const CompilerEffectAt& at : v->profile.effects) {
        switch (at.effect) {
            case CompilerEffect::SwapRereads: out.push_back(swap_rereads(t)); break;
            case CompilerEffect::PairedStores:
                if (auto e = paired_stores(t, at.phase)) out.push_back(*e);
                break;
        }
    }
    return out;
}

}  // namespace

std::string explain_difference(std::string_view variant) {
    const VariantInfo* v = find_variant(variant);
    if (!v || v->profile.ncu_difference.empty()) return "not explained yet";
    return std::string(v->profile.ncu_difference);
}

namespace {

int64_t count(const ncu::Kernel& k, std::string_view key) { return static_cast<int64_t>(k.require(key)); }

}  // namespace

SharedTraffic& SharedTraffic::operator+=(const SharedTraffic& o) {
    ld_requests += o.ld_requests;
    ld_wavefronts += o.ld_wavefronts;
    ld_ideal += o.ld_ideal;
    st_requests += o.st_requests;
    st_wavefronts += o.st_wavefronts;
    st_ideal += o.st_ideal;
    return *this;
}

SharedTraffic OurFigures::kernel() const {
    SharedTraffic k = scan;
    k += tile;
    for (const CodeEffect& e : effects) k += e.delta;
    return k;
}

bool ProfileRow::conflicts_agree() const {
    const SharedTraffic k = ours.kernel();
    return k.ld_conflicts() == ncu.ld_conflicts && k.st_conflicts() == ncu.st_conflicts;
}

bool ProfileRow::traffic_agrees() const {
    const SharedTraffic k = ours.kernel();
    return conflicts_agree() && k.ld_requests == ncu.ld_instructions &&
           k.st_requests == ncu.st_instructions && k.ld_wavefronts == ncu.ld_wavefronts &&
           k.st_wavefronts == ncu.st_wavefronts;
}

std::span<const std::string_view> profile_metrics() { return kMetrics; }

OurFigures our_figures(const Trace& trace) {
    OurFigures f;
    f.trace_source = trace.source.kind;
    f.warps = (trace.threads + kWarpThreads - 1) / kWarpThreads;
    for (size_t s = 0; s < trace.steps.size(); ++s)
        for (const SharedAccessGroup& g : shared_access_groups(trace, static_cast<int>(s)))
            add_group(f.scan, g.is_write, g.degree, 1);
    f.tile = tile_traffic(trace);
    f.effects = code_effects(trace);
    return f;
}

NcuFigures ncu_figures(const ncu::Kernel& k) {
    NcuFigures f;
    f.kernel_name = k.name;
    f.block_threads = static_cast<int>(count(k, "launch__block_size"));
    f.grid_blocks = static_cast<int>(count(k, "launch__grid_size"));
    f.ld_conflicts = count(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
    f.st_conflicts = count(k, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum");
    f.ld_wavefronts = count(k, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum");
    f.st_wavefronts = count(k, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum");
    f.ld_instructions = count(k, "smsp__sass_inst_executed_op_shared_ld.sum");
    f.st_instructions = count(k, "smsp__sass_inst_executed_op_shared_st.sum");
    f.inst_executed = count(k, "smsp__inst_executed.sum");
    f.thread_inst_executed = count(k, "sm__sass_thread_inst_executed.sum");
    f.duration_ns = k.require("gpu__time_duration.sum");
    return f;
}

std::vector<std::string> variants_in(const ncu::Report& report) {
    std::vector<std::string> out;
    for (const ncu::Kernel& k : report.kernels) {
        std::string best;
        for (const ProfileCase& c : profile_cases({}))
            // The variant's own kernel (name< or name(), or its routine inside the warp
            // family's kernel (warp_family_kernel<(anonymous namespace)::name, ...>).
            for (const char* after : {"<", "(", ","})
                if (k.name.find(kernel_name_of(c.spec.variant) + after) != std::string::npos) best = c.spec.variant;
        if (best.empty())
            throw std::runtime_error("ncu kernel " + std::to_string(k.id) + " (" + k.name +
                                     ") is not the kernel of a warp or block variant");
        out.push_back(best);
    }
    return out;
}

std::vector<ProfileRow> compare(std::span<const ProfileCase> cases, std::span<const Trace> traces,
                                const ncu::Report& report) {
    if (cases.size() != traces.size()) throw std::logic_error("compare: one trace per case");
    const std::vector<std::string> names = variants_in(report);
    std::vector<ProfileRow> rows;
    for (size_t i = 0; i < cases.size(); ++i) {
        const ProfileCase& c = cases[i];
        const ncu::Kernel* match = nullptr;
        for (size_t k = 0; k < names.size(); ++k) {
            if (names[k] != c.spec.variant) continue;
            if (match)
                throw std::runtime_error("ncu profiled the kernel of '" + c.spec.variant +
                                         "' more than once (kernel IDs " + std::to_string(match->id) +
                                         " and " + std::to_string(report.kernels[k].id) + ")");
            match = &report.kernels[k];
        }
        if (!match) throw std::runtime_error("ncu's report has no kernel for the case " + c.name);
        ProfileRow row;
        row.case_name = c.name;
        row.variant = c.spec.variant;
        row.n = c.spec.n;
        row.threads = traces[i].threads;
        row.ours = our_figures(traces[i]);
        row.ncu = ncu_figures(*match);
        if (row.ncu.block_threads != row.threads || row.ncu.grid_blocks != traces[i].blocks)
            throw std::runtime_error(
                "ncu's kernel " + std::to_string(match->id) + " ran " + std::to_string(row.ncu.grid_blocks) +
                " x " + std::to_string(row.ncu.block_threads) + " threads; the case " + c.name + " is " +
                std::to_string(traces[i].blocks) + " x " + std::to_string(row.threads));
        if (!row.traffic_agrees()) row.explanation = explain_difference(row.variant);
        rows.push_back(std::move(row));
    }
    return rows;
}

const ProfileRow* find_row(const ProfileTable& t, std::string_view variant) {
    for (const ProfileRow& r : t.rows)
        if (r.variant == variant) return &r;
    return nullptr;
}

std::string measured_line(const ProfileTable& t) {
    std::string s = i18n::format(i18n::tr("measured by ncu on %s"),
                                 t.device.empty() ? i18n::tr("an unnamed device") : t.device.c_str());
    if (!t.ncu_version.empty()) s += i18n::format(i18n::tr(" (%s)"), ("ncu " + t.ncu_version).c_str());
    if (!t.date.empty()) s += i18n::trc("a measurement and its date", ", ") + t.date;
    return s;
}

bool looks_like_profile_table(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string text = ss.str();
    const size_t first = text.find_first_not_of(" \t\r\n");
    return first != std::string::npos && text[first] == '{' &&
           text.find("\"scanviz_profile\"") != std::string::npos;
}

std::string profile_status(const ProfileTable* t, ProfileOrigin origin, std::string_view file) {
    if (!t || origin == ProfileOrigin::None)
        return i18n::tr("ncu: not available (open a recording made with scanviz record --profile-from, or a table "
                        "written by scanviz profile --format json)");
    if (origin == ProfileOrigin::Recording)
        return i18n::format(i18n::tr("%s: from the recording"), measured_line(*t).c_str());
    return i18n::format(i18n::tr("%s: from %s (written by scanviz profile)"), measured_line(*t).c_str(),
                        std::string(file).c_str());
}

// A case's name as a reader's words: "block_blelloch n=1024 add i32 inclusive" with its scan kind
// translated (the id, the size, the operator and the type are the command line's, in every language).
static std::string shown_case_name(const std::string& name) {
    for (const char* kind : {"inclusive", "exclusive"}) {
        const std::string tail = std::string(" ") + kind;
        if (name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0)
            return name.substr(0, name.size() - tail.size() + 1) + i18n::tr(kind);
    }
    return name;
}

std::string conflicts_line(const ProfileTable& t, std::string_view variant) {
    const ProfileRow* r = find_row(t, variant);
    if (!r) return i18n::tr("ncu: this variant is not in the profile");
    const SharedTraffic k = r->ours.kernel();
    return i18n::format(
        i18n::tr("bank conflicts of the whole kernel, %s: ours %lld ld + %lld st (scan %lld + %lld), "
                 "ncu %lld ld + %lld st: %s"),
        shown_case_name(r->case_name).c_str(), static_cast<long long>(k.ld_conflicts()),
        static_cast<long long>(k.st_conflicts()),
        static_cast<long long>(r->ours.scan.ld_conflicts()), static_cast<long long>(r->ours.scan.st_conflicts()),
        static_cast<long long>(r->ncu.ld_conflicts), static_cast<long long>(r->ncu.st_conflicts),
        r->conflicts_agree() ? i18n::trc("ours against ncu", "equal") : i18n::trc("ours against ncu", "differ"));
}

}  // namespace scanviz
