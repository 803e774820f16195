// Race lab: what breaks when one barrier of a scan is left out.
//
// The hazard analysis is a derived view of a Trace, like the metrics and the
// dependency diagram: it takes the reads and writes each step recorded, puts
// them into "epochs" (the stretches between two barriers), and reports every
// pair of accesses to one shared slot, by two different threads, at least one
// a write, that no remaining barrier orders:
//   RAW  a read that must see an earlier write may run before it;
//   WAR  a read that must see the old value may run after a later write;
//   WAW  two writes whose last one must win may land the other way round.
// Each hazard says whether the two threads are in different warps (nothing
// orders them once the barrier is gone) or lanes of one warp (only the warp
// executing in lockstep would order them, which Volta and later do not
// promise; the warp may also have diverged). A __syncwarp() orders the lanes
// of its warp only: two threads of different warps are ordered by a
// __syncthreads() between their accesses, not by a __syncwarp().
//
// The barriers of a variant, in program order, come from its trace: every
// step ends with one (its Step::barrier), and the steps of a "split" phase (a
// read, a barrier, a write, a barrier: the form correct under independent
// thread scheduling) have a second one between their reads and their writes.
// The kernels count their barriers in the same order (kernels/barriers.cuh),
// and a gpu test checks that both lists have the same length.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis/diagram.hpp"
#include "core/analysis/hazard.hpp"
#include "core/trace/trace.hpp"

namespace scanviz {

// The variants the race lab covers, in the order its tables list them.
std::vector<std::string_view> race_variants();
// The variant the race lab opens on (RaceFacts::lab_first; else the first of race_variants()).
std::string_view race_lab_first();
bool is_race_variant(std::string_view variant);
// The run the race lab analyses and measures for a variant: int32 add,
// inclusive, n = kRaceBlockN for the block scans, one warp for the warp scans.
inline constexpr int kRaceBlockN = 256;
RunSpec race_spec(std::string_view variant);
// True for a variant whose "one buffer instead of two" what-if exists (block_hillis_steele's double
// buffer; block_warp_scans_smem's warp totals written over the data, as CMU's scan_block does).
bool race_has_one_buffer(std::string_view variant);
// That what-if in words: "one buffer instead of two", or the variant's own (RaceFacts::one_buffer_what).
std::string race_one_buffer_what(std::string_view variant);
// The variants that have it, for messages: "block_hillis_steele, block_warp_scans_smem".
std::string race_one_buffer_variants();
// True for the form written for lockstep warps (no barriers at all).
bool race_is_lockstep(std::string_view variant);
// True for the warp scans (measured converged and after divergence).
bool race_is_warp(std::string_view variant);

enum class BarrierPlace : uint8_t {
    EndOfStep,   // after the step's writes: what the next step's reads wait for
    AfterReads,  // between the step's reads and its writes (a split step)
};

struct BarrierSite {
    int index = 0;      // 0, 1, ... in program order
    std::string name;   // "up-sweep d=4", "kogge-stone d=2: after the reads"
    std::string phase;  // the phase of the step it belongs to (the variant's phase list)
    int step = 0;       // the trace step it belongs to
    BarrierPlace place = BarrierPlace::EndOfStep;
    std::string primitive;  // "__syncthreads()", "__syncwarp()"
};

// The barriers of the trace's variant, in program order. Steps ended by no
// barrier (the legacy form's "lockstep", "kernel end") contribute none.
std::vector<BarrierSite> barrier_sites(const Trace& trace);

// What-if: the barrier left out (-1: none) or one buffer instead of two.
struct RaceWhatIf {
    int removed_barrier = -1;
    bool one_buffer = false;
};

struct HazardReport {
    RaceWhatIf what_if;
    std::string what;  // "barrier 3 (up-sweep d=8) removed", "one buffer instead of two", "as written"
    std::vector<Hazard> hazards;
    int raw = 0, war = 0, waw = 0;
    int between_warps = 0, within_warp = 0;
    int count() const { return static_cast<int>(hazards.size()); }
};

// The hazards of `trace` with the what-if applied. Only shared-memory slots
// count (registers belong to one thread). Throws std::invalid_argument when
// the barrier index is out of range or the variant has no one-buffer form.
HazardReport analyze_hazards(const Trace& trace, const RaceWhatIf& what_if);

// The dependency-diagram edges the hazards put at risk: for a RAW or WAR,
// the edge from the value the read should see to the value its operation
// wrote. Sorted, unique edge ids of `graph` (built from the same trace).
std::vector<int> hazard_edges(const DependencyGraph& graph, const Trace& trace, const HazardReport& report);

// One line per hazard, for the CLI and tests: "RAW s_temp[33]: step 2 thread 33 reads (op 0, operand 0)
// / step 1 thread 32 writes [between warps]".
std::string describe(const Trace& trace, const Hazard& h);

// The same words in the reader's language (core/i18n), for the window: the step labels through
// step_label(), code, numbers and slot names kept. In English each is byte-identical to the English
// above (describe, BarrierSite::name, HazardReport::what), which stays English for the CLI, the state
// dump and the CSV and JSON that carry it.
std::string describe_shown(const Trace& trace, const Hazard& h);
// A barrier's name: "上扫 d=4", "Kogge-Stone 步 d=2，读操作之后".
std::string barrier_shown(const Trace& trace, const BarrierSite& site);
// What the what-if changes: "去掉了栅栏 3（上扫 d=8）", the one-buffer form, "原样".
std::string what_if_shown(const Trace& trace, const RaceWhatIf& what_if);

}  // namespace scanviz
