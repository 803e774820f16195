// What a recording holds beyond traces, validation and benchmarks: the SASS
// of every built architecture with the cubin hashes (from the SASS layer).
#pragma once

#include "core/recording/recording.hpp"

namespace scanviz::cli {

void add_recording_extras(Recording& rec);

}  // namespace scanviz::cli
