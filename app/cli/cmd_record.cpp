// scanviz record -o FILE: what this GPU machine does, in one file any machine opens.
#include <cstdio>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/common/output.hpp"
#include "core/recording/recording.hpp"
#include "core/run/runner.hpp"
#include "core/trace/json.hpp"
#include "core/models/variants.hpp"
#include "kernels/gpu.hpp"
#include "recording_extras.hpp"
#include "validation_run.hpp"

namespace scanviz::cli {
namespace {

struct RecordArgs {
    std::string out;
    std::string specs;            // JSON file: an array of RunSpecs
    std::string validation_from;  // JSON written by `scanviz validate --json`
    std::string bench_from;       // CSV or JSON written by `scanviz bench`
    std::string race_from;        // race table written by `scanviz race --save`
    std::string profile_from;     // JSON written by `scanviz profile --format json`
    bool full_validation = false;
    std::string command_line;
};

// The specs every recording holds: each variant's default input, inclusive and
// exclusive, int32 add, int32 max and float32 add (what the window opens with).
std::vector<RunSpec> default_specs() {
    std::vector<RunSpec> specs;
    for (const auto& v : all_variants()) {
        for (auto [op, type] : {std::pair{Op::Add, ElemType::I32}, std::pair{Op::Max, ElemType::I32},
                                std::pair{Op::Add, ElemType::F32}}) {
            for (bool exclusive : {false, true}) {
                RunSpec s;
                s.variant = std::string(v.id);
                s.n = v.default_n;
                s.op = op;
                s.type = type;
                s.exclusive = exclusive;
                specs.push_back(s);
            }
        }
    }
    return specs;
}

std::vector<RunSpec> load_specs(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw std::runtime_error(i18n::format(i18n::tr("cannot read spec file '%s'"), path.c_str()));
    std::stringstream ss;
    ss << f.rdbuf();
    nlohmann::json j = nlohmann::json::parse(ss.str(), nullptr, false);
    if (j.is_discarded() || !j.is_array())
        throw std::runtime_error(i18n::format(i18n::tr("spec file '%s' is not a JSON array of run specs"), path.c_str()));
    std::vector<RunSpec> specs;
    for (size_t i = 0; i < j.size(); ++i) {
        try {
            specs.push_back(run_spec_from_json(j[i]));
        } catch (const std::exception& e) {
            throw std::runtime_error(i18n::format(i18n::tr("spec file '%s', entry %zu: %s"), path.c_str(), i, e.what()));
        }
    }
    return specs;
}

int run_record(const RecordArgs& args) {
    std::string why;
    auto dev = gpu::find_device(&why);
    if (!dev) {
        std::fprintf(stderr, "scanviz: %s\n",
                     i18n::format(i18n::tr("cannot record: %s (record runs on a machine with an NVIDIA GPU)"), why.c_str())
                         .c_str());
        return 1;
    }
    try {
        Recording rec;
        rec.device = {dev->name, dev->sm(), dev->sm_count, dev->memory_bytes, dev->driver, dev->runtime};
        rec.date = utc_now_iso8601();
        rec.scanviz_version = SCANVIZ_VERSION;
        rec.command = args.command_line;

        // Every trace from the GPU (the Runner, forced: a recording holds nothing else).
        const Runner runner(gpu::trace_capture());
        std::vector<RunSpec> specs = default_specs();
        if (!args.specs.empty())
            for (auto& s : load_specs(args.specs)) specs.push_back(s);
        int k = 0;
        for (RunSpec spec : specs) {
            ++k;
            if (auto err = validate_and_resolve(spec))
                throw std::runtime_error(i18n::format(i18n::tr("spec %s: %s"), spec.variant.c_str(), err->c_str()));
            if (!runner.gpu_runs(spec.variant)) {
                std::fprintf(stderr, "%s\n",
                             i18n::format(i18n::tr("record: %s has no GPU kernel in this build; not recorded"),
                                  spec.variant.c_str())
                                 .c_str());
                continue;
            }
            std::fprintf(stderr, "\r%s",
                         i18n::format(i18n::tr("record: trace %d/%zu %-32s"), k, specs.size(), spec.variant.c_str()).c_str());
            rec.traces.push_back(runner.run(spec, RunSource::Gpu));
        }
        std::fprintf(stderr, "\n");

        if (!args.validation_from.empty()) {
            std::ifstream f(args.validation_from);
            if (!f) throw std::runtime_error(i18n::format(i18n::tr("cannot read '%s'"), args.validation_from.c_str()));
            std::stringstream ss;
            ss << f.rdbuf();
            auto j = nlohmann::json::parse(ss.str(), nullptr, false);
            if (j.is_discarded())
                throw std::runtime_error(i18n::format(i18n::tr("'%s' is not valid JSON"), args.validation_from.c_str()));
            rec.validation = validation_from_json(j);
        } else {
            ValidationOptions opt;
            opt.quick = !args.full_validation;
            rec.validation = run_validation(opt, [](const ValidationCase&, int done, int total) {
                std::fprintf(stderr, "\r%s", i18n::format(i18n::tr("record: validation %d/%d"), done, total).c_str());
            });
            std::fprintf(stderr, "\n");
        }
        if (!args.bench_from.empty()) rec.bench = load_bench_file(args.bench_from);
        if (!args.race_from.empty()) rec.race = load_race_table(args.race_from);
        if (!args.profile_from.empty()) {
            std::ifstream f(args.profile_from, std::ios::binary);
            std::stringstream ss;
            ss << f.rdbuf();
            if (!f) throw std::runtime_error(i18n::format(i18n::tr("cannot read '%s'"), args.profile_from.c_str()));
            try {
                rec.profile = parse_profile_json(ss.str());
            } catch (const std::exception& e) {
                throw std::runtime_error(i18n::format(i18n::tr("--profile-from '%s': %s (scanviz profile --format json "
                                                       "writes one)"),
                                              args.profile_from.c_str(), e.what()));
            }
        }
        add_recording_extras(rec);

        save_recording(args.out, rec);
        // The digest beside it: tests recompute it from the file wherever it is opened.
        write_file_atomically(args.out + ".summary.json", recording_summary(rec).dump(1) + "\n");
        // What else it holds, each item after a list separator (", benchmark results", ", SASS").
        std::string extras;
        if (rec.bench) extras += i18n::tr(", benchmark results");
        if (!rec.sass.is_null()) extras += std::string(i18n::trc("list separator", ", ")) + "SASS";
        const size_t n = rec.traces.size();
        std::printf("%s\n", i18n::format(i18n::tr("recorded %zu traces, %d/%zu validation cases passed%s on %s into %s"),
                                 n, rec.validation ? rec.validation->passed() : 0,
                                 rec.validation ? rec.validation->cases.size() : 0, extras.c_str(),
                                 dev->name.c_str(), args.out.c_str())
                                .c_str());
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "\nscanviz: record: %s\n", e.what());  // untranslated: the command's name
        return 1;
    }
}

}  // namespace

void add_record_command(CLI::App& app, CommandResult& result) {
    auto args = std::make_shared<RecordArgs>();
    CLI::App* cmd = app.add_subcommand(
        "record",
        i18n::tr("Record what this GPU does into one file that any machine can open: the device, the traces of every variant "
        "(default inputs, plus --specs), the validation report, the SASS of every built architecture and benchmark "
        "results"));
    cmd->add_option("-o,--output", args->out, i18n::tr("The recording to write (.svzrec)"))->required();
    cmd->add_option("--specs", args->specs, i18n::tr("A JSON file with an array of run specs to record as well"))
        ->check(CLI::ExistingFile);
    cmd->add_option("--validation-from", args->validation_from,
                    i18n::tr("Take the validation report from this file (scanviz validate --json) instead of running one"))
        ->check(CLI::ExistingFile);
    cmd->add_flag("--full-validation", args->full_validation,
                  i18n::tr("Run the full validation matrix (default: each variant's default size)"));
    cmd->add_option("--race-from", args->race_from,
                    i18n::tr("Include the race lab's measured table (scanviz race --save output)"));
    cmd->add_option("--bench-from", args->bench_from, i18n::tr("Include these benchmark results (scanviz bench output)"))
        ->check(CLI::ExistingFile);
    cmd->add_option("--profile-from", args->profile_from,
                    i18n::tr("Include this profile table (scanviz profile --format json): ncu beside our figures"))
        ->check(CLI::ExistingFile);
    cmd->callback([args, &result, &app] {
        args->command_line = "scanviz record";
        for (const auto& a : app.remaining_for_passthrough()) args->command_line += " " + a;
        result.exit_code = run_record(*args);
    });
}

}  // namespace scanviz::cli
