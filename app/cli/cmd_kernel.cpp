// scanviz kernel FILE.cu: compile a learner's own scan kernel, step through it like a
// built-in variant (the same Trace, so every view, check and export works on it) and check it.
//
//   scanviz kernel FILE.cu [--n N] [--input random|ones|ramp|3,1,4,...] [--op add|max|min]
//                  [--type i32|f32] [--exclusive] [--like VARIANT] [--engine cpu|gpu]
//                  [--schedule lockstep|interleaved] [--format text|json|csv] [--record OUT.json]
//                  [--timeout S] [--bench] [--profile]
//
// The file's `// scanviz:` header says how to run it (core/learner/settings.hpp); the options
// change it for this run. Prints the steps and the checks (core/learner/check.hpp); one line
// on stderr and a non-zero exit for a compile error, a timeout, a crash, a wrong output, a
// difference from the `like` variant's model, a hazard.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/analysis/trace_text.hpp"
#include "core/common/output.hpp"
#include "core/learner/check.hpp"
#include "core/learner/engine_cpu.hpp"
#include "core/models/variants.hpp"
#include "core/trace/json.hpp"
#include "core/learner/engine_files.hpp"
#include "kernels/learner/gpu_engine.hpp"
#include "kernels/learner/learner_bench.hpp"
#include "kernels/learner/learner_sass.hpp"
#include "kernels/sass/sass_paths.hpp"

namespace scanviz::cli {
namespace {

struct KernelArgs {
    std::string file;
    int n = 0;
    std::string input;
    std::string op;
    std::string type;
    bool exclusive = false;
    std::string like;
    std::string engine = "cpu";
    std::string schedule = "lockstep";
    std::string format = "text";
    std::string record;
    double timeout = 2.0;
    int launches = 1;
    bool sass = false;
    bool bench = false;    // time it beside ours at full occupancy (core/learner/learner_bench.hpp)
    bool profile = false;  // ncu's profile table columns beside its twin's
    std::string arch;
    CLI::Option* n_opt = nullptr;
    CLI::Option* exclusive_opt = nullptr;
};

// The GPU engine the kernels library lends (NVRTC, kernels/learner/gpu_engine.hpp).
LearnerGpuEngine learner_gpu_engine() { return learner::gpu_engine(); }

std::string read_source(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(i18n::format(i18n::tr("cannot read %s"), path.c_str()));
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
}

KernelSettings settings_of(const KernelArgs& a, const std::string& source) {
    ParsedSettings p = parse_settings(source, a.file);
    if (!p.error.empty()) throw std::runtime_error(p.error);
    KernelSettings s = p.settings;
    if (a.n_opt->count()) s.spec.n = a.n;
    if (!a.op.empty()) {
        auto op = parse_op(a.op);
        if (!op) throw std::invalid_argument(i18n::format(i18n::tr("--op '%s': expected add, max or min"), a.op.c_str()));
        s.spec.op = *op;
    }
    if (!a.type.empty()) {
        auto t = parse_type(a.type);
        if (!t) throw std::invalid_argument(i18n::format(i18n::tr("--type '%s': expected i32 or f32"), a.type.c_str()));
        s.spec.type = *t;
    }
    if (a.exclusive_opt->count()) s.spec.exclusive = a.exclusive;
    if (!a.input.empty()) {
        auto kind = parse_input_kind(a.input);
        if (kind && *kind != InputKind::Given) {
            s.spec.input = *kind;
            s.spec.values.clear();
        } else {
            auto pv = parse_values(a.input, s.spec.type);
            if (!pv.error.empty()) throw std::invalid_argument("--input: " + pv.error);
            s.spec.input = InputKind::Given;
            s.spec.values = pv.values;
            if (!a.n_opt->count()) s.spec.n = static_cast<int>(pv.values.size());
        }
    }
    if (!a.like.empty()) {
        if (!find_variant(a.like))
            throw std::invalid_argument(i18n::format(i18n::tr("--like '%s': no such variant (scanviz list)"), a.like.c_str()));
        s.like = a.like;
    }
    if (!s.spec.heads.empty()) s.spec.heads.resize(static_cast<size_t>(s.spec.n), 0);
    s.spec.variant = s.like;
    if (std::string err = check_settings(s, a.file); !err.empty()) throw std::runtime_error(err);
    return s;
}

std::string csv_of(const Trace& t) {
    std::string out = "step,label,barrier,thread,kind,reads,writes\n";  // CSV: stays English
    auto slots = [](const std::vector<int>& v) {
        std::string s;
        for (size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + std::to_string(v[i]);
        return s;
    };
    for (size_t k = 0; k < t.steps.size(); ++k)
        for (const Operation& op : t.steps[k].ops)
            out += std::to_string(k) + ",\"" + t.steps[k].label + "\",\"" + t.steps[k].barrier + "\"," +
                   std::to_string(op.thread) + "," + std::string(to_string(op.kind)) + "," + slots(op.reads) +
                   "," + slots(op.writes) + "\n";
    return out;
}

// --bench and --profile: on the GPU engine's child, whatever --engine says; a table on stdout, or
// one line and a non-zero exit where the GPU, NVRTC or ncu is missing.
int measure_kernel(const KernelArgs& a, const LearnerRequest& request) {
    LearnerGpuEngine gpu = learner_gpu_engine();
    if (!gpu.present()) throw std::runtime_error(gpu.why_not);
    if (a.bench) {
        const learner::BenchChildResult b = learner::run_learner_bench(request);
        if (!b.error.empty()) throw std::runtime_error(a.file + ": --bench: " + b.error);
        std::string why;
        std::optional<learner_bench::BenchTable> t = learner_bench::parse_bench_output(b.out, &why);
        if (!t) throw std::runtime_error(a.file + ": --bench: " + why);
        t->file = a.file;
        std::printf("%s", learner_bench::format_bench_text(*t).c_str());
    }
    if (a.profile) {
        const std::string ncu = learner::find_ncu();
        if (ncu.empty())
            throw std::runtime_error(i18n::tr("--profile: no ncu (Nsight Compute) on PATH or in /usr/local/cuda/bin"));
        const learner::ProfileChildResult p = learner::run_learner_profile(request, ncu);
        if (!p.error.empty()) throw std::runtime_error(a.file + ": --profile: " + p.error);
        std::printf("%s", learner_bench::format_profile_text(p.result).c_str());
    }
    std::fflush(stdout);
    return 0;
}

int run_kernel(const KernelArgs& a) {
    const std::string source = read_source(a.file);
    LearnerRequest request;
    request.file = a.file;
    request.source = source;
    request.settings = settings_of(a, source);
    request.spec = settings_spec(request.settings);
    request.schedule = a.schedule == "interleaved" ? Schedule::Interleaved : Schedule::Lockstep;
    request.schedule_seed = request.spec.seed;
    request.timeout_s = a.timeout;
    if (a.bench || a.profile) return measure_kernel(a, request);

    LearnerEngine engine;
    std::string kind = a.engine;
    if (a.engine == "gpu") {
        LearnerGpuEngine gpu = learner_gpu_engine();
        if (!gpu.present()) throw std::runtime_error(gpu.why_not);
        engine = gpu.run;
    } else {
        engine = cpu_engine();
    }
    LearnerRequest traced = request;  // the GPU launches it a.launches times; the checks' runs once
    traced.launches = a.engine == "gpu" ? a.launches : 1;
    LearnerRun run = run_learner(engine, traced, kind);
    if (!run.error.empty())
        throw std::runtime_error(run.error.rfind(a.file, 0) == 0 ? run.error : a.file + ": " + run.error);

    CheckLines checks = check_run(engine, request, run, a.launches, kind);

    // The SASS counts beside the built-in twin's (NVRTC + nvdisasm; no GPU needed).
    std::string sass_text;
    if (a.sass) {
        const auto& p = kern::sass_paths();
        const std::vector<std::string> archs = kern::available_sass_archs();
        const std::string arch = a.arch.empty() ? sass::default_arch(archs) : a.arch;
        const learner::LearnerSass mine =
            learner::learner_sass(source, std::filesystem::path(a.file).filename().string(), request.settings.kernel,
                                  learner_files::include_dir(), arch.empty() ? std::string(sass::kDefaultArch) : arch);
        if (!mine.error.empty()) {
            checks.failed.push_back("SASS: " + mine.error);
        } else {
            std::vector<sass::Row> rows;
            if (!request.settings.like.empty()) {
                const std::vector<std::string> one_arch{mine.row.arch}, like{request.settings.like};
                rows = sass::count_table(sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built}, one_arch, like);
            }
            rows.push_back(mine.row);
            sass_text = sass::format_text(rows);
        }
    }

    if (!a.record.empty()) save_trace_file(a.record, run.trace);
    if (a.format == "json") {
        nlohmann::json j;
        j["trace"] = trace_to_json(run.trace);
        j["passed"] = checks.passed;
        j["failed"] = checks.failed;
        j["notes"] = checks.notes;
        std::printf("%s\n", j.dump(1).c_str());
    } else if (a.format == "csv") {
        const std::string csv = csv_of(run.trace);
        std::fwrite(csv.data(), 1, csv.size(), stdout);
    } else {
        std::printf("%s", trace_to_text(run.trace).c_str());
        if (!run.log.empty()) std::printf("%s\n%s", i18n::tr("the kernel printed:"), run.log.c_str());
        if (!sass_text.empty()) std::printf("sass\n%s", sass_text.c_str());
        std::printf("%s\n", i18n::trc("heading", "checks"));
        // The marks stay as they are, as `lesson check` prints them; the checks are core's (English).
        for (const std::string& p : checks.passed) std::printf("  ok    %s\n", p.c_str());
        for (const std::string& f : checks.failed) std::printf("  FAIL  %s\n", f.c_str());  // untranslated: a mark
        for (const std::string& n : checks.notes) std::printf("  note  %s\n", n.c_str());  // untranslated: a mark
    }
    std::fflush(stdout);
    // One line on stderr: the first failure, and how many more the checks above list.
    if (!checks.ok()) {
        const size_t more = checks.failed.size() - 1;
        std::fprintf(stderr, "scanviz: %s: %s%s\n", a.file.c_str(), checks.failed.front().c_str(),
                     more ? i18n::format(i18n::tr(" (and %zu more failed checks above)"), more).c_str() : "");
    }
    return checks.ok() ? 0 : 1;
}

}  // namespace

void add_kernel_command(CLI::App& app, CommandResult& result) {
    auto a = std::make_shared<KernelArgs>();
    CLI::App* cmd = app.add_subcommand(
        "kernel",
        i18n::tr("Compile your own scan kernel (a .cu file with a // scanviz: header), step through it and check it"));
    cmd->add_option("file", a->file, i18n::tr("The kernel file (.cu)"))->required();
    a->n_opt = cmd->add_option("--n", a->n, i18n::tr("Number of elements (default: the header's)"));
    cmd->add_option("--input", a->input,
                    i18n::tr("random, ones, ramp or the values 3,1,4,1,5 (default: the header's)"));
    cmd->add_option("--op", a->op, i18n::tr("add, max or min (default: the header's)"));
    cmd->add_option("--type", a->type, i18n::tr("i32 or f32 (default: the header's)"));
    a->exclusive_opt = cmd->add_flag("--exclusive", a->exclusive, i18n::tr("Exclusive scan (default: the header's)"));
    cmd->add_option("--like", a->like, i18n::tr("Compare the trace with this built-in variant's model (scanviz list)"));
    cmd->add_option("--engine", a->engine, i18n::tr("cpu (the host compiler; default) or gpu (NVRTC)"))
        ->check(CLI::IsMember({"cpu", "gpu"}));
    cmd->add_option(
           "--schedule", a->schedule,
           i18n::tr("CPU engine: lockstep (a warp's lanes in step; default) or interleaved (out of step, to expose "
           "warp-synchronous races)"))
        ->check(CLI::IsMember({"lockstep", "interleaved"}));
    cmd->add_option("--format", a->format, i18n::tr("text (default), json or csv"))
        ->check(CLI::IsMember({"text", "json", "csv"}));
    cmd->add_option("--record", a->record,
                    i18n::tr("Write the trace as JSON (the window and the published pages open it)"));
    cmd->add_option("--launches", a->launches,
                    i18n::tr("Run the kernel this many times and count the wrong outputs, as the race lab does "
                    "(GPU: launches; CPU: runs of the interleaved schedule, one seed each; default 1)"))
        ->check(CLI::Range(1, 10000));
    cmd->add_flag("--sass", a->sass,
                  i18n::tr("Also compile it as plain CUDA with NVRTC and count its SASS instructions by class, beside "
                  "the --like variant's (needs NVRTC and nvdisasm, not a GPU)"));
    cmd->add_option("--arch", a->arch, i18n::tr("The architecture of --sass (default: the SASS view's, sm_90)"));
    cmd->add_flag("--bench", a->bench,
                  i18n::tr("Time it on the GPU as scanviz bench times the block scans (tiles of its n over 2^24 "
                  "elements, one block each, 25 runs), beside its like twin, block_hillis_steele and CUB's BlockScan"));
    cmd->add_flag("--profile", a->profile,
                  i18n::tr("Profile it on the GPU with ncu: bank conflicts, shared accesses and executed instructions, "
                  "beside its like twin's"));
    cmd->add_option("--timeout", a->timeout, i18n::tr("Seconds one run may take (default 2)"))
        ->check(CLI::PositiveNumber);
    cmd->callback([&result, a]() { result.exit_code = run_kernel(*a); });
}

}  // namespace scanviz::cli
