// scanviz validate: every variant on the GPU against its model, step by step.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli_text.hpp"
#include "commands.hpp"
#include "kernels/gpu.hpp"
#include "validation_run.hpp"
#include "core/common/output.hpp"

namespace scanviz::cli {
namespace {

struct ValidateArgs {
    ValidationOptions options;
    std::string json_out;
};

int run_validate(const ValidateArgs& args) {
    ValidationReport report;
    try {
        report = run_validation(args.options, [](const ValidationCase& c, int done, int total) {
            std::fprintf(stderr, "\r%s", i18n::format(i18n::tr("validate: %d/%d %-32s"), done, total, c.variant.c_str()).c_str());
            // The case as the options name it; the mismatch as the report (JSON) holds it.
            if (!c.passed)
                std::fprintf(stderr, "\n%s\n",
                             i18n::format(i18n::tr("MISMATCH %s n=%lld %s %s %s: %s"), c.variant.c_str(),
                                  static_cast<long long>(c.n), std::string(to_string(c.op)).c_str(),
                                  std::string(to_string(c.type)).c_str(),
                                  c.exclusive ? "exclusive" : "inclusive",  // untranslated: the mode's name
                                  c.mismatch.c_str())
                                 .c_str());
            if (done == total) std::fprintf(stderr, "\n");
        });
    } catch (const gpu::CudaError& e) {
        std::fprintf(stderr, "scanviz: %s\n", e.what());
        return 1;
    }
    // One row per variant: cases, passed, the first mismatch.
    struct Row {
        int cases = 0, passed = 0;
        std::string first_mismatch;
    };
    std::map<std::string, Row> rows;
    std::vector<std::string> order;
    for (const auto& c : report.cases) {
        if (!rows.count(c.variant)) order.push_back(c.variant);
        Row& r = rows[c.variant];
        ++r.cases;
        if (c.passed) ++r.passed;
        else if (r.first_mismatch.empty())
            r.first_mismatch = fmt::format("n={} {} {} {}: {}", c.n, to_string(c.op), to_string(c.type),
                                           c.exclusive ? "exclusive" : "inclusive", c.mismatch);
    }
    std::printf("%s\n", i18n::format(i18n::tr("scanviz validate on %s (%s, driver %s) at %s"), report.device.c_str(),
                             report.sm.c_str(), report.driver.c_str(), report.date.c_str())
                            .c_str());
    const std::string cases = i18n::trc("table column", "cases"), passed = i18n::trc("table column", "passed");
    std::printf("%s %s %s  %s\n", pad(i18n::trc("table column", "variant"), 30).c_str(),
                (std::string(6 - std::min<size_t>(6, columns(cases)), ' ') + cases).c_str(),
                (std::string(6 - std::min<size_t>(6, columns(passed)), ' ') + passed).c_str(),
                i18n::trc("table column", "first mismatch"));
    for (const auto& id : order) {
        const Row& r = rows[id];
        fmt::print("{:<30} {:>6} {:>6}  {}\n", id, r.cases, r.passed, r.first_mismatch.empty() ? "-" : r.first_mismatch);
    }
    std::printf("%s\n", i18n::format(i18n::tr("%d passed, %d failed"), report.passed(), report.failed()).c_str());
    if (!args.json_out.empty()) {
        try {
            write_file_atomically(args.json_out, to_json(report).dump(1) + "\n");
        } catch (const std::exception& e) {
            std::fprintf(stderr, "scanviz: %s\n", e.what());
            return 1;
        }
    }
    if (report.cases.empty()) {
        std::fprintf(stderr, "scanviz: %s\n", i18n::tr("no variant with a GPU kernel matched the selection"));
        return 1;
    }
    return report.failed() == 0 ? 0 : 1;
}

}  // namespace

void add_validate_command(CLI::App& app, CommandResult& result) {
    auto args = std::make_shared<ValidateArgs>();
    CLI::App* cmd = app.add_subcommand(
        "validate",
        i18n::tr("Run every variant x operator x type x inclusive/exclusive x several sizes on the GPU and compare with the "
        "reference model step by step (fresh random inputs, outputs poisoned before launch); exit 1 on any mismatch"));
    cmd->add_flag("--quick", args->options.quick, i18n::tr("Only each variant's default size (for sanitizer runs)"));
    cmd->add_option("--only-variant", args->options.only, i18n::tr("Run only these variants"));
    cmd->add_option("--skip-variant", args->options.skip, i18n::tr("Leave these variants out"));
    cmd->add_option("--json", args->json_out, i18n::tr("Also write the report as JSON to this file"));
    cmd->callback([args, &result] { result.exit_code = run_validate(*args); });
}

}  // namespace scanviz::cli
