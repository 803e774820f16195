// The phases of device_reduce_then_scan, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct ReduceThenScanPhases {
    enum : int { kReduceTiles = 0, kScanTileSums = 1, kScanTiles = 2 };
    static constexpr std::array<std::string_view, 3> kNames = {"reduce tiles", "scan tile sums",
                                                               "scan tiles"};
};

}  // namespace scanviz
