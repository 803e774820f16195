// The variant registry: every scan variant scanviz teaches, its level, what
// sizes it accepts, its phases (the step labels) and its reference model.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/trace/run_spec.hpp"
#include "core/trace/trace.hpp"

namespace scanviz {

enum class Level : uint8_t { Warp, Block, Device };
std::string_view to_string(Level l);

// A reference model turns a resolved RunSpec into a Trace, doing the
// operations in the kernel's own order (so float32 results match bit for bit).
using ModelFn = Trace (*)(const RunSpec& spec);

struct VariantInfo {
    std::string_view id;           // "warp_shfl_ptx"
    Level level;
    std::string_view title;        // "Shuffle scan, shfl.sync.up with predicate (PTX)"
    std::string_view description;  // one line for the picker
    std::string_view accepts;      // sizes it accepts, in words: "n = 32", "1 <= n <= 1024"
    std::string_view source_file;  // the kernel file under kernels/ that holds its device code
    std::vector<std::string_view> phases;  // phase names in order; Step::phase is one of them
    int default_n;
    bool has_items_per_thread;
    bool segmented;
    ModelFn model;
    // Checks a spec against what the variant accepts; returns an error line or nothing.
    std::optional<std::string> (*check)(const RunSpec& spec);
    // Fills threads and items_per_thread where the spec left them 0.
    void (*resolve)(RunSpec& spec);
};

std::span<const VariantInfo> all_variants();
const VariantInfo* find_variant(std::string_view id);

// Validates a spec completely (variant known, n accepted, op/type pair allowed,
// given values count, heads count) and resolves its defaults.
// Returns an error line naming the problem, or nothing.
std::optional<std::string> validate_and_resolve(RunSpec& spec);

// Runs the reference model of spec.variant. Throws std::invalid_argument with
// the validation message when the spec is not accepted.
Trace run_model(RunSpec spec);

}  // namespace scanviz
