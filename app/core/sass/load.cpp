#include "core/sass/load.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include "core/common/strings.hpp"
#include "core/i18n/i18n.hpp"

namespace scanviz::sass {
namespace {

std::optional<std::string> read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

std::string_view provenance_name(Provenance p) {
    switch (p) {
        case Provenance::Build:
            return "build";
        case Provenance::Snapshot:
            return "snapshot";
        case Provenance::SnapshotUnchecked:
            return "snapshot-unchecked";
        case Provenance::Stale:
            return "stale";
        case Provenance::Missing:
            return "missing";
    }
    return "?";
}

const char* provenance_shown(Provenance p) {
    switch (p) {
        case Provenance::Build:
            return i18n::trc("sass listing from", "build");
        case Provenance::Snapshot:
            return i18n::trc("sass listing from", "snapshot");
        case Provenance::SnapshotUnchecked:
            return i18n::trc("sass listing from", "snapshot-unchecked");
        case Provenance::Stale:
            return i18n::trc("sass listing from", "stale");
        case Provenance::Missing:
            return i18n::trc("sass listing from", "missing");
    }
    return "?";
}

Loaded load(const Locations& where, std::string_view arch, std::string_view name) {
    namespace fs = std::filesystem;
    const std::string file = std::string(name);
    const fs::path build_base = where.build_dir / std::string(arch) / file;
    const fs::path snap = where.snapshot_dir / std::string(arch) / (file + ".sass");
    const auto build_hash_text = read_file(fs::path(build_base).concat(".sha256"));
    const std::string build_hash = build_hash_text ? std::string(trim(*build_hash_text)) : std::string();
    const std::string what = file + " (" + std::string(arch) + ")";
    Loaded out;
    if (!build_hash.empty()) {
        if (const auto text = read_file(fs::path(build_base).concat(".sass"))) {
            Listing l = parse_listing(*text);
            if (l.cubin_sha256 == build_hash) {
                out.provenance = Provenance::Build;
                out.message = "disassembled in this build (" + l.disassembler + ")";
                out.listing = std::move(l);
                return out;
            }
        }
        const auto snap_text = read_file(snap);
        if (!snap_text) {
            out.provenance = Provenance::Missing;
            out.message = what +
                          ": this build has no disassembler and assets/sass has no snapshot of it; "
                          "run .ci/setup (installs nvdisasm), reconfigure and rebuild";
            return out;
        }
        Listing l = parse_listing(*snap_text);
        if (l.cubin_sha256 != build_hash) {
            out.provenance = Provenance::Stale;
            out.message = what + ": the committed snapshot is stale (made from cubin " +
                          l.cubin_sha256.substr(0, 12) + ", this build's cubin is " +
                          build_hash.substr(0, 12) +
                          "); run .ci/setup (installs nvdisasm), reconfigure and rebuild";
            return out;
        }
        out.provenance = Provenance::Snapshot;
        out.message = "committed snapshot (assets/sass), made from the same cubin as this build's (" +
                      l.disassembler + ")";
        out.listing = std::move(l);
        return out;
    }
    // No cubin of this build (no CUDA compiler, or the run command's build, which leaves the
    // target scanviz_sass out to open the window sooner): the committed snapshot, unchecked.
    const auto snap_text = read_file(snap);
    if (!snap_text) {
        out.provenance = Provenance::Missing;
        out.message = where.cubins_built ? what + ": not built yet; build the target scanviz_sass"
                                         : what + ": no CUDA compiler in this build and no snapshot in assets/sass";
        return out;
    }
    Listing l = parse_listing(*snap_text);
    out.provenance = Provenance::SnapshotUnchecked;
    out.message = std::string("committed snapshot (assets/sass), not checked: ") +
                  (where.cubins_built ? "this build's cubins are not built yet (target scanviz_sass)"
                                      : "this build compiles no cubins") +
                  " (" + l.disassembler + ")";
    out.listing = std::move(l);
    return out;
}

std::vector<std::string> listing_names(const Locations& where, std::string_view arch) {
    namespace fs = std::filesystem;
    std::set<std::string> names;
    auto scan = [&](const fs::path& dir, std::string_view ext) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) return;
        for (const auto& e : fs::directory_iterator(dir, ec)) {
            const auto& p = e.path();
            if (p.extension() == ext && p.stem().string().starts_with("iso_"))
                names.insert(p.stem().string());
        }
    };
    scan(where.build_dir / std::string(arch), ".sha256");
    scan(where.snapshot_dir / std::string(arch), ".sass");
    return {names.begin(), names.end()};
}

}  // namespace scanviz::sass
