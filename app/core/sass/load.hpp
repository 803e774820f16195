// Where listings come from: this build's disassembly or the committed
// snapshot, checked against this build's cubin hashes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/sass/listing.hpp"

namespace scanviz::sass {

// The build writes <build_dir>/<arch>/<name>.sha256 for every cubin it
// compiled and <name>.sass where it found a disassembler; the committed
// snapshot holds <snapshot_dir>/<arch>/<name>.sass.
struct Locations {
    std::filesystem::path build_dir;
    std::filesystem::path snapshot_dir;
    bool cubins_built = false;  // this build compiles cubins (else nothing to check the snapshot against)
};

enum class Provenance : uint8_t {
    Build,              // disassembled in this build
    Snapshot,           // committed snapshot; its cubin hash equals this build's cubin
    SnapshotUnchecked,  // committed snapshot; this build compiles no cubins to check it against
    Stale,              // committed snapshot whose cubin hash differs from this build's: not shown
    Missing,            // neither a listing nor a snapshot
};
std::string_view provenance_name(Provenance p);
// The same in the reader's language (the name above stays the command line's and the JSON's).
const char* provenance_shown(Provenance p);

struct Loaded {
    Provenance provenance = Provenance::Missing;
    std::string message;  // one line: where it came from, or why it is not shown
    std::optional<Listing> listing;
};
// Loads <name> (e.g. "iso_warp_conditional") for one architecture.
// Throws std::runtime_error when a listing file exists but does not parse.
Loaded load(const Locations& where, std::string_view arch, std::string_view name);
// Names of the listings available for an architecture (build and snapshot), sorted.
std::vector<std::string> listing_names(const Locations& where, std::string_view arch);

}  // namespace scanviz::sass
