#include "model_common.hpp"

namespace scanviz {

std::optional<std::string> check_warp_n(const RunSpec& spec) {
    if (spec.n != 32)
        return "variant '" + spec.variant + "' scans one warp: n must be 32, got " + std::to_string(spec.n);
    return std::nullopt;
}

void resolve_warp(RunSpec& spec) {
    spec.threads = 32;
    spec.items_per_thread = 1;
}

std::vector<double> read_slots(const TraceBuilder& b, int first, int count) {
    std::vector<double> v(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) v[i] = b.value(first + i);
    return v;
}

void warp_exclusive_shift(TraceBuilder& b, int first, int count, BarrierKind barrier) {
    b.begin_step("exclusive shift", -1, barrier);
    for (int i = count - 1; i >= 1; --i) b.copy(i, first + i, first + i - 1);
    b.set(0, first, b.identity());
    b.end_step();
}

bool is_pow2(int x) { return x > 0 && (x & (x - 1)) == 0; }

int ceil_log2(int x) {
    int l = 0;
    while ((1 << l) < x) ++l;
    return l;
}

}  // namespace scanviz
