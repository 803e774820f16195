// scanviz sass: instruction counts of the isolation kernels' SASS, by opcode
// class, for the scan region and the whole kernel, per architecture; or the
// listing itself with each instruction's class, source line and step.
//
//   scanviz sass [--arch sm_90 ...] [--variant V ...] [--format text|json|csv] [--listing]
//
// The listings come from this build's disassembly, or from the committed
// snapshot in assets/sass when its cubin hashes match this build's; a stale
// snapshot is reported, never shown.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_text.hpp"
#include "commands.hpp"
#include "core/sass/sass.hpp"
#include "core/models/variants.hpp"
#include "kernels/sass/sass_paths.hpp"

namespace scanviz::cli {
namespace {

struct SassArgs {
    std::vector<std::string> archs;
    std::vector<std::string> variants;
    std::string format = "text";
    bool listing = false;
};

sass::Locations locations() {
    const auto& p = kern::sass_paths();
    return sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built};
}

// The architectures there is anything for: this build's list, else the snapshot's folders.
std::vector<std::string> known_archs() {
    const auto& p = kern::sass_paths();
    std::vector<std::string> archs;
    if (p.cubins_built) {
        archs = p.archs;
    } else {
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(p.snapshot_dir, ec))
            if (e.is_directory()) archs.push_back(e.path().filename().string());
        std::sort(archs.begin(), archs.end());
    }
    return archs;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
}

std::vector<sass::StepTag> step_tags_for(const sass::Function& f) {
    std::vector<sass::StepTag> tags;
    const std::filesystem::path root = kern::sass_paths().source_dir;
    for (const auto& file : sass::source_files(f)) {
        std::ifstream in(root / file);
        if (!in) continue;
        std::ostringstream ss;
        ss << in.rdbuf();
        auto t = sass::parse_step_tags(file, ss.str());
        tags.insert(tags.end(), t.begin(), t.end());
    }
    return tags;
}

std::string where_of(const sass::Instruction& ins) {
    if (ins.frames.empty()) return "";
    std::string s = ins.frames.front().file + ":" + std::to_string(ins.frames.front().line);
    for (size_t i = 1; i < ins.frames.size(); ++i)
        s += " <- " + ins.frames[i].file + ":" + std::to_string(ins.frames[i].line);
    return s;
}

int print_listings(const SassArgs& a, const std::vector<std::string>& archs) {
    const auto where = locations();
    int missing = 0;
    nlohmann::json json = nlohmann::json::array();
    if (a.format == "csv")
        std::printf("arch,kernel,address,predicate,opcode,operands,class,region,file,line,steps\n");  // untranslated: CSV
    for (const auto& arch : archs) {
        for (const auto& name : sass::listing_names(where, arch)) {
            const std::string variant = name.substr(4);
            if (!a.variants.empty() &&
                std::find(a.variants.begin(), a.variants.end(), variant) == a.variants.end())
                continue;
            const auto loaded = sass::load(where, arch, name);
            if (!loaded.listing) {
                std::fprintf(stderr, "scanviz: %s\n", loaded.message.c_str());
                ++missing;
                continue;
            }
            const sass::Function* baseline = loaded.listing->find("base_" + variant);
            for (const auto& f : loaded.listing->functions) {
                if (f.name != name && f.name.rfind(name + "__", 0) != 0) continue;
                const std::string region_file = sass::region_file_of(variant);
                const auto region = sass::scan_region(f, baseline, region_file);
                const auto tags = step_tags_for(f);
                std::vector<bool> in_region(f.code.size(), false);
                for (int i : region.instructions) in_region[static_cast<size_t>(i)] = true;
                if (a.format == "text") {
                    std::printf("\n%s %s (%s)\n  %s\n", arch.c_str(), f.name.c_str(), loaded.message.c_str(),
                                i18n::format(i18n::tr("region: %d instructions (method %s, file %s); marked '>'"),
                                     region.counts.total(), std::string(sass::method_name(region.method)).c_str(),
                                     region_file.c_str())
                                    .c_str());
                }
                nlohmann::json code = nlohmann::json::array();
                for (size_t i = 0; i < f.code.size(); ++i) {
                    const auto& ins = f.code[i];
                    const auto steps = sass::steps_of(ins, tags);
                    std::string step_text;
                    for (const auto& s : steps) step_text += (step_text.empty() ? "" : ";") + s;
                    if (a.format == "text") {
                        std::printf("%c %04x  %-44s %-8s %s%s\n", in_region[i] ? '>' : ' ', ins.address,
                                    ins.text.c_str(), std::string(sass::class_name(ins.cls)).c_str(),
                                    where_of(ins).c_str(),
                                    step_text.empty() ? "" : ("  [" + step_text + "]").c_str());
                    } else if (a.format == "csv") {
                        std::string ops;
                        for (const auto& o : ins.operands) ops += (ops.empty() ? "" : " ") + o;
                        std::printf("%s,%s,0x%04x,%s,%s,\"%s\",%s,%d,%s,%d,%s\n", arch.c_str(),
                                    f.name.c_str(), ins.address, ins.predicate.c_str(), ins.opcode.c_str(),
                                    ops.c_str(), std::string(sass::class_name(ins.cls)).c_str(),
                                    in_region[i] ? 1 : 0,
                                    ins.frames.empty() ? "" : ins.frames.front().file.c_str(),
                                    ins.frames.empty() ? 0 : ins.frames.front().line, step_text.c_str());
                    } else {
                        nlohmann::json frames = nlohmann::json::array();
                        for (const auto& fr : ins.frames)
                            frames.push_back({{"file", fr.file}, {"line", fr.line}});
                        code.push_back({{"address", ins.address},
                                        {"predicate", ins.predicate},
                                        {"opcode", ins.opcode},
                                        {"operands", ins.operands},
                                        {"class", std::string(sass::class_name(ins.cls))},
                                        {"region", static_cast<bool>(in_region[i])},
                                        {"frames", frames},
                                        {"steps", steps}});
                    }
                }
                if (a.format == "json")
                    json.push_back({{"arch", arch},
                                    {"kernel", f.name},
                                    {"provenance", std::string(sass::provenance_name(loaded.provenance))},
                                    {"method", std::string(sass::method_name(region.method))},
                                    {"region_file", region_file},
                                    {"code", code}});
            }
        }
    }
    if (a.format == "json") std::printf("%s\n", json.dump(1).c_str());
    return missing ? 1 : 0;
}

int run_sass(SassArgs a) {
    const auto archs_known = known_archs();
    if (archs_known.empty())
        throw std::runtime_error(i18n::tr("no SASS here: this build compiles no cubins and assets/sass has no snapshot"));
    for (const auto& arch : a.archs)
        if (std::find(archs_known.begin(), archs_known.end(), arch) == archs_known.end())
            throw std::invalid_argument(
                i18n::format(i18n::tr("unknown architecture '%s' (this build has %s; set SCANVIZ_SASS_ARCHS to build others)"),
                     arch.c_str(), joined(archs_known).c_str()));
    const auto archs = a.archs.empty() ? archs_known : a.archs;
    for (const auto& v : a.variants) {
        const std::string base = v.substr(0, v.find("__"));
        if (!find_variant(base))
            throw std::invalid_argument(i18n::format(i18n::tr("unknown variant '%s' (scanviz list shows them)"), v.c_str()));
    }
    if (a.listing) return print_listings(a, archs);

    const auto rows = sass::count_table(locations(), archs, a.variants);
    if (rows.empty())
        throw std::runtime_error(
            a.variants.empty()
                ? std::string(i18n::tr("no isolation kernel found for any variant (a variant's iso.cu holds them)"))
                : i18n::format(i18n::tr("no isolation kernel found for %s (a variant's iso.cu holds them)"),
                       joined(a.variants).c_str()));
    if (a.format == "json")
        std::printf("%s", sass::format_json(rows).c_str());
    else if (a.format == "csv")
        std::printf("%s", sass::format_csv(rows).c_str());
    else
        std::printf("%s", sass::format_text(rows).c_str());
    const bool all_shown =
        std::all_of(rows.begin(), rows.end(), [](const sass::Row& r) { return r.method.has_value(); });
    if (!all_shown)
        std::fprintf(stderr, "scanviz: %s\n", i18n::tr("some listings are stale or missing (see the table)"));
    return all_shown ? 0 : 1;
}

}  // namespace

void add_sass_command(CLI::App& app, CommandResult& result) {
    auto args = std::make_shared<SassArgs>();
    CLI::App* cmd = app.add_subcommand(
        "sass",
        i18n::tr("SASS instruction counts of each scan routine by opcode class and architecture, or the listing"));
    cmd->add_option("--arch", args->archs, i18n::tr("Architectures, e.g. sm_90 (default: every one the build has)"));
    cmd->add_option("--variant", args->variants,
                    i18n::tr("Variants, e.g. warp_shfl_ptx (default: every one with a kernel)"));
    cmd->add_option("--format", args->format, i18n::tr("text, json or csv"))
        ->check(CLI::IsMember({"text", "json", "csv"}));
    cmd->add_flag(
        "--listing", args->listing,
        i18n::tr("Print the instructions: class, source line and inline chain, step; '>' marks the scan region"));
    cmd->callback([&result, args]() { result.exit_code = run_sass(*args); });
}

}  // namespace scanviz::cli
