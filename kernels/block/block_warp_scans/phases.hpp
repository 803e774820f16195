// The phases of block_warp_scans, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct BlockWarpScansPhases {
    enum : int { kUpsweep = 0, kKoggeStone = 1, kPropagate = 2, kDownsweep = 3 };
    static constexpr std::array<std::string_view, 4> kNames = {
        "upsweep (registers)", "kogge-stone (warp shuffles)", "propagate warp prefixes",
        "downsweep (registers)"};
};

}  // namespace scanviz
