// The phases of block_warp_scans_shfl, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct BlockWarpScansShflPhases {
    enum : int { kWarpScan = 0, kWarpTotals = 1, kScanTotals = 2, kAddBase = 3, kExclusiveShift = 4 };
    static constexpr std::array<std::string_view, 5> kNames = {
        "warp shuffle scan", "warp totals", "scan warp totals", "add warp base", "exclusive shift"};
};

}  // namespace scanviz
