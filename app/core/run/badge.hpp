// Which device (or model) produced a trace, in the words every view shows: the
// window's badge and sidebar line and the published web page use these, so they agree.
#pragma once

#include <string>

#include "core/recording/recording.hpp"
#include "core/trace/trace.hpp"

namespace scanviz {

// A trace from a recording as shown: source kind "recording", the recording's
// device and SM where the trace names none, and the day it was recorded.
Trace as_recorded(const Recording& recording, const Trace& recorded);

// "recorded on NVIDIA H100 80GB HBM3 on 2026-11-21", with " (note)" when the
// source has a note; "GPU: <device> (sm_90)" for a live capture; "reference model".
std::string badge_text(const TraceSource& source);

}  // namespace scanviz
