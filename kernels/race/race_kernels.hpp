// The barrier counts the race kernels are built for. Each variant in the race
// lab keeps its race kernels in race.cu in its folder (kernels/<family>/<id>/)
// and attaches them in its kernel entry (KernelEntry::race, race_barriers).
#pragma once

#include "core/race/hazards.hpp"
#include "race.hpp"

namespace scanviz::kern {


// Barrier counts of the race kernels, from the sizes they are built for.
inline constexpr int kRaceLog2N = 8;  // log2(kRaceBlockN)
static_assert((1 << kRaceLog2N) == kRaceBlockN);
inline constexpr int kRaceHillisSteeleBarriers = kRaceLog2N;          // one per step
inline constexpr int kRaceBlellochBarriers = 2 * kRaceLog2N + 1 + 2;  // up, clear, down, inclusive shift (2)
inline constexpr int kRaceWarpBarriers = 2 * 5;                       // 5 steps, read | write
inline constexpr int kRaceLegacyBarriers = 0;                         // warp_legacy_volatile has none
// block_warp_scans_smem at kRaceBlockN threads: 5 warp-scan steps (read | write), the warp totals,
// the scan of the 8 warp totals (3 steps, read | write) and the add of the warp base.
inline constexpr int kRaceWarpScansSmemBarriers = 2 * 5 + 1 + 2 * (kRaceLog2N - 5) + 1;

}  // namespace scanviz::kern
