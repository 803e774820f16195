// Where an answer's measured figure came from, in the reader's language: "measured on NVIDIA
// H200 (sm_90) on 2026-11-27: 409600 of 409600 warps wrong, from the recording". Sources keeps
// only the parts (bench_origin, profile_origin, race_origin: a file's name, or "" for the open
// recording; the device and the date are the tables' own), so that the window, the command line
// and the pages (WebAssembly, in the page's language) each make the line in theirs.
#pragma once

#include <string>

#include "core/lessons/quantity.hpp"
#include "core/sass/load.hpp"

namespace scanviz::lessons {

// "from the recording", or the file's name.
std::string from_shown(const std::string& from);
// The benchmark's: "measured on DEVICE on DATE, FROM".
std::string bench_origin_shown(const Sources& s);
// The profile's, for a row of one block of n.
std::string profile_origin_shown(const Sources& s, int n);
// The race lab's, for `wrong` of `total` units ("warp" or "block") wrong.
std::string race_origin_shown(const Sources& s, long long wrong, long long total, const std::string& unit);
// The SASS count's: "sm_90, snapshot listing, scan region" (or whole kernel minus baseline).
std::string sass_origin_shown(const std::string& arch, sass::Provenance provenance, bool minus_base);

}  // namespace scanviz::lessons
