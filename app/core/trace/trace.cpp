#include "core/trace/trace.hpp"

#include <ctime>

namespace scanviz {

std::string_view to_string(Space s) {
    switch (s) {
        case Space::Shared: return "shared";
        case Space::Registers: return "registers";
        case Space::Tiles: return "tiles";
        case Space::Global: return "global";
    }
    return "?";
}

std::string_view to_string(OpKind k) {
    switch (k) {
        case OpKind::Combine: return "combine";
        case OpKind::Copy: return "copy";
        case OpKind::Flag: return "flag";
        case OpKind::Wait: return "wait";
        case OpKind::Reduce: return "reduce";
        case OpKind::Swap: return "swap";
        case OpKind::TileScan: return "tile scan";
    }
    return "?";
}

std::string_view barrier_name(BarrierKind b) {
    switch (b) {
        case BarrierKind::SyncWarp: return "__syncwarp()";
        case BarrierKind::SyncThreads: return "__syncthreads()";
        case BarrierKind::Lockstep: return "lockstep (no barrier)";
        case BarrierKind::KernelEnd: return "kernel end";
        case BarrierKind::FlagPublish: return "flag published";
        case BarrierKind::ShflSync: return "shfl.sync (the shuffle converges the warp)";
    }
    return "?";
}

std::string step_label(std::string_view phase, int param) {
    std::string s(phase);
    if (param >= 0) s += " d=" + std::to_string(param);
    return s;
}

std::string utc_now_iso8601() {
    char buf[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    return buf;
}

std::vector<uint32_t> make_mask(int threads, bool all_active) {
    std::vector<uint32_t> m(static_cast<size_t>((threads + 31) / 32), 0u);
    if (all_active)
        for (int t = 0; t < threads; ++t) set_active(m, t);
    return m;
}

}  // namespace scanviz
