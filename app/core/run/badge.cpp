#include "core/run/badge.hpp"

namespace scanviz {

Trace as_recorded(const Recording& recording, const Trace& recorded) {
    Trace t = recorded;
    t.source.kind = "recording";
    if (t.source.device.empty()) t.source.device = recording.device.name;
    if (t.source.sm.empty()) t.source.sm = recording.device.sm;
    t.source.date = recording.date.substr(0, 10);
    return t;
}

std::string badge_text(const TraceSource& s) {
    std::string text;
    if (s.kind == "recording") {
        text = "recorded on " + s.device;
        if (!s.date.empty()) text += " on " + s.date;
    } else if (s.kind == "gpu") {
        text = "GPU: " + s.device + (s.sm.empty() ? "" : " (" + s.sm + ")");
    } else if (s.kind == "cpu") {
        text = "your kernel, run on the CPU";
    } else {
        text = "reference model";
    }
    if (!s.note.empty()) text += " (" + s.note + ")";
    return text;
}

}  // namespace scanviz
