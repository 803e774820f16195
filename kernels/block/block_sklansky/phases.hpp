// The phases of block_sklansky, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct BlockSklanskyPhases {
    enum : int { kFanOut = 0 };
    static constexpr std::array<std::string_view, 1> kNames = {"fan-out"};
};

}  // namespace scanviz
