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

// What the race lab (core/race/) needs to know of a variant. Variants outside
// the lab leave it as it is.
struct RaceFacts {
    int order = -1;  // the variant's place in the race lab's tables; -1: not in the race lab
    // Phases whose steps read, wait at a barrier, then write (and wait again):
    // the form that is correct under independent thread scheduling.
    std::vector<std::string_view> split_phases;
    bool one_buffer = false;  // has the "one buffer instead of two" what-if
    bool lockstep = false;    // written for lockstep warps (no barriers): its failures are the lesson
    // After the routine, thread t stores elements t and t + threads from shared
    // memory (words other threads wrote): the last barrier guards those reads.
    bool stores_two_per_thread = false;
};

// Where the compiled kernel's shared-memory traffic differs from the trace's
// (found by comparing with Nsight Compute and reading the SASS; see
// assets/profile/README.md). The profile comparison (core/profile/) counts each.
enum class CompilerEffect : uint8_t {
    SwapRereads,   // a swap's second operand is loaded again after the store that may alias it
    PairedStores,  // two adjacent words stored by one thread become one 64-bit store (in `phase`)
};
struct CompilerEffectAt {
    CompilerEffect effect;
    std::string_view phase;  // the phase it applies to; empty: every step
};
struct ProfileFacts {
    std::vector<CompilerEffectAt> effects;
    // Why ncu's kernel-level counts may still differ from ours; empty: not explained yet.
    std::string_view ncu_difference;
};

struct VariantInfo {
    std::string_view id;           // "warp_shfl_ptx"
    Level level;
    std::string_view title;        // "Shuffle scan, shfl.sync.up with predicate (PTX)"
    std::string_view description;  // one line for the picker
    std::string_view accepts;      // sizes it accepts, in words: "n = 32", "1 <= n <= 1024"
    std::string_view source_file;  // the kernel file under kernels/ that holds its device code
    std::vector<std::string_view> phases;  // phase names in order; Step::phase is one of them
    int default_n;
    bool has_items_per_thread = false;
    bool segmented = false;
    ModelFn model;
    // Checks a spec against what the variant accepts; returns an error line or nothing.
    std::optional<std::string> (*check)(const RunSpec& spec);
    // Fills threads and items_per_thread where the spec left them 0.
    void (*resolve)(RunSpec& spec);
    // Shared-memory word of element i where the layout is not the identity (a
    // bank offset); nullptr: element i lives at word i.
    int (*shared_word)(int element) = nullptr;
    RaceFacts race = {};
    ProfileFacts profile = {};
    bool work_span_default = false;  // on the work-and-span charts from the start (the classic block scans)
    bool benchmarked = false;        // the whole-array scan `scanviz bench` times beside CUB and memcpy
};

std::span<const VariantInfo> all_variants();
const VariantInfo* find_variant(std::string_view id);
// The shared-memory word of element i of the variant (its layout's bank offset applied).
int shared_word_of_element(const VariantInfo& v, int element);

// Validates a spec completely (variant known, n accepted, op/type pair allowed,
// given values count, heads count) and resolves its defaults.
// Returns an error line naming the problem, or nothing.
std::optional<std::string> validate_and_resolve(RunSpec& spec);

// Runs the reference model of spec.variant. Throws std::invalid_argument with
// the validation message when the spec is not accepted.
Trace run_model(RunSpec spec);

}  // namespace scanviz
