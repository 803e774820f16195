// The phases of block_raking_memoize: those of block_raking (the same routine, MEMOIZE = true), so the
// names are written once, in ../block_raking/phases.hpp.
#pragma once

#include "../block_raking/phases.hpp"

namespace scanviz {

using BlockRakingMemoizePhases = BlockRakingPhases;

}  // namespace scanviz
