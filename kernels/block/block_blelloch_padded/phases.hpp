// The phases of block_blelloch_padded: those of block_blelloch (the same routine, PADDED = true), so the
// names are written once, in ../block_blelloch/phases.hpp.
#pragma once

#include "../block_blelloch/phases.hpp"

namespace scanviz {

using BlockBlellochPaddedPhases = BlockBlellochPhases;

}  // namespace scanviz
