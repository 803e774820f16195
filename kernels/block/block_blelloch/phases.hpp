// The phases of block_blelloch, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct BlockBlellochPhases {
    enum : int { kUpSweep = 0, kClearLast = 1, kDownSweep = 2, kInclusiveShift = 3 };
    static constexpr std::array<std::string_view, 4> kNames = {"up-sweep", "clear last", "down-sweep",
                                                               "inclusive shift"};
};

}  // namespace scanviz
