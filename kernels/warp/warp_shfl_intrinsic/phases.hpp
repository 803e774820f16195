// The phases of warp_shfl_intrinsic, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct WarpShflIntrinsicPhases {
    enum : int { kShuffleUp = 0, kExclusiveShift = 1 };
    static constexpr std::array<std::string_view, 2> kNames = {"shuffle up", "exclusive shift"};
};

}  // namespace scanviz
