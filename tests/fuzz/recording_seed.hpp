// A small, valid recording built from reference-model traces: the fuzzer's
// seed and the reader tests' starting point.
#pragma once

#include "core/recording/recording.hpp"

namespace scanviz::testing {

Recording seed_recording();

}  // namespace scanviz::testing
