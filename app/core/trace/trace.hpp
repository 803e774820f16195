// Trace: the contract between kernels, reference models and views (ARCHITECTURE.md, "The data's way through").
//
// The state of a run lives in "slots". A Layout splits the slots into regions:
// shared memory (with its real layout, padding included), registers (one slot per
// lane or thread for one register), per-tile values of a whole-array scan, or
// global memory. Every step records the values of all slots after it, the
// operations done in it and the barrier that ends it.
//
// Semantics of the operations inside one step (what a replay must do):
//   - a thread sees its own earlier writes in the same step (program order);
//   - it sees other threads' writes of the same step only after the step ends
//     (reads of other threads' slots see the state at the start of the step).
// This is exactly what a race-free CUDA program between two barriers guarantees,
// and what the warp-synchronous legacy form relies on within one instruction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/trace/run_spec.hpp"

namespace scanviz {

inline constexpr int kTraceFormatVersion = 1;

enum class Space : uint8_t {
    Shared,     // __shared__ memory: slots have byte addresses and banks
    Registers,  // one register per thread/lane
    Tiles,      // per-tile values of a whole-array scan (aggregate, prefix, flag)
    Global,     // device memory (input/output arrays)
};
std::string_view to_string(Space s);

struct Region {
    std::string name;      // "s_partials", "x (register)", "tile aggregate", ...
    Space space = Space::Shared;
    int first_slot = 0;    // slots [first_slot, first_slot + count) belong to this region
    int count = 0;
    int byte_offset = 0;   // Shared: byte address of the region's first slot in the block's shared memory
    int elem_bytes = 4;    // Shared: size of one slot in bytes
    int cols = 0;          // drawing hint: slots per row (0 = one row)
};

struct Layout {
    std::vector<Region> regions;
    int slots = 0;                 // total slots over all regions
    std::vector<uint8_t> padding;  // per slot: 1 = padding (zero pad, bank pad), never holds data
};

enum class OpKind : uint8_t {
    Combine,  // writes[0] = op(reads[0], reads[1]) (left operand first); counts as work
    Copy,     // writes[i] = reads[0]: a move, no operator application
    Flag,     // publish a status flag or value (decoupled look-back); no operator application
    Wait,     // a thread reads a slot to decide whether to go on (look-back spin); no write
    Reduce,   // writes[0] = fold of all reads at tile granularity; work = applications
    Swap,     // Blelloch down-sweep: reads {a, b}, writes {a, b}: s[a] = old s[b], s[b] = op(old s[a], old s[b])
    // Whole-array scans, tile granularity: one thread block scans a whole tile
    // (or the tile sums). reads = [seed slot,] the tile's slots; writes = the
    // scanned slots [, the tile's aggregate slot]. Each written slot depends on
    // all read slots; work += applications (reads - 1); span += depth
    // (ceil(log2(reads))). The values are the kernel's (taken from the state:
    // the in-tile order of operations is the block routine's).
    TileScan,
};
std::string_view to_string(OpKind k);

struct Operation {
    int thread = 0;              // thread (or lane, or tile for whole-array scans) that did it
    OpKind kind = OpKind::Combine;
    std::vector<int> reads;      // slots read, in operand order
    std::vector<int> writes;     // slots written
    int applications = 1;        // operator applications this operation stands for (Combine: 1, Copy: 0)
    int depth = 1;               // length it adds to a dependency chain (Combine: 1, Copy: 0; Reduce: its tree depth)
};

struct Step {
    std::string phase;           // one of the variant's phase names, e.g. "up-sweep"
    std::string label;           // the full label shown, e.g. "up-sweep d=4"
    std::string barrier;         // what ends the step: "__syncthreads()", "__syncwarp()", "lockstep", "kernel end", ...
    std::vector<uint32_t> active_mask;  // bit t set = thread t active; ceil(threads/32) words
    std::vector<Operation> ops;
    std::vector<double> state;   // value of every slot after the step (layout.slots entries)
};

struct TraceSource {
    std::string kind = "model";  // "model", "gpu", "recording", or "cpu" (a learner's kernel on the CPU engine)
    std::string device;          // GPU name (e.g. "NVIDIA H100 80GB HBM3"), empty for the model
    std::string sm;              // "sm_90"
    std::string driver;          // driver version, when known
    std::string date;            // ISO 8601, when captured
    std::string note;            // free text: "model fallback: not in the recording"
};

struct Trace {
    int version = kTraceFormatVersion;
    RunSpec spec;                // the spec as run (threads and items resolved)
    int threads = 0;             // threads per block actually used
    int blocks = 1;              // blocks (tiles for whole-array scans)
    Layout layout;
    std::vector<double> input;   // n values
    std::vector<uint8_t> heads;  // n flags, segmented scan only
    std::vector<double> initial_state;  // slot values before the first step
    std::vector<Step> steps;
    std::vector<double> output;  // n values
    TraceSource source;
};

// What ends a step. Models and GPU captures name barriers through this one table.
// ShflSync: a warp shuffle step (shfl.sync): the exchange itself converges the lanes of its mask.
enum class BarrierKind : uint8_t { SyncWarp, SyncThreads, Lockstep, KernelEnd, FlagPublish, ShflSync };
std::string_view barrier_name(BarrierKind b);

// The label a step shows: the phase name, and " d=<param>" when param >= 0
// (the distance or stride of that step). Models and GPU captures both use it.
std::string step_label(std::string_view phase, int param);

// The time now in UTC as ISO 8601 ("2026-11-21T22:46:34Z"): the date format of
// traces, validation reports and recordings.
std::string utc_now_iso8601();

// Convenience for building masks.
std::vector<uint32_t> make_mask(int threads, bool all_active = true);
inline void set_active(std::vector<uint32_t>& mask, int t) { mask[t / 32] |= (1u << (t % 32)); }
inline bool is_active(const std::vector<uint32_t>& mask, int t) {
    return t / 32 < static_cast<int>(mask.size()) && (mask[t / 32] >> (t % 32)) & 1u;
}

}  // namespace scanviz
