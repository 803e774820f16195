// Race lab: block_blelloch_padded with one barrier left out (race_block_blelloch.cuh, kPadded = true).
#include "../race_block_blelloch.cuh"

namespace scanviz::kern {

RaceRow race_block_blelloch_padded(const RaceCase& c, const gpu::RaceRunConfig& cfg) {
    return race_blelloch<true>(c, cfg);
}

}  // namespace scanviz::kern
