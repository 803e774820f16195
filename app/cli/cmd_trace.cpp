// scanviz trace: run one variant (GPU or reference model) and print its trace,
// as a readable per-step table or as JSON; or print a saved trace (--from).
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/common/output.hpp"
#include "core/trace/json.hpp"
#include "core/analysis/trace_text.hpp"
#include "core/models/variants.hpp"
#include "core/recording/recording.hpp"
#include "core/run/badge.hpp"
#include "core/run/runner.hpp"
#include "core/run/spec_text.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::cli {
namespace {

struct TraceArgs {
    std::string variant;
    int n = 0;
    int threads = 0;
    int items = 0;
    std::string op = "add";
    std::string type = "i32";
    bool exclusive = false;
    uint64_t seed = 1;
    std::string input;
    std::string fill;
    std::string heads;
    std::string backend = "auto";
    std::string format = "text";
    std::string out;
    std::string from;
    bool full = false;
    // Which options were given (CLI11 fills these after parsing).
    CLI::Option* n_opt = nullptr;
    std::vector<CLI::Option*> spec_opts;  // options that describe a run (not allowed with --from)
};

RunSpec build_spec(const TraceArgs& a) {
    SpecText t;
    t.variant = a.variant;
    if (a.n_opt->count()) t.n = a.n;
    t.threads = a.threads;
    t.items = a.items;
    t.op = a.op;
    t.type = a.type;
    t.exclusive = a.exclusive;
    t.seed = a.seed;
    t.input = a.input;
    t.fill = a.fill;
    t.heads = a.heads;
    return spec_from_text(t);
}

Trace make_trace(const TraceArgs& a) {
    const RunSpec spec = build_spec(a);
    if (a.backend == "model") return Runner().run(spec, RunSource::Model);
    // --backend gpu forces the GPU; auto is the Runner's order (no recording here:
    // the GPU when there is one and the variant has a kernel, else the model).
    const Runner runner(gpu::trace_capture());
    if (a.backend == "gpu") {
        if (!runner.gpu_present())
            throw std::runtime_error(i18n::format(i18n::tr("--backend gpu: no GPU to run on (%s)"), runner.gpu().why_not.c_str()));
        if (!runner.gpu_runs(spec.variant))
            throw std::runtime_error(
                i18n::format(i18n::tr("--backend gpu: this build has no GPU kernel for '%s' (try --backend model)"),
                     spec.variant.c_str()));
        return runner.run(spec, RunSource::Gpu);
    }
    return runner.run(spec);
}

void emit(const std::string& text, const std::string& path) {
    if (path.empty()) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return;
    }
    write_file_atomically(path, text);
}

// The options that pick a recorded trace of the same spec (threads and items only
// where they differ from the variant's defaults), e.g. "--variant block_blelloch --n 64
// --op add --type i32 --seed 1".
std::string selector(const RunSpec& s) {
    std::string out = "--variant " + s.variant + " --n " + std::to_string(s.n) + " --op " +
                      std::string(to_string(s.op)) + " --type " + std::string(to_string(s.type));
    if (s.exclusive) out += " --exclusive";
    RunSpec defaults = s;
    defaults.threads = 0;
    defaults.items_per_thread = 0;
    if (!validate_and_resolve(defaults)) {
        if (defaults.threads != s.threads) out += " --threads " + std::to_string(s.threads);
        if (defaults.items_per_thread != s.items_per_thread) out += " --items " + std::to_string(s.items_per_thread);
    }
    if (s.input == InputKind::Random)
        out += " --seed " + std::to_string(s.seed);
    else if (s.input == InputKind::Given)
        out += " --input <" + std::to_string(s.values.size()) + " values>";
    else
        out += " --fill " + std::string(to_string(s.input));
    if (!s.heads.empty()) out += " --heads <" + std::to_string(s.heads.size()) + " flags>";
    return out;
}

std::string recording_contents(const Recording& rec) {
    std::string out;
    for (const Trace& t : rec.traces) out += "  " + selector(t.spec) + "\n";
    return out;
}

// --from a recording: the recorded trace of the spec the options give, or the list of
// what the recording holds (no --variant: on standard output; no match: an error).
std::optional<Trace> recorded_trace(const TraceArgs& a) {
    for (const CLI::Option* o : a.spec_opts)
        if (o->count() && o->get_name() == "--backend")
            throw std::invalid_argument(i18n::tr(
                "--backend does not apply to --from: a recording's traces were made on the GPU that recorded them"));
    const Recording rec = load_recording(a.from);
    if (a.variant.empty()) {
        const size_t n = rec.traces.size();
        std::printf("%s\n%s",
                    i18n::format(i18n::tr("%s holds %zu traces, %s; print one with scanviz trace --from %s and its options:"),
                         a.from.c_str(), n, rec.badge().c_str(), a.from.c_str())
                        .c_str(),
                    recording_contents(rec).c_str());
        return std::nullopt;
    }
    const RunSpec spec = build_spec(a);
    if (const Trace* t = rec.find(spec)) return as_recorded(rec, *t);
    // One line: what was asked, what the recording has of that variant, how to list it all.
    std::string same_variant;
    int count = 0;
    for (const Trace& t : rec.traces)
        if (t.spec.variant == spec.variant) {
            const std::string n = std::to_string(t.spec.n);
            if (same_variant.find("n = " + n + ",") == std::string::npos) same_variant += "n = " + n + ", ";
            ++count;
        }
    const std::string sizes = same_variant.substr(0, same_variant.empty() ? 0 : same_variant.size() - 2);
    const size_t all = rec.traces.size();
    throw std::runtime_error(
        count == 0 ? i18n::format(i18n::tr("%s holds no trace for %s (it holds no trace of %s; scanviz trace --from %s "
                                   "lists all %zu)"),
                          a.from.c_str(), selector(spec).c_str(), spec.variant.c_str(), a.from.c_str(), all)
                   : i18n::format(i18n::tr("%s holds no trace for %s (it holds %d of %s at %s; scanviz trace --from %s "
                                   "lists all %zu)"),
                          a.from.c_str(), selector(spec).c_str(), count, spec.variant.c_str(), sizes.c_str(),
                          a.from.c_str(), all));
}

int run_trace(const TraceArgs& a) {
    const bool recording = !a.from.empty() && looks_like_recording(a.from);
    if (!a.from.empty() && !recording)
        for (const CLI::Option* o : a.spec_opts)
            if (o->count())
                throw std::invalid_argument(
                    i18n::format(i18n::tr("--from prints a saved trace; %s describes a new run (give one or the other)"),
                         o->get_name().c_str()));
    std::optional<Trace> recorded;
    if (recording) {
        recorded = recorded_trace(a);
        if (!recorded) return 0;
    }
    const Trace t = recording ? std::move(*recorded) : a.from.empty() ? make_trace(a) : load_trace_file(a.from);
    if (a.format == "json") {
        emit(trace_to_json_text(t) + "\n", a.out);
    } else {
        TextOptions o;
        o.elide_hint = "; --full shows every cell";
        if (a.full) o.max_cells = o.max_values = 1 << 30;
        emit(trace_to_text(t, o), a.out);
    }
    return 0;
}

}  // namespace

void add_trace_command(CLI::App& app, CommandResult& result) {
    auto a = std::make_shared<TraceArgs>();
    CLI::App* cmd = app.add_subcommand(
        "trace", i18n::tr("Run one variant and print every step (readable table or JSON), or print a saved trace"));
    std::vector<CLI::Option*>& spec_opts = a->spec_opts;
    spec_opts.push_back(cmd->add_option("--variant", a->variant, i18n::tr("Variant id (scanviz list shows them)")));
    a->n_opt =
        cmd->add_option("--n", a->n, i18n::tr("Number of elements (default: the variant's, or the --input count)"));
    spec_opts.push_back(a->n_opt);
    spec_opts.push_back(
        cmd->add_option("--threads", a->threads, i18n::tr("Threads per block (default: the variant's)")));
    spec_opts.push_back(
        cmd->add_option("--items", a->items, i18n::tr("Items per thread, for the CUB-style block scans")));
    spec_opts.push_back(cmd->add_option("--op", a->op, i18n::tr("Operator: add, max or min (default add)")));
    spec_opts.push_back(cmd->add_option("--type", a->type, i18n::tr("Element type: i32 or f32 (f32 with add only)")));
    spec_opts.push_back(cmd->add_flag("--exclusive", a->exclusive, i18n::tr("Exclusive scan (default inclusive)")));
    CLI::Option* seed = cmd->add_option("--seed", a->seed, i18n::tr("Seed of the random input (default 1)"));
    CLI::Option* input =
        cmd->add_option("--input", a->input, i18n::tr("The input values: 3,1,4,1,5 (sets n to their count)"));
    CLI::Option* fill = cmd->add_option("--fill", a->fill, i18n::tr("Generated input: random (default), ones or ramp"));
    spec_opts.insert(spec_opts.end(), {seed, input, fill});
    input->excludes(seed)->excludes(fill);
    spec_opts.push_back(
        cmd->add_option("--heads", a->heads, i18n::tr("Segment heads, 0 or 1 per element (segmented scan)")));
    spec_opts.push_back(
        cmd->add_option("--backend", a->backend,
                        i18n::tr("gpu, model, or auto (default: the GPU when there is one and the variant "
                        "has a kernel, else the model)"))
            ->check(CLI::IsMember({"gpu", "model", "auto"})));
    cmd->add_option("--format", a->format, i18n::tr("text (a table, one row per step; default) or json"))
        ->check(CLI::IsMember({"text", "json"}));
    cmd->add_option("-o,--output", a->out, i18n::tr("Write to FILE instead of standard output"));
    cmd->add_flag("--full", a->full, i18n::tr("Show every cell of long states (default: the first and last ones)"));
    cmd->add_option("--from", a->from,
                    i18n::tr("Print a saved trace (.json), or a recording's trace (.svzrec: the options pick it; "
                    "without --variant, list what it holds)"));
    cmd->callback([&result, a]() { result.exit_code = run_trace(*a); });
}

}  // namespace scanviz::cli
