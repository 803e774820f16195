#include "core/learner/check.hpp"
#include "core/learner/plain_cuda.hpp"

#include <cmath>
#include <limits>

#include "core/analysis/trace_text.hpp"
#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "core/models/variants.hpp"
#include "core/race/hazards.hpp"
#include "core/run/runner.hpp"
#include "core/trace/compare_computation.hpp"

namespace scanviz {
namespace {

std::string input_words(const RunSpec& spec) {
    if (spec.input == InputKind::Given) return i18n::tr("the given input");
    // untranslated: the header's own words ("input = ramp, seed = 5"), code the person wrote.
    return "input = " + std::string(to_string(spec.input)) +
           (spec.input == InputKind::Random ? ", seed = " + std::to_string(spec.seed) : "");
}

// The extreme input of the op: int32 sums that wrap, negative values for max and min.
std::vector<double> extreme_values(const RunSpec& spec) {
    std::vector<double> v(static_cast<size_t>(spec.n));
    for (int i = 0; i < spec.n; ++i) {
        if (spec.type == ElemType::I32)
            v[static_cast<size_t>(i)] =
                spec.op == Op::Add ? (i % 2 ? 2147483000.0 : 999.0) : -1000.0 * ((i * 7) % 13) - 1;
        else
            v[static_cast<size_t>(i)] =
                spec.op == Op::Add ? (i % 3 ? 0.1 : 1e7) : -0.5 * ((i * 7) % 13) - 0.25;
    }
    return v;
}

bool size_accepted(const KernelSettings& s, int n) {
    if (s.like.empty()) return true;
    RunSpec spec = s.spec;
    spec.variant = s.like;
    spec.n = n;
    spec.values.clear();
    spec.input = InputKind::Ones;
    spec.heads.clear();
    spec.threads = 0;
    return !validate_and_resolve(spec);  // the model's block may differ: only the output is compared
}

}  // namespace

std::string output_difference(const Trace& t) {
    const auto want = sequential_scan(t.input, t.spec.op, t.spec.type, t.spec.exclusive);
    // The segmented scan restarts at each head.
    std::vector<double> expected = want;
    if (!t.heads.empty()) {
        std::vector<double> seg;
        for (size_t i = 0; i < t.input.size();) {
            size_t j = i + 1;
            while (j < t.input.size() && !(j < t.heads.size() && t.heads[j])) ++j;
            std::vector<double> part(t.input.begin() + static_cast<long>(i),
                                     t.input.begin() + static_cast<long>(j));
            auto s = sequential_scan(part, t.spec.op, t.spec.type, t.spec.exclusive);
            seg.insert(seg.end(), s.begin(), s.end());
            i = j;
        }
        expected = seg;
    }
    // float32: the kernel adds in its tree's order, the sequential scan left to right; rounding
    // differs by a few units in the last place of the running magnitude.
    std::vector<double> magnitude(expected.size(), 0.0);
    double running = 0;
    for (size_t i = 0; i < t.input.size() && i < magnitude.size(); ++i) {
        running += std::fabs(t.input[i]);
        magnitude[i] = running;
    }
    auto close = [&](size_t i) {
        if (t.spec.type != ElemType::F32 || t.spec.op != Op::Add) return false;
        return std::fabs(t.output[i] - expected[i]) <= 1e-5 * std::max(1.0, magnitude[i]);
    };
    if (t.output.size() != expected.size())
        return i18n::format(i18n::tr("the output has %zu elements, expected %zu"), t.output.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        const bool same =
            t.output[i] == expected[i] || (std::isnan(t.output[i]) && std::isnan(expected[i])) || close(i);
        if (!same)
            return i18n::format(i18n::tr("out[%zu] is %s, expected %s"), i,
                                format_value(t.output[i], t.spec.type).c_str(),
                                format_value(expected[i], t.spec.type).c_str());
    }
    return "";
}

CheckLines check_outputs(const LearnerEngine& engine, const LearnerRequest& request, const Trace& first,
                         std::vector<LearnerRun>* others) {
    CheckLines lines;
    const std::string head = "n = " + std::to_string(request.spec.n) + ", " + input_words(request.spec);
    if (std::string d = output_difference(first); !d.empty())
        lines.failed.push_back(i18n::format(i18n::tr("wrong output (%s): %s"), head.c_str(), d.c_str()));
    else
        lines.passed.push_back(i18n::format(i18n::tr("output right (%s)"), head.c_str()));
    // A run that traced nothing (a plain CUDA file whose shared memory cannot be traced) says so.
    if (first.layout.regions.empty())
        lines.failed.push_back(no_array_traced_line(request.source, request.settings.block));

    // More runs: the same size with other inputs, then smaller sizes the kernel accepts.
    std::vector<RunSpec> more;
    const KernelSettings& s = request.settings;
    auto with = [&](int n, InputKind kind, uint64_t seed) {
        RunSpec spec = request.spec;
        spec.n = n;
        spec.input = kind;
        spec.seed = seed;
        spec.values.clear();
        if (!spec.heads.empty()) spec.heads.resize(static_cast<size_t>(n), 0);
        return spec;
    };
    more.push_back(with(request.spec.n, InputKind::Ones, 1));
    more.push_back(with(request.spec.n, InputKind::Random, request.spec.seed + 17));
    RunSpec extreme = with(request.spec.n, InputKind::Given, 1);
    extreme.values = extreme_values(extreme);
    more.push_back(extreme);
    for (int n : {request.spec.n - 1, request.spec.n / 2 + 1, 1})
        if (n >= 1 && n < request.spec.n && size_accepted(s, n))
            more.push_back(with(n, InputKind::Random, 3));

    int right = 0;
    std::vector<LearnerRequest> runs;  // independent: run at once (run_learner_all)
    for (const RunSpec& spec : more) {
        runs.push_back(request);
        runs.back().spec = spec;
    }
    const std::vector<LearnerRun> done = run_learner_all(engine, runs, first.source.kind);
    for (size_t k = 0; k < more.size(); ++k) {
        const RunSpec& spec = more[k];
        const LearnerRun& run = done[k];
        const std::string what =
            "n = " + std::to_string(spec.n) + ", " +
            (spec.input == InputKind::Given ? std::string(i18n::tr("extreme values")) : input_words(spec));
        if (!run.error.empty()) {
            lines.failed.push_back(i18n::format(i18n::tr("run with %s: %s"), what.c_str(), run.error.c_str()));
            continue;
        }
        if (std::string d = output_difference(run.trace); !d.empty())
            lines.failed.push_back(i18n::format(i18n::tr("wrong output (%s): %s"), what.c_str(), d.c_str()));
        else
            ++right;
    }
    if (others) *others = done;
    if (right > 0)
        lines.passed.push_back(i18n::format(i18n::trn("output right in %d more run (other inputs and sizes)",
                                                      "output right in %d more runs (other inputs and sizes)",
                                                      static_cast<unsigned long>(right)),
                                            right));
    return lines;
}

ModelComparison compare_with_twin(const Trace& yours, const KernelSettings& settings) {
    ModelComparison c;
    if (settings.like.empty()) return c;
    RunSpec spec = yours.spec;
    spec.variant = settings.like;
    spec.threads = 0;
    spec.items_per_thread = 0;
    if (spec.input != InputKind::Given) {
        spec.values = yours.input;
        spec.input = InputKind::Given;
    }
    if (auto err = validate_and_resolve(spec)) {
        c.difference = i18n::format(i18n::tr("%s does not take this run: %s"), settings.like.c_str(), err->c_str());
        return c;
    }
    Trace model;
    try {
        model = Runner{}.run(spec, RunSource::Model);
    } catch (const std::exception& e) {
        c.difference = i18n::format(i18n::tr("%s's model failed: %s"), settings.like.c_str(), e.what());
        return c;
    }
    ComputationVerdict v = compare_computation(model, yours, settings.like);
    c.difference = std::move(v.line);
    c.notes = std::move(v.notes);
    return c;
}

std::string compare_with_model(const Trace& yours, const KernelSettings& settings) {
    return compare_with_twin(yours, settings).difference;
}

std::vector<std::string> hazard_lines(const Trace& t, int max_lines) {
    std::vector<std::string> out;
    HazardReport rep;
    try {
        rep = analyze_hazards(t, RaceWhatIf{});
    } catch (const std::exception& e) {
        return {i18n::format(i18n::tr("the hazard analysis failed: %s"), e.what())};
    }
    auto slot_name = [&](int slot) {
        for (const Region& r : t.layout.regions)
            if (slot >= r.first_slot && slot < r.first_slot + r.count)
                return r.name + "[" + std::to_string(slot - r.first_slot) + "]";
        return i18n::format(i18n::tr("slot %d"), slot);
    };
    auto step_name = [&](int s) {
        return s >= 0 && s < static_cast<int>(t.steps.size())
                   ? i18n::format(i18n::tr("step %d (%s)"), s,
                                  i18n::step_label(t.steps[static_cast<size_t>(s)].label).c_str())
                   : i18n::format(i18n::tr("step %d"), s);
    };
    int shown = 0;
    for (const Hazard& h : rep.hazards) {
        if (shown++ >= max_lines) break;
        const Access& first = h.kind == HazardKind::RAW ? h.write : h.read;
        const Access& second = h.kind == HazardKind::RAW ? h.read : h.write;
        // One sentence per kind (who writes, who reads) and per scope (the barrier that is missing).
        const char* sentence = nullptr;
        switch (h.kind) {
            case HazardKind::RAW:
                sentence = h.between_warps
                               ? i18n::tr("RAW on %s: thread %d writes it in %s, thread %d reads it in %s, and no "
                                          "barrier orders them: a __syncthreads() is missing between the two "
                                          "(different warps)")
                               : i18n::tr("RAW on %s: thread %d writes it in %s, thread %d reads it in %s, and no "
                                          "barrier orders them: a __syncwarp() is missing between the two (lanes "
                                          "of one warp)");
                break;
            case HazardKind::WAR:
                sentence = h.between_warps
                               ? i18n::tr("WAR on %s: thread %d reads it in %s, thread %d writes it in %s, and no "
                                          "barrier orders them: a __syncthreads() is missing between the two "
                                          "(different warps)")
                               : i18n::tr("WAR on %s: thread %d reads it in %s, thread %d writes it in %s, and no "
                                          "barrier orders them: a __syncwarp() is missing between the two (lanes "
                                          "of one warp)");
                break;
            default:
                sentence = h.between_warps
                               ? i18n::tr("WAW on %s: thread %d writes it in %s, thread %d writes it in %s, and no "
                                          "barrier orders them: a __syncthreads() is missing between the two "
                                          "(different warps)")
                               : i18n::tr("WAW on %s: thread %d writes it in %s, thread %d writes it in %s, and no "
                                          "barrier orders them: a __syncwarp() is missing between the two (lanes "
                                          "of one warp)");
                break;
        }
        out.push_back(i18n::format(sentence, slot_name(h.slot).c_str(), first.thread, step_name(first.step).c_str(),
                                   second.thread, step_name(second.step).c_str()));
    }
    if (rep.count() > max_lines)
        out.push_back(i18n::format(i18n::tr("... and %d more hazards (%d RAW, %d WAR, %d WAW)"),
                                   rep.count() - max_lines, rep.raw, rep.war, rep.waw));
    return out;
}

CheckLines check_run(const LearnerEngine& engine, const LearnerRequest& request, const LearnerRun& run,
                     int launches, std::string_view source_kind) {
    std::vector<LearnerRun> others;
    CheckLines checks = check_outputs(engine, request, run.trace, &others);
    ModelComparison twin = compare_with_twin(run.trace, request.settings);
    // The header's input can hide a wrong index (a ramp's element 0 is the identity, so `t > d`
    // for `t >= d` computes the same sums): the same size with every element one is compared too.
    if (twin.difference.empty() && !request.settings.like.empty() && !others.empty() && others[0].error.empty() &&
        others[0].trace.spec.n == run.trace.spec.n && request.spec.input != InputKind::Ones) {
        ModelComparison ones = compare_with_twin(others[0].trace, request.settings);
        if (!ones.difference.empty())
            twin.difference = i18n::format(i18n::tr("with input = ones: %s"), ones.difference.c_str());
    }
    if (!twin.difference.empty())
        checks.failed.push_back(
            i18n::format(i18n::tr("not like %s: %s"), request.settings.like.c_str(), twin.difference.c_str()));
    else if (!request.settings.like.empty())
        checks.passed.push_back(
            i18n::format(i18n::tr("equal to %s's model, step by step"), request.settings.like.c_str()));
    checks.notes = std::move(twin.notes);
    if (launches > 1) {
        const RepeatedRuns rr = check_repeated(engine, request, run, launches, source_kind);
        (rr.wrong ? checks.failed : checks.passed).push_back(rr.line);
    }
    const auto hazards = hazard_lines(run.accesses);
    for (const std::string& h : hazards) checks.failed.push_back(i18n::format(i18n::tr("hazard: %s"), h.c_str()));
    // Nothing traced, nothing to say of its hazards (check_outputs said why nothing was traced).
    if (hazards.empty() && !run.accesses.layout.regions.empty())
        checks.passed.push_back(
            i18n::tr("no hazard: every pair of accesses to a shared slot is ordered by a barrier"));
    return checks;
}

}  // namespace scanviz

namespace scanviz {

RepeatedRuns check_repeated(const LearnerEngine& engine, const LearnerRequest& request, const LearnerRun& first,
                            int runs, std::string_view source_kind) {
    RepeatedRuns r;
    const bool gpu = source_kind == "gpu";
    if (runs < 2) return r;
    r.runs = 1;
    r.wrong = output_difference(first.trace).empty() ? 0 : 1;
    if (gpu) {
        // The traced launch (one block), then launches 2..N of many blocks each: each distinct
        // output with how many blocks gave it.
        long long blocks = 0;
        for (size_t i = 0; i < first.more_outputs.size(); ++i) {
            Trace t = first.trace;
            t.output = first.more_outputs[i];
            const long long count = i < first.more_counts.size() ? first.more_counts[i] : 1;
            blocks += count;
            r.runs += count;
            if (!output_difference(t).empty()) r.wrong += count;
        }
        const long long per_launch = runs > 1 ? blocks / (runs - 1) : 0;
        r.line = r.wrong == 0
                     ? i18n::format(i18n::tr("every output right in %lld blocks on the GPU (the traced launch, then "
                                             "%d launches of %lld blocks at once)"),
                                    r.runs, runs - 1, per_launch)
                     : i18n::format(i18n::tr("wrong output in %lld of %lld blocks on the GPU (the traced launch, "
                                             "then %d launches of %lld blocks at once)"),
                                    r.wrong, r.runs, runs - 1, per_launch);
    } else {
        // Independent runs: at once (run_learner_all), 64 at a time, so that only their counts stay.
        for (int k0 = 1; k0 < runs; k0 += 64) {
            std::vector<LearnerRequest> more;
            for (int k = k0; k < runs && k < k0 + 64; ++k) {
                more.push_back(request);
                more.back().schedule = Schedule::Interleaved;
                more.back().schedule_seed = request.schedule_seed + static_cast<uint64_t>(k);
            }
            for (const LearnerRun& run : run_learner_all(engine, more, source_kind)) {
                ++r.runs;
                if (!run.error.empty() || !output_difference(run.trace).empty()) ++r.wrong;
            }
        }
        r.line = r.wrong == 0
                     ? i18n::format(i18n::tr("every output right in %lld runs of the interleaved schedule"), r.runs)
                     : i18n::format(i18n::tr("wrong output in %lld of %lld runs of the interleaved schedule"),
                                    r.wrong, r.runs);
    }
    return r;
}

}  // namespace scanviz
