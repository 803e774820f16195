// Where a learner's file says what: the lines of each step, and the line an error names. The
// window's source view highlights a step's lines and marks an error's line with these.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

// The phase each line (0-based) belongs to, "" for none. A step runs from the line of its
// `scanviz::step("NAME", ...)` call to the barrier that ends it (__syncthreads(), __syncwarp(), a
// shuffle) or the line before the next step() call; its phase is NAME, as the trace names it
// (records.hpp: the label without " d=<number>").
std::vector<std::string> learner_step_phases(std::string_view source);

// The line an error names in `file` ("FILE:LINE: message", FILE as the run named it), or 0.
int error_line_in(std::string_view error, std::string_view file);

}  // namespace scanviz
