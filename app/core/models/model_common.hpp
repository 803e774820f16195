// Helpers shared by the reference models (checks, resolves, common steps).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/models/variants.hpp"
#include "trace_builder.hpp"

namespace scanviz {

// Warp variants accept exactly one warp.
std::optional<std::string> check_warp_n(const RunSpec& spec);
void resolve_warp(RunSpec& spec);

// Values of `count` slots from `first` after the last step.
std::vector<double> read_slots(const TraceBuilder& b, int first, int count);

// One step that turns an inclusive scan held in slots [first, first + count)
// into an exclusive one: slot i takes slot i-1's value, slot 0 the identity.
void warp_exclusive_shift(TraceBuilder& b, int first, int count, BarrierKind barrier);

bool is_pow2(int x);
int ceil_log2(int x);

}  // namespace scanviz
