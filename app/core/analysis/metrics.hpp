// Metrics derived from a Trace: work, span, steps, active lanes, and the
// shared-memory bank of every access with the conflict degree per step.
// Nothing here is typed in: every figure is computed from the trace's
// operations, with the step semantics of trace.hpp (a thread sees its own
// writes of the current step, other threads' writes only after the step).
#pragma once

#include <cstdint>
#include <vector>

#include "core/trace/trace.hpp"

namespace scanviz {

inline constexpr int kSharedBanks = 32;   // banks of shared memory (every NVIDIA GPU since Fermi)
inline constexpr int kBankWordBytes = 4;  // one bank serves one 4-byte word per cycle
inline constexpr int kWarpThreads = 32;

// One thread's access to one shared-memory slot.
struct SharedAccess {
    int thread = 0;
    int slot = 0;
    int word = 0;  // 4-byte word address: (region.byte_offset + index * elem_bytes) / 4
    int bank = 0;  // word % 32
};

// The k-th shared-memory read (or write) of every thread of one warp in one
// step forms one access instruction; its conflict degree is the largest number
// of distinct words that map to one bank (the same word is a broadcast: 1).
struct SharedAccessGroup {
    int warp = 0;  // threads 32*warp .. 32*warp + 31
    bool is_write = false;
    int index = 0;   // k: the k-th shared read (or write) of each thread in this step
    int degree = 1;  // 1 = conflict-free; 32 = every lane in one bank, all different words
    std::vector<SharedAccess> accesses;  // one per participating thread, in thread order
};

struct StepMetrics {
    int64_t work = 0;      // operator applications in this step (sum of op.applications)
    int active_lanes = 0;  // popcount of the step's active mask
    int ops = 0;           // operations recorded in this step
    int span_so_far = 0;   // longest dependency chain of any slot written up to and including this step
    int max_conflict_degree =
        1;                      // max over this step's shared access groups (1 = conflict-free or no access)
    int shared_reads = 0;       // shared-memory slot reads in this step
    int shared_writes = 0;      // shared-memory slot writes in this step
    int conflicted_groups = 0;  // access groups with degree > 1
    int64_t bank_cycles = 0;    // sum of the degrees of this step's access groups (cycles the warps spend)
};

struct Metrics {
    int64_t work = 0;             // operator applications over the whole trace
    int span = 0;                 // longest dependency chain (in operator applications) of any slot
    int steps = 0;                // number of steps
    int64_t sequential_work = 0;  // what a sequential scan does: n - 1 applications (0 for n <= 1)
    int max_conflict_degree = 1;  // max over all steps
    std::vector<StepMetrics> per_step;
    std::vector<int> final_depth;  // dependency depth of every slot after the last step
};

Metrics compute_metrics(const Trace& trace);

// Shared-memory word and bank of a slot; -1 when the slot is not in a Shared
// region (registers, tiles, global) or out of range.
int shared_word_of_slot(const Layout& layout, int slot);
int bank_of_slot(const Layout& layout, int slot);

// Conflict degree of one access instruction: max over banks of the number of
// distinct words that map to it (1 for an empty group).
int conflict_degree(const std::vector<SharedAccess>& accesses);

// The access groups of one step (reads first, then writes, each by warp and
// index). Throws std::out_of_range for a bad step index.
std::vector<SharedAccessGroup> shared_access_groups(const Trace& trace, int step);

// Dependency depth of every slot after each step: depths[s][slot]
// (steps.size() rows). Slots never written have depth 0.
std::vector<std::vector<int>> slot_depths(const Trace& trace);

// Number of set bits in an active mask.
int active_count(const std::vector<uint32_t>& mask);

}  // namespace scanviz
