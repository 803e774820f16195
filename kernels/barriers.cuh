// Race lab: the barriers of a scan routine by index, so that an
// instantiation can leave one out. A routine counts its barriers in program
// order (app/core/race/hazards.hpp lists the same barriers from the trace) and asks
// barrier_kept<kKeep>(k) before each. kKeep is a bit mask of the barriers
// kept; the default, kAllBarriers, folds every test to true at compile time,
// so the default instantiation is the routine as written, instruction for
// instruction (tests/test_sass_probe_free.cpp and the SASS snapshot hold it).
#pragma once

#include <cstdint>

namespace scanviz::kern {

inline constexpr uint32_t kAllBarriers = 0xffffffffu;

// The mask that keeps every barrier but barrier k.
__host__ __device__ constexpr uint32_t without_barrier(int k) { return ~(1u << k); }

template <uint32_t kKeep>
__device__ __forceinline__ bool barrier_kept(int k) {
    if constexpr (kKeep == kAllBarriers)
        return true;
    else
        return k >= 32 || ((kKeep >> k) & 1u) != 0;
}

}  // namespace scanviz::kern
