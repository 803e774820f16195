// scanviz bench: our single-pass scan beside CUB, Thrust and memcpy.
//
//   scanviz bench [--sizes 2^10..2^28] [--variants ...] [--types i32,u32,f32,i64,f64|all]
//                 [--ops add,max,min|all] [--modes inclusive,exclusive] [--exclusive]
//                 [--runs 25] [--format text|csv|json] [--from FILE] [--timeline FILE]
//                 [--policy auto|h100|h200] [--tiles 256,1024] [--tile-elements 2^24]
//
// The block and warp variants run at full occupancy: --tile-elements elements scanned as
// independent tiles (one block each) of each --tiles size, in one launch.
//
// With --from it re-prints a saved CSV or JSON in another format and needs no GPU.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/common/output.hpp"
#include "core/bench/bench.hpp"
#include "core/bench/lookback_policy.hpp"
#include "core/bench/lookback_timeline.hpp"
#include "kernels/bench/bench.hpp"
#include "kernels/device/decoupled_lookback.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::cli {
namespace {

struct BenchArgs {
    std::string sizes = "2^10..2^28";
    std::vector<std::string> variants;
    std::vector<std::string> types = {"i32"};
    std::vector<std::string> ops = {"add"};
    std::vector<std::string> modes;
    bool exclusive = false;
    int runs = 25;
    int warmup = 3;
    uint64_t seed = 1;
    std::string format = "text";
    std::string from;
    std::string timeline;
    std::string timeline_n = "2^22";
    std::string policy = "auto";
    std::vector<int> tiles = {256, 1024};
    std::string tile_elements = "2^24";
    std::string command;
};

std::string render(const BenchReport& rep, const std::string& format) {
    if (format == "csv") return to_csv(rep);
    if (format == "json") return to_json(rep);
    return format_bench_text(rep);
}

// The run's options as a command line, for the results' metadata.
std::string command_line(const BenchArgs& a) {
    std::string c = "scanviz bench --sizes " + a.sizes;
    if (!a.variants.empty()) {
        c += " --variants ";
        for (size_t i = 0; i < a.variants.size(); ++i) c += (i ? "," : "") + a.variants[i];
    }
    auto list = [](const std::vector<std::string>& v) {
        std::string r;
        for (size_t i = 0; i < v.size(); ++i) r += (i ? "," : "") + v[i];
        return r;
    };
    c += " --types " + list(a.types) + " --ops " + list(a.ops);
    if (!a.modes.empty()) c += " --modes " + list(a.modes);
    if (a.exclusive) c += " --exclusive";
    c += " --runs " + std::to_string(a.runs) + " --warmup " + std::to_string(a.warmup);
    c += " --seed " + std::to_string(a.seed) + " --format " + a.format;
    if (a.policy != "auto") c += " --policy " + a.policy;
    c += " --tiles ";
    for (size_t i = 0; i < a.tiles.size(); ++i) c += (i ? "," : "") + std::to_string(a.tiles[i]);
    c += " --tile-elements " + a.tile_elements;
    return c;
}

int run(const BenchArgs& a) {
    if (!a.from.empty()) {
        const BenchReport rep = load_bench_file(a.from);
        std::fputs(render(rep, a.format).c_str(), stdout);
        return 0;
    }
    bench::BenchConfig cfg;
    bool known_policy = a.policy == "auto";
    for (const auto& p : lookback_policies()) known_policy = known_policy || p.name == a.policy;
    if (!known_policy)
        throw std::invalid_argument(i18n::format(i18n::tr("--policy '%s': expected auto or one of %s"), a.policy.c_str(),
                                         lookback_policy_names().c_str()));
    cfg.sizes = parse_bench_sizes(a.sizes);
    cfg.tiles = a.tiles;
    {
        const auto t = parse_bench_sizes(a.tile_elements);
        if (t.size() != 1)
            throw std::invalid_argument(
                i18n::format(i18n::tr("--tile-elements takes one size, not '%s'"), a.tile_elements.c_str()));
        cfg.tile_elements = t[0];
    }
    cfg.types.clear();
    for (const auto& t : a.types) {
        if (t == "all") {
            cfg.types.assign(std::begin(kAllValueTypes), std::end(kAllValueTypes));
            continue;
        }
        const auto type = parse_value_type(t);
        if (!type)
            throw std::invalid_argument(i18n::format(i18n::tr("--types '%s': expected i32, u32, f32, i64, f64 or all"), t.c_str()));
        cfg.types.push_back(*type);
    }
    cfg.ops.clear();
    for (const auto& o : a.ops) {
        if (o == "all") {
            cfg.ops = {Op::Add, Op::Max, Op::Min};
            continue;
        }
        const auto op = parse_op(o);
        if (!op) throw std::invalid_argument(i18n::format(i18n::tr("--ops '%s': expected add, max, min or all"), o.c_str()));
        cfg.ops.push_back(*op);
    }
    cfg.modes.clear();
    for (const auto& m : a.modes) {
        if (m == "inclusive" || m == "incl")
            cfg.modes.push_back(false);
        else if (m == "exclusive" || m == "excl")
            cfg.modes.push_back(true);
        else
            throw std::invalid_argument(i18n::format(i18n::tr("--modes '%s': expected inclusive or exclusive"), m.c_str()));
    }
    if (cfg.modes.empty()) cfg.modes.push_back(a.exclusive);
    if (cfg.types.empty() || cfg.ops.empty())
        throw std::invalid_argument(i18n::tr("--types and --ops take at least one"));
    cfg.runs = a.runs;
    cfg.warmup = a.warmup;
    cfg.seed = a.seed;
    cfg.policy = a.policy;
    if (a.variants.empty()) {
        cfg.variants = bench::default_bench_variants();
    } else {
        for (const auto& v : a.variants) {
            if (v == "ours") {
                cfg.variants.push_back(std::string(our_scan()));
            } else if (v == "all") {
                for (const auto& x : bench::bench_variants()) cfg.variants.push_back(x);
            } else if (v == "candidates") {
                size_t found = 0;
                for (const auto& x : bench::bench_variants())
                    if (x.find('@') != std::string::npos) cfg.variants.push_back(x), ++found;
                if (found == 0)
                    throw std::invalid_argument(
                        i18n::tr("--variants candidates: this build has no tuning candidates (they are the lab's: "
                                 "configure with -DSCANVIZ_LAB=ON and run scanviz_lab bench)"));
            } else {
                cfg.variants.push_back(v);
            }
        }
    }

    std::string why;
    const auto dev = gpu::find_device(&why);
    if (!dev)
        throw gpu::CudaError(
            i18n::format(i18n::tr("no GPU to benchmark on (%s); use --from FILE to show saved results"), why.c_str()));

    const bool tty = isatty(fileno(stderr));
    auto progress = [&](int done, int total, const std::string& what) {
        if (tty)
            std::fprintf(stderr, "\r\033[K[%d/%d] %s", done, total, what.c_str());
        else
            std::fprintf(stderr, "[%d/%d] %s\n", done, total, what.c_str());
        std::fflush(stderr);
    };
    BenchReport rep = bench::run_bench(cfg, progress);
    if (tty) std::fprintf(stderr, "\n");
    rep.meta.command = a.command;
    std::fputs(render(rep, a.format).c_str(), stdout);

    if (!a.timeline.empty()) {
        const auto sizes = parse_bench_sizes(a.timeline_n);
        if (sizes.size() != 1) throw std::invalid_argument(i18n::tr("--timeline-n takes one size"));
        const LookbackTimeline t = gpu::capture_lookback_timeline(sizes[0], a.seed);
        const std::string problem = check_timeline(t);
        if (!problem.empty()) throw std::runtime_error(i18n::format(i18n::tr("look-back timeline: %s"), problem.c_str()));
        write_file_atomically(a.timeline, timeline_to_json(t));
        const LookbackSummary s = summarize(t);
        std::fprintf(stderr, "%s\n",
                     i18n::format(i18n::tr("look-back timeline: %d tiles on %d SMs (%d per SM; timed kernel %d), mean "
                                   "distance %.2f (max %d, %.0f%% at 1), median look-back %.0f ns, median tile "
                                   "%.0f ns, span %.1f us -> %s"),
                          s.tiles, s.sms, t.blocks_per_sm, t.timed_blocks_per_sm, s.mean_distance, s.max_distance,
                          100 * s.fraction_distance_1, s.median_lookback_ns, s.median_tile_ns, s.span_ns * 1e-3,
                          a.timeline.c_str())
                         .c_str());
    }
    return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, CommandResult& result) {
    auto args = std::make_shared<BenchArgs>();
    CLI::App* cmd = app.add_subcommand("bench",
                                       i18n::tr("Time our single-pass scan beside CUB, Thrust and memcpy (GB/s, "
                                       "fraction of memcpy, ratio to CUB) for "
                                       "every type, operator and mode asked for"));
    cmd->add_option("--sizes", args->sizes, i18n::tr("Element counts: 2^a..2^b[:step] (step 2 by default) or a list"))
        ->capture_default_str();
    cmd->add_option("--tiles", args->tiles,
                    i18n::tr("Tile sizes of the block variants at full occupancy, comma-separated (a warp variant's tile "
                    "is its 32)"))
        ->delimiter(',')
        ->capture_default_str()
        ->check(CLI::Range(1, 1 << 16));
    cmd->add_option("--tile-elements", args->tile_elements,
                    i18n::tr("Elements the block and warp variants scan in one launch, as tiles of each --tiles size"))
        ->capture_default_str();
    cmd->add_option("--variants", args->variants,
                    i18n::tr("Variants, comma-separated: ours (device_decoupled_lookback), cub, thrust, memcpy, copy, the "
                    "multi-pass scans (device_scan_then_propagate, device_reduce_then_scan), the block and warp "
                    "variants (at full occupancy, in tiles), "
                    "device_decoupled_lookback@... tuning candidates (all of them: candidates; built by -DSCANVIZ_LAB=ON "
                    "into scanviz_lab), or all"))
        ->delimiter(',');
    cmd->add_option("--types,--type", args->types,
                    i18n::tr("Element types, comma-separated: i32, u32, f32, i64, f64, or all"))
        ->delimiter(',')
        ->capture_default_str();
    cmd->add_option("--ops,--op", args->ops, i18n::tr("Operators, comma-separated: add, max, min, or all"))
        ->delimiter(',')
        ->capture_default_str();
    cmd->add_option("--modes", args->modes, i18n::tr("Scan modes, comma-separated: inclusive, exclusive"))
        ->delimiter(',');
    cmd->add_flag("--exclusive", args->exclusive, i18n::tr("Exclusive scan (default inclusive; --modes takes both)"));
    cmd->add_option("--runs", args->runs, i18n::tr("Timed runs per size and variant (the median is reported)"))
        ->capture_default_str()
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--warmup", args->warmup, i18n::tr("Untimed runs first"))
        ->capture_default_str()
        ->check(CLI::Range(0, 100));
    cmd->add_option("--seed", args->seed, i18n::tr("Seed of the random inputs"))->capture_default_str();
    cmd->add_option("--policy", args->policy,
                    i18n::format(i18n::tr("Look-back tuning policy of ours: auto (picked from the device's bandwidth per SM) "
                                  "or one of %s"),
                         lookback_policy_names().c_str()))
        ->capture_default_str();
    cmd->add_option("--format", args->format, i18n::tr("Output: text, csv or json"))
        ->capture_default_str()
        ->check(CLI::IsMember({"text", "csv", "json"}));
    cmd->add_option("--from", args->from,
                    i18n::tr("Re-print saved results (CSV or JSON) instead of running; needs no GPU"));
    cmd->add_option("--timeline", args->timeline,
                    i18n::tr("Also capture a look-back timeline (JSON) from an instrumented run of our scan"));
    cmd->add_option("--timeline-n", args->timeline_n, i18n::tr("Elements of the timeline run"))->capture_default_str();
    // Errors propagate to cli.cpp: one line, exit 2 for a value the command does not accept, 1 otherwise.
    cmd->callback([args, &result]() {
        args->command = command_line(*args);
        result.exit_code = run(*args);
    });
}

}  // namespace scanviz::cli
