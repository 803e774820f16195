// splitmix64 (Steele, Lea and Flood 2014, as in Vigna's xoshiro reference code):
// fresh, reproducible inputs that are cheap at 2^28 elements. One generator
// for every host-side input stream (tests, the look-back timeline, bench).
#pragma once

#include <cstdint>

namespace scanviz {

struct SplitMix64 {
    uint64_t state;
    constexpr uint64_t next() {
        uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
};

}  // namespace scanviz
