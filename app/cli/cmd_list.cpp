// scanviz list [--format text|json]: every variant with its level, title,
// accepted sizes, defaults, and whether this build has its GPU kernel.
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/models/variants.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::cli {
namespace {

// Defaults the variant picks for its default n (threads, items per thread).
RunSpec resolved_default(const VariantInfo& v) {
    RunSpec spec;
    spec.variant = std::string(v.id);
    spec.n = v.default_n;
    if (!v.check(spec)) v.resolve(spec);
    return spec;
}

int run_list(const std::string& format) {
    if (format == "json") {  // for programs: the registry's English
        nlohmann::json out = nlohmann::json::array();
        for (const VariantInfo& v : all_variants()) {
            const RunSpec d = resolved_default(v);
            nlohmann::json phases = nlohmann::json::array();
            for (auto p : v.phases) phases.push_back(std::string(p));
            out.push_back({{"id", std::string(v.id)},
                           {"level", std::string(to_string(v.level))},
                           {"title", std::string(v.title)},
                           {"description", std::string(v.description)},
                           {"accepts", std::string(v.accepts)},
                           {"default_n", v.default_n},
                           {"default_threads", d.threads},
                           {"default_items_per_thread", d.items_per_thread},
                           {"has_items_per_thread", v.has_items_per_thread},
                           {"segmented", v.segmented},
                           {"phases", phases},
                           {"source_file", std::string(v.source_file)},
                           {"gpu_kernel", gpu::has_kernel(std::string(v.id))}});
        }
        std::printf("%s\n", out.dump(1).c_str());
        return 0;
    }
    // The headings, titles and words in the reader's language; ids, levels and sizes as they are.
    std::printf("%s %s %s %s %s\n", pad(i18n::trc("table column", "variant"), 28).c_str(),
                pad(i18n::trc("table column", "level"), 6).c_str(), pad(i18n::trc("table column", "gpu"), 4).c_str(),
                pad(i18n::trc("table column", "default"), 16).c_str(),
                i18n::trc("table column", "title / sizes it accepts"));
    for (const VariantInfo& v : all_variants()) {
        const RunSpec d = resolved_default(v);
        std::string defaults = "n=" + std::to_string(v.default_n);
        if (d.threads > 0) defaults += " t=" + std::to_string(d.threads);
        if (v.has_items_per_thread && d.items_per_thread > 0)
            defaults += " i=" + std::to_string(d.items_per_thread);
        std::printf("%-28s %-6s %s %-16s %s\n", std::string(v.id).c_str(),
                    std::string(to_string(v.level)).c_str(),
                    pad(gpu::has_kernel(std::string(v.id)) ? i18n::tr("yes") : i18n::tr("no"), 4).c_str(),
                    defaults.c_str(), variant_text(v.title).c_str());
        std::printf("%-57s %s\n", "", i18n::format(i18n::tr("accepts %s"), variant_text(v.accepts).c_str()).c_str());
    }
    std::string why;
    const auto device = gpu::find_device(&why);
    const size_t count = all_variants().size();
    std::printf("\n%s\n",
                i18n::format(i18n::tr("%zu variants; gpu = a GPU kernel is built in; t = threads per block, i = items per "
                               "thread."),
                     count)
                    .c_str());
    if (device)
        std::printf("%s\n", i18n::format(i18n::tr("GPU: %s (%s)"), device->name.c_str(), device->sm().c_str()).c_str());
    else
        std::printf("%s\n", i18n::format(i18n::tr("GPU: none (%s): traces come from the reference models"), why.c_str()).c_str());
    return 0;
}

}  // namespace

void add_list_command(CLI::App& app, CommandResult& result) {
    auto format = std::make_shared<std::string>("text");
    CLI::App* cmd =
        app.add_subcommand("list", i18n::tr("List every scan variant: level, sizes it accepts, defaults, GPU kernel"));
    cmd->add_option("--format", *format, i18n::tr("text (a table) or json"))->check(CLI::IsMember({"text", "json"}));
    cmd->callback([&result, format]() { result.exit_code = run_list(*format); });
}

}  // namespace scanviz::cli
