// The phases of block_raking, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct BlockRakingPhases {
    enum : int {
        kUpsweepRegisters = 0,
        kUpsweepRaking = 1,
        kKoggeStone = 2,
        kDownsweepRaking = 3,
        kDownsweepRegisters = 4
    };
    static constexpr std::array<std::string_view, 5> kNames = {"upsweep (registers)", "upsweep (raking)",
                                                               "kogge-stone (warp shuffles)",
                                                               "downsweep (raking)", "downsweep (registers)"};
};

}  // namespace scanviz
