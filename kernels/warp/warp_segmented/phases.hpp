// The phases of warp_segmented, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct WarpSegmentedPhases {
    enum : int { kHeadDistance = 0, kSegmentedKoggeStone = 1, kExclusiveShift = 2 };
    static constexpr std::array<std::string_view, 3> kNames = {"head distance", "segmented kogge-stone",
                                                               "exclusive shift"};
};

}  // namespace scanviz
