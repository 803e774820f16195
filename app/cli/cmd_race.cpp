// scanviz race: the race lab. Lists a variant's barriers by index
// and name; for each case (a barrier left out, one buffer instead of two, the
// warp scans also after a divergent branch) prints the hazards the trace
// predicts and what the GPU did: measured now where a GPU is present, else
// the recorded figures with their source.
//
//   scanviz race [--variant V] [--barrier K|one-buffer|none] [--diverged] [--launches N] [--blocks B]
//                [--format text|json|csv] [--from FILE] [--racecheck-from FILE] [--save FILE]
//                [--hazards] [--list-cases] [--case KEY]
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/common/output.hpp"
#include "core/common/assets.hpp"
#include "core/race/report.hpp"
#include "core/recording/recording.hpp"
#include "core/trace/trace.hpp"
#include "kernels/gpu.hpp"
#include "kernels/race/race.hpp"

namespace scanviz::cli {
namespace {

struct RaceArgs {
    std::string variant;
    std::string barrier;
    std::string case_key;
    bool diverged = false;
    int launches = 200;
    int blocks = 0;
    uint64_t seed = 1;
    std::string format = "text";
    std::string from;
    std::string racecheck_from;
    std::string save;
    std::string out;
    bool hazards = false;
    bool list_cases = false;
    std::string command;
};

std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::runtime_error(i18n::format(i18n::tr("%s: cannot read the file"), path.c_str()));
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::vector<RaceCase> selected_cases(const RaceArgs& a) {
    if (!a.case_key.empty()) {
        RaceCase c = parse_race_case(a.case_key);
        const auto sites = race_barriers(c.variant);  // checks the variant
        if (c.barrier >= static_cast<int>(sites.size()))
            throw std::invalid_argument(i18n::format(i18n::tr("--case %s: %s has %zu barriers"), a.case_key.c_str(),
                                             c.variant.c_str(), sites.size()));
        if (c.diverged && !race_is_warp(c.variant))
            throw std::invalid_argument(
                i18n::format(i18n::tr("--case %s: only the warp scans run diverged"), a.case_key.c_str()));
        if (c.one_buffer && !race_has_one_buffer(c.variant))
            throw std::invalid_argument(i18n::format(i18n::tr("--case %s: only %s have a one-buffer form"),
                                             a.case_key.c_str(), race_one_buffer_variants().c_str()));
        return {c};
    }
    if (a.variant.empty()) {
        if (!a.barrier.empty())
            throw std::invalid_argument(i18n::tr("--barrier needs --variant (barriers differ per variant)"));
        if (a.diverged) throw std::invalid_argument(i18n::tr("--diverged needs --variant and --barrier"));
        std::vector<RaceCase> all;
        for (auto v : race_variants())
            for (auto& c : race_cases(std::string(v))) all.push_back(c);
        return all;
    }
    const auto sites = race_barriers(a.variant);  // throws for a variant outside the race lab
    if (a.diverged && !race_is_warp(a.variant))
        throw std::invalid_argument(
            i18n::format(i18n::tr("--diverged applies to the warp scans only, not to '%s'"), a.variant.c_str()));
    if (a.barrier.empty()) {
        if (a.diverged)
            throw std::invalid_argument(i18n::tr("--diverged needs --barrier (the table lists both already)"));
        return race_cases(a.variant);
    }
    RaceCase c{a.variant, -1, false, a.diverged};
    if (a.barrier == "one-buffer") {
        if (!race_has_one_buffer(a.variant))
            throw std::invalid_argument(i18n::format(i18n::tr("--barrier one-buffer: only %s have a one-buffer form"),
                                             race_one_buffer_variants().c_str()));
        c.one_buffer = true;
    } else if (a.barrier != "none") {
        size_t used = 0;
        int k = -1;
        try {
            k = std::stoi(a.barrier, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != a.barrier.size() || k < 0 || k >= static_cast<int>(sites.size()))
            throw std::invalid_argument(i18n::format(
                race_has_one_buffer(a.variant)
                    ? i18n::tr("--barrier '%s': %s has barriers 0 to %d (or one-buffer) (scanviz race --variant %s "
                               "lists them)")
                    : i18n::tr("--barrier '%s': %s has barriers 0 to %d (scanviz race --variant %s lists them)"),
                a.barrier.c_str(), a.variant.c_str(), static_cast<int>(sites.size()) - 1, a.variant.c_str()));
        c.barrier = k;
    }
    return {c};
}

// The recorded figures a machine without a GPU shows: the shipped recording's
// race section, else the committed table under assets/race/.
std::optional<std::pair<RaceTable, std::string>> shipped_table() {
    namespace fs = std::filesystem;
    const fs::path assets = assets_dir();
    std::vector<fs::path> candidates{assets / "recordings" / "default.svzrec"};
    std::error_code ec;
    std::vector<fs::path> race_files;
    for (const auto& e : fs::directory_iterator(assets / "race", ec))
        if (e.path().extension() == ".json") race_files.push_back(e.path());
    std::sort(race_files.begin(), race_files.end());
    candidates.insert(candidates.end(), race_files.begin(), race_files.end());
    for (const auto& p : candidates) {
        if (!fs::exists(p, ec)) continue;
        try {
            return std::pair{load_race_table(p.string()), p.string()};
        } catch (const std::exception&) {
            continue;  // a recording without a race section: try the next
        }
    }
    return std::nullopt;
}

std::string render(const RaceReport& rep, const std::string& format) {
    if (format == "json") return format_race_json(rep);
    if (format == "csv") return format_race_csv(rep);
    return format_race_text(rep);
}

int run(const RaceArgs& a) {
    if (a.format != "text" && a.format != "json" && a.format != "csv")
        throw std::invalid_argument(i18n::format(i18n::tr("--format '%s': expected text, json or csv"), a.format.c_str()));
    if (a.launches < 1 || a.launches > 100000)
        throw std::invalid_argument(i18n::format(i18n::tr("--launches %d: expected 1 to 100000"), a.launches));
    if (a.blocks < 0 || a.blocks > 65535)
        throw std::invalid_argument(i18n::format(i18n::tr("--blocks %d: expected 1 to 65535"), a.blocks));
    const auto cases = selected_cases(a);

    if (a.list_cases) {
        for (const auto& c : cases) std::printf("%s\n", c.key().c_str());
        return 0;
    }
    if (a.hazards) {
        for (const auto& c : cases) {
            const HazardReport h = race_hazards(c);
            const Trace& t = race_trace(c.variant);
            // The case and its hazards as core describes them (English); the counts in the reader's language.
            std::printf("%s: %s: %s\n", c.key().c_str(), h.what.c_str(),
                        i18n::format(i18n::tr("%d hazards (%d RAW, %d WAR, %d WAW; %d between warps, %d within one warp)"),
                             h.count(), h.raw, h.war, h.waw, h.between_warps, h.within_warp)
                            .c_str());
            for (const auto& hz : h.hazards) std::printf("  %s\n", describe(t, hz).c_str());
        }
        return 0;
    }

    std::optional<RaceTable> table;
    std::string source;  // English: the report's JSON and CSV carry it too
    std::string why;
    if (!a.from.empty()) {
        table = load_race_table(a.from);
        source = "recorded: " + table->badge() + " (" + a.from + ")";
    } else if (auto dev = gpu::find_device(&why)) {
        RaceTable t;
        t.device = dev->name;
        t.sm = dev->sm();
        t.driver = gpu::driver_description();
        t.runtime = dev->runtime;
        t.date = utc_now_iso8601();
#ifdef SCANVIZ_BUILD_TYPE
        t.build = std::string("scanviz ") + SCANVIZ_VERSION + " " + SCANVIZ_BUILD_TYPE + ", CUDA runtime " +
                  dev->runtime;
#else
        t.build = std::string("scanviz ") + SCANVIZ_VERSION + ", CUDA runtime " + dev->runtime;
#endif
        t.command = a.command;
        t.seed = a.seed;
        gpu::RaceRunConfig cfg{a.launches, a.blocks, a.seed};
        const auto site_names = [](const RaceCase& c) {
            return c.barrier >= 0 ? race_barriers(c.variant).at(static_cast<size_t>(c.barrier)).name
                                  : std::string();
        };
        for (const auto& c : cases) {
            RaceRow row = gpu::measure_race(c, cfg);
            row.barrier_name = site_names(c);
            t.rows.push_back(std::move(row));
        }
        source = "GPU now: " + t.badge();
        table = std::move(t);
    } else if (auto shipped = shipped_table()) {
        table = std::move(shipped->first);
        source = "recorded: " + table->badge() + " (" + shipped->second + "; no GPU here: " + why + ")";
    } else {
        source = "none (no GPU here: " + why + "; no recorded race measurements found)";
    }

    if (!a.racecheck_from.empty()) {
        if (!table)
            throw std::invalid_argument(
                i18n::tr("--racecheck-from needs measurements to attach to (--from FILE or a GPU)"));
        for (const auto& [c, rc] : parse_racecheck_csv(read_file(a.racecheck_from))) {
            bool found = false;
            for (auto& row : table->rows)
                if (row.c == c) {
                    row.racecheck = rc;
                    found = true;
                }
            if (!found)
                throw std::runtime_error(i18n::format(i18n::tr("%s: case %s is not in the table"), a.racecheck_from.c_str(),
                                              c.key().c_str()));
        }
    }
    if (!a.save.empty()) {
        if (!table) throw std::invalid_argument(i18n::tr("--save: nothing was measured (no GPU and no --from)"));
        write_file_atomically(a.save, race_table_to_json(*table));
    }

    const RaceReport rep = build_race_report(cases, table ? &*table : nullptr, source);
    const std::string text = render(rep, a.format);
    if (a.out.empty()) {
        std::fputs(text.c_str(), stdout);
    } else {
        write_file_atomically(a.out, text);
    }
    return 0;
}

}  // namespace

void add_race_command(CLI::App& app, CommandResult& result) {
    auto args = std::make_shared<RaceArgs>();
    CLI::App* cmd = app.add_subcommand(
        "race",
        i18n::tr("Race lab: leave one barrier out (or use one buffer) and compare the hazards the trace predicts with "
        "what the GPU does"));
    // The race lab's variants, from the registry (RaceFacts), in the lab's order.
    std::string lab;
    const auto lab_ids = race_variants();
    for (size_t i = 0; i < lab_ids.size(); ++i)
        lab += (i == 0 ? "" : i + 1 == lab_ids.size() ? i18n::trc("list separator", " or ") : i18n::trc("list separator", ", ")) + std::string(lab_ids[i]);
    cmd->add_option("--variant", args->variant, i18n::format(i18n::tr("%s (default: all of them)"), lab.c_str()));
    cmd->add_option("--barrier", args->barrier,
                    i18n::tr("The barrier to leave out, by index (the table lists them), one-buffer, or none"));
    cmd->add_option("--case", args->case_key,
                    i18n::tr("One case by key, as --list-cases prints it (VARIANT:K[+diverged])"));
    cmd->add_flag("--diverged", args->diverged, i18n::tr("Warp scans: run the scan after a data-dependent branch"));
    cmd->add_option("--launches", args->launches, i18n::tr("Launches per case, each with fresh random inputs"))
        ->capture_default_str();
    cmd->add_option("--blocks", args->blocks, i18n::tr("Blocks per launch (default 1024 block scans, 256 x 8 warps)"));
    cmd->add_option("--seed", args->seed, i18n::tr("Seed of the random inputs"))->capture_default_str();
    cmd->add_option("--format", args->format, i18n::tr("text, json or csv"))->capture_default_str();
    cmd->add_option("--from", args->from, i18n::tr("Show recorded measurements: a race table (.json) or a recording"));
    cmd->add_option("--racecheck-from", args->racecheck_from,
                    i18n::tr("Attach compute-sanitizer racecheck counts (CSV: case,errors,warnings)"));
    cmd->add_option("--save", args->save, i18n::tr("Write the measured table (JSON) to FILE"));
    cmd->add_option("-o,--output", args->out, i18n::tr("Write the report to FILE instead of stdout"));
    cmd->add_flag("--hazards", args->hazards, i18n::tr("List every hazard the trace predicts (no GPU needed)"));
    cmd->add_flag("--list-cases", args->list_cases, i18n::tr("Print the selected cases' keys, one a line"));
    cmd->callback([args, cmd, &result] {
        std::string c = "scanviz race";
        for (const auto* opt : cmd->get_options())
            if (opt->count() > 0 && opt->get_name() != "--help") {
                c += " " + opt->get_name();
                if (opt->get_expected_min() > 0)
                    for (const auto& r : opt->results()) c += " " + r;
            }
        args->command = c;
        result.exit_code = run(*args);
    });
}

}  // namespace scanviz::cli
