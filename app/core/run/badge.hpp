// Which device (or model) produced a trace, in the words every view shows: the
// window's badge and sidebar line and the published web page use these, so they agree.
#pragma once

#include <string>
#include <string_view>

#include "core/recording/recording.hpp"
#include "core/trace/trace.hpp"

namespace scanviz {

// A trace from a recording as shown: source kind "recording", the recording's
// device and SM where the trace names none, and the day it was recorded.
Trace as_recorded(const Recording& recording, const Trace& recorded);

// "recorded on NVIDIA H100 80GB HBM3 on 2026-11-21", with " (note)" when the
// source has a note; "GPU: <device> (sm_90)" for a live capture; "reference model".
std::string badge_text(const TraceSource& source);

// A trace's note (TraceSource::note, kept in English in the trace) in the reader's language: a
// learner run's "your kernel: FILE (lockstep)", or "FILE (lockstep)" where the badge drops the
// "your kernel: ", with its schedule translated and the file as it is; another note as it is.
std::string note_shown(std::string_view note);

}  // namespace scanviz
