// A learner's hazards on the trace the window shows (Your kernel). The hazard analysis runs on
// the access trace (core/learner/records.hpp, access_trace: one step per recorded step, each read
// and store where it happened); the window shows the assembled trace, whose steps leave out the
// load prologue and join a split step's reads to its writes. place_hazards finds each access's
// step, operation and operand there, so that the state view and the diagram draw the racing pair
// where it happens (core/figure/trace_scene.hpp, HazardPairs).
#pragma once

#include <vector>

#include "core/race/hazards.hpp"
#include "core/trace/trace.hpp"

namespace scanviz {

struct PlacedHazards {
    HazardReport report;        // of the access trace, in the order the checks list them
    std::vector<Hazard> shown;  // the same hazards on the trace shown, index for index: step -1 for an
                                // access in the load prologue, op -1 where no operation of the thread
                                // touches the slot in that step (drawn as the cell alone)
};

// The raw step of the access trace -> the step of the trace shown (-1: the load prologue, which
// is the shown trace's initial state). Each shown step is the raw step whose stores and state it
// has (with the read half of a split step before it).
std::vector<int> shown_steps_of(const Trace& shown, const Trace& accesses);

PlacedHazards place_hazards(const Trace& shown, const Trace& accesses);

// The step a hazard is seen at on the trace shown: its read's (RAW, WAR), its later write's (WAW);
// clamped to the trace's steps.
int hazard_step(const Trace& shown, const Hazard& h);

}  // namespace scanviz
