// The phases of device_scan_then_propagate, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct ScanThenPropagatePhases {
    enum : int { kScanTiles = 0, kScanTileSums = 1, kAddPrefixes = 2 };
    static constexpr std::array<std::string_view, 3> kNames = {"scan tiles", "scan tile sums",
                                                               "add prefixes"};
};

}  // namespace scanviz
