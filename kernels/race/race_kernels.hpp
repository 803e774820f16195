// The race lab's measurement of each variant in it (one race_<variant>.cu
// each, CUDA) and the barrier counts its kernels are built for. Plain C++:
// the per-variant registry lists (warp_kernels.cpp, block_kernels.cpp) name
// these in their entries (KernelEntry::race, race_barriers).
#pragma once

#include "core/race/hazards.hpp"
#include "race.hpp"

namespace scanviz::kern {

RaceRow race_block_hillis_steele(const RaceCase& c, const gpu::RaceRunConfig& cfg);
RaceRow race_block_blelloch(const RaceCase& c, const gpu::RaceRunConfig& cfg);
RaceRow race_block_blelloch_padded(const RaceCase& c, const gpu::RaceRunConfig& cfg);
RaceRow race_warp_conditional(const RaceCase& c, const gpu::RaceRunConfig& cfg);
RaceRow race_warp_zeropad(const RaceCase& c, const gpu::RaceRunConfig& cfg);
RaceRow race_warp_templated(const RaceCase& c, const gpu::RaceRunConfig& cfg);
RaceRow race_warp_legacy_volatile(const RaceCase& c, const gpu::RaceRunConfig& cfg);

// Barrier counts of the race kernels, from the sizes they are built for.
inline constexpr int kRaceLog2N = 8;  // log2(kRaceBlockN)
static_assert((1 << kRaceLog2N) == kRaceBlockN);
inline constexpr int kRaceHillisSteeleBarriers = kRaceLog2N;          // one per step
inline constexpr int kRaceBlellochBarriers = 2 * kRaceLog2N + 1 + 2;  // up, clear, down, inclusive shift (2)
inline constexpr int kRaceWarpBarriers = 2 * 5;                       // 5 steps, read | write
inline constexpr int kRaceLegacyBarriers = 0;                         // warp_legacy_volatile has none

}  // namespace scanviz::kern
