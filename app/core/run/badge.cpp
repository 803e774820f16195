#include "core/run/badge.hpp"

#include <utility>

#include "core/i18n/i18n.hpp"

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
        text = s.date.empty() ? i18n::format(i18n::tr("recorded on %s"), s.device.c_str())
                              : i18n::format(i18n::tr("recorded on %s on %s"), s.device.c_str(), s.date.c_str());
    } else if (s.kind == "gpu") {
        text = "GPU: " + s.device + (s.sm.empty() ? "" : " (" + s.sm + ")");
    } else if (s.kind == "cpu") {
        text = i18n::tr("your kernel, run on the CPU");
    } else {
        text = i18n::tr("reference model");
    }
    if (!s.note.empty()) text += i18n::format(i18n::tr(" (%s)"), note_shown(s.note).c_str());
    return text;
}

std::string note_shown(std::string_view note) {
    constexpr std::string_view kYours = "your kernel: ";
    // The schedule's id as the learner engine writes it (core/learner/engine.cpp to_string).
    // Each with its shown name written out whole, so that xgettext finds it.
    const std::pair<const char*, const char*> schedules[] = {
        {"lockstep", i18n::trc("schedule", "lockstep")},
        {"interleaved", i18n::trc("schedule", "interleaved")},
    };
    for (const auto& [schedule, shown] : schedules) {
        const std::string tail = " (" + std::string(schedule) + ")";
        if (note.size() <= tail.size() || note.substr(note.size() - tail.size()) != tail) continue;
        const std::string_view file = note.substr(0, note.size() - tail.size());
        if (file.substr(0, kYours.size()) == kYours) {
            const std::string rest(file.substr(kYours.size()));
            return i18n::format(i18n::tr("your kernel: %s (%s)"), rest.c_str(), shown);
        }
        const std::string path(file);
        return i18n::format(i18n::trc("a file and its schedule", "%s (%s)"), path.c_str(), shown);
    }
    return std::string(note);
}

}  // namespace scanviz
