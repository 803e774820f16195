// The phases of device_decoupled_lookback, written once: its model's step labels (kNames), its
// kernel's probe indices (the enum) and the step tags of its sources
// (tests/test_variant_phases.cpp checks the tags) all read this definition.
#pragma once

#include <array>
#include <string_view>

namespace scanviz {

struct LookbackPhases {
    enum : int {
        kTileReduce = 0,
        kPublishAggregate = 1,
        kLookBack = 2,
        kPublishInclusive = 3,
        kTileScan = 4
    };
    static constexpr std::array<std::string_view, 5> kNames = {
        "reduce tiles", "publish aggregates", "look back", "publish inclusive", "scan tiles"};
};

}  // namespace scanviz
