// The phases of block_brent_kung, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct BlockBrentKungPhases {
    enum : int { kReductionTree = 0, kDistributionTree = 1 };
    static constexpr std::array<std::string_view, 2> kNames = {"reduction tree", "distribution tree"};
};

}  // namespace scanviz
