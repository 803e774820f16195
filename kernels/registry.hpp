// The GPU side of the variant registry: one entry per variant that has a
// kernel. Each family lists its own (warp/, block/, device/).
#pragma once

#include <string_view>
#include <vector>

#include "core/race/table.hpp"
#include "core/trace/run_spec.hpp"
#include "core/trace/trace.hpp"
#include "race/race.hpp"

namespace scanviz::kern {

struct KernelEntry {
    std::string_view id;                              // the variant id, as in the core registry
    Trace (*capture)(const RunSpec& spec);            // instrumented run (TraceProbe)
    std::vector<double> (*run)(const RunSpec& spec);  // uninstrumented run (NoProbe): the output
    // Race lab (kernels/race/, gpu::measure_race): measures one case with the
    // variant's race kernels; null when the variant is not in the race lab.
    RaceRow (*race)(const RaceCase& c, const gpu::RaceRunConfig& cfg) = nullptr;
    // How many barriers its race kernels count (a case's barrier index is below it).
    int race_barriers = 0;
};

using RaceFn = RaceRow (*)(const RaceCase& c, const gpu::RaceRunConfig& cfg);

// `e` with the race lab's measurement and barrier count set (the lists below
// set them for the variants in the race lab).
inline KernelEntry with_race(KernelEntry e, RaceFn race, int race_barriers) {
    e.race = race;
    e.race_barriers = race_barriers;
    return e;
}

std::vector<KernelEntry> warp_kernels();    // kernels/warp/warp_kernels.cpp
std::vector<KernelEntry> block_kernels();   // kernels/block/block_kernels.cpp
std::vector<KernelEntry> device_kernels();  // kernels/device/device_kernels.cpp

// The entry of variant `id` in those lists (kernels/gpu.cu); null when it has no kernel.
const KernelEntry* find_kernel(std::string_view id);

}  // namespace scanviz::kern
