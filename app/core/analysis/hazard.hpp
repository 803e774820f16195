// A hazard between two accesses of a trace, as plain data: what the race lab finds
// (core/race/hazards.hpp) and what the pictures draw (core/figure/trace_scene.hpp), which sits
// below race and so may not include it.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/analysis/diagram.hpp"
#include "core/trace/trace.hpp"

namespace scanviz {

enum class HazardKind : uint8_t { RAW, WAR, WAW };
std::string_view to_string(HazardKind k);

// One access as the trace records it: operation `op` of thread `thread` in
// step `step`; `index` is the operand (a read) or the written slot (a write).
// step == trace.steps.size() is the kernel's final store of its results
// (block_blelloch: thread t stores elements t and t + m/2, written by others).
struct Access {
    int step = 0;
    int thread = 0;
    int op = 0;     // index in Step::ops
    int index = 0;  // index in Operation::reads or Operation::writes
    bool write = false;
};

struct Hazard {
    HazardKind kind = HazardKind::RAW;
    int slot = 0;                // the trace slot both touch (after the one-buffer aliasing: the real word)
    Access read;                 // RAW, WAR: the read at risk; WAW: the write that must land first
    Access write;                // the write it races with
    bool between_warps = false;  // the two threads are in different warps
};

// The diagram's edges the hazards put at risk (sorted edge ids of `graph`, which must be
// DependencyGraph(trace)): each racing read's edge; for WAW every edge into the value that must
// land last.
std::vector<int> hazard_edges_of(const DependencyGraph& graph, const Trace& trace, const std::vector<Hazard>& hazards);

}  // namespace scanviz
