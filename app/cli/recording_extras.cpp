#include "recording_extras.hpp"

#include <fstream>
#include <sstream>

#include "core/sass/sass.hpp"
#include "kernels/sass/sass_paths.hpp"

namespace scanviz::cli {
namespace {

std::string read_text(const std::filesystem::path& p) {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

}  // namespace

// The SASS of every architecture this build disassembled (or whose committed
// snapshot matches its cubins): the count table, and each listing's text with
// the SHA-256 of the cubin it came from.
void add_recording_extras(Recording& rec) {
    const auto& paths = kern::sass_paths();
    const sass::Locations where{paths.build_dir, paths.snapshot_dir, paths.cubins_built};
    const auto rows = sass::count_table(where, paths.archs, {});
    if (rows.empty()) return;
    nlohmann::json listings = nlohmann::json::object();
    for (const std::string& arch : paths.archs) {
        for (const std::string& name : sass::listing_names(where, arch)) {
            const auto loaded = sass::load(where, arch, name);
            if (!loaded.listing) continue;
            const auto dir = loaded.provenance == sass::Provenance::Build ? where.build_dir : where.snapshot_dir;
            listings[arch][name] = {{"provenance", std::string(sass::provenance_name(loaded.provenance))},
                                    {"sha256", read_text(where.build_dir / arch / (name + ".sha256"))},
                                    {"sass", read_text(dir / arch / (name + ".sass"))}};
        }
    }
    rec.sass = {{"counts", nlohmann::json::parse(sass::format_json(rows))}, {"listings", listings}};
}

}  // namespace scanviz::cli
