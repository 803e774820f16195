// Segmented Kogge-Stone warp scan with packed head flags (the Alea GPU blog's
// segmented warp scan, after Modern GPU): each input word carries its value in
// bits 0..30 and a segment-head flag in bit 31. One __ballot_sync gathers the
// flags; masking the lanes at or below this one and counting leading zeros
// gives each lane's distance back to its segment's head; the Kogge-Stone step
// tests `d <= distance` where the plain scan tests `lane >= d`, so a combine
// never reads across a head and the scan restarts at every head.
//
// Supported: every operator/type pair scanviz has (add, max, min on int32;
// add on float32), because the scan runs on the unpacked values and sums use
// all 32 bits. What the packing needs is that bit 31 of every input is free:
// int32 values must be non-negative and float32 values must be non-negative
// (bit 31 is the float's sign bit); check() refuses the rest.
#include <cmath>

#include "core/i18n/i18n.hpp"
#include "core/models/model_common.hpp"
#include "core/models/warp_models.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {

std::optional<std::string> check(const RunSpec& spec) {
    if (auto err = check_warp_n(spec)) return err;
    if (spec.input == InputKind::Given) {
        for (size_t i = 0; i < spec.values.size(); ++i) {
            if (std::signbit(spec.values[i]))
                return "warp_segmented packs each head flag into bit 31 of its value, so values must be "
                       "non-negative (bit 31 free): value " +
                       std::to_string(i) + " is " + std::to_string(spec.values[i]);
        }
    }
    return std::nullopt;
}

Trace model(const RunSpec& spec) {
    const auto& phases =
        find_variant(spec.variant)->phases;  // {head distance, segmented kogge-stone, exclusive shift}
    TraceBuilder b(spec, kWarpLanes);
    const int s = b.add_region("s_partials", Space::Shared, kWarpLanes, 0, kWarpLanes);
    const int dist =
        b.add_region(i18n::N_("distance to head (register)"), Space::Registers, kWarpLanes, 0, kWarpLanes);
    const auto in = make_input(spec);
    const auto heads = make_heads(spec);  // heads[0] is always 1

    // Before the first step the values are only in the lanes' packed registers;
    // shared memory holds nothing yet (shown as 0).
    std::vector<int> distance(kWarpLanes, 0);
    int head = 0;
    for (int lane = 0; lane < kWarpLanes; ++lane) {
        if (heads[lane]) head = lane;
        distance[lane] = lane - head;  // what __clz(ballot & lanemask_le) + lane - 31 gives
    }

    b.begin_step(phases[0], -1, BarrierKind::SyncWarp);
    for (int lane = 0; lane < kWarpLanes; ++lane) {
        b.set(lane, dist + lane, distance[lane]);
        b.set(lane, s + lane, in[lane]);  // the value unpacked from bits 0..30
    }
    b.end_step();

    for (int d = 1; d < kWarpLanes; d *= 2) {
        b.begin_step(phases[1], d, BarrierKind::SyncWarp);
        for (int lane = 0; lane < kWarpLanes; ++lane)
            if (d <= distance[lane]) b.combine(lane, s + lane, s + lane - d, s + lane);
        b.end_step();
    }
    if (spec.exclusive) {
        // Each lane takes the lane below's value; a segment's head takes the identity.
        b.begin_step(phases[2], -1, BarrierKind::SyncWarp);
        for (int lane = 0; lane < kWarpLanes; ++lane) {
            if (distance[lane] > 0)
                b.copy(lane, s + lane, s + lane - 1);
            else
                b.set(lane, s + lane, b.identity());
        }
        b.end_step();
    }
    return b.finish(read_slots(b, s, kWarpLanes));
}

}  // namespace

VariantInfo variant_warp_segmented() {
    return VariantInfo{
        .id = "warp_segmented",
        .level = Level::Warp,
        .title = i18n::N_("Segmented warp scan, packed head flags"),
        .description = i18n::N_(
            "Head flag in bit 31; __ballot_sync, lanes-at-or-below mask and __clz give the distance to "
            "the segment head; Kogge-Stone with d <= distance; values must be non-negative"),
        .accepts = i18n::N_("n = 32, values >= 0 (bit 31 carries the head flag)"),
        .source_file = "kernels/warp/warp_segmented/warp_segmented.cuh",
        .phases = phase_list(WarpSegmentedPhases::kNames),
        .default_n = 32,
        .segmented = true,
        .model = model,
        .check = check,
        .resolve = resolve_warp,
    };
}

}  // namespace scanviz
