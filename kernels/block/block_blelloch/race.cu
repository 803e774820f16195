// Race lab: block_blelloch with one barrier left out (race_block_blelloch.cuh, kPadded = false).
#include "../race_block_blelloch.cuh"

namespace scanviz::kern {

RaceRow race_block_blelloch(const RaceCase& c, const gpu::RaceRunConfig& cfg) {
    return race_blelloch<false>(c, cfg);
}

}  // namespace scanviz::kern
