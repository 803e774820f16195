// The count table: per architecture and isolation kernel, the scan region's
// and the whole kernel's instruction counts per class, as text, CSV or JSON.
//
// The comparison this serves is the CUDA Handbook's 13.5.4 (30 / 17 / 11
// instructions for the conditional, zero-padded and shuffle warp scans on SM
// 3.0), computed here from today's compilers.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/sass/classify.hpp"
#include "core/sass/load.hpp"
#include "core/sass/region.hpp"

namespace scanviz::sass {

struct Row {
    std::string arch;
    std::string variant;  // "warp_conditional", or "warp_templated__plain" for an extra instantiation
    std::string kernel;   // "iso_warp_conditional"
    std::string region_file;
    Provenance provenance = Provenance::Missing;
    std::string message;
    std::optional<RegionMethod> method;  // empty when the listing is not shown
    Counts region, whole;
    std::optional<Counts> minus_base;  // kernel minus baseline, where the listing has base_<variant>
};
// The variant's own file: `source_file` from the registry where it is a .cuh,
// else kernels/<level>/<variant>.cuh from the variant's prefix.
std::string region_file_of(std::string_view variant);
// The architecture the SASS view opens on, and so the one a lesson's SASS figures come from
// until the learner picks another in that view (the lessons read the view's choice): sm_90,
// the H100's, the card whose executed counts and race table the lessons quote beside the
// listings, when `archs` has it; else the newest of `archs` by number; "" when it is empty.
inline constexpr std::string_view kDefaultArch = "sm_90";
std::string default_arch(std::span<const std::string> archs);

// One row per (arch, kernel iso_<variant>[__tag]) found, in arch then listing order.
// variants: when non-empty, only these (an extra instantiation goes with its variant).
std::vector<Row> count_table(const Locations& where, std::span<const std::string> archs,
                             std::span<const std::string> variants);

std::string format_text(std::span<const Row> rows);
std::string format_csv(std::span<const Row> rows);
std::string format_json(std::span<const Row> rows);
// The rows format_json wrote (the published site hands them to the WebAssembly build, which
// has no listings to read). Throws std::runtime_error naming what does not parse.
std::vector<Row> parse_json(std::string_view text);

}  // namespace scanviz::sass
