// The link between instructions and their source lines: the `// step: <phase>`
// tags of the source, the phases an instruction came from, and the project
// files a function's instructions came from.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/sass/listing.hpp"

namespace scanviz::sass {

// `// step: <phase>[, <phase>]` tags on source lines (as the source view reads
// them): each phase is the text up to a comma, an opening parenthesis (a
// remark) or the end of the line.
struct StepTag {
    SourceLoc loc;
    std::string phase;
};
std::vector<StepTag> parse_step_tags(std::string_view file, std::string_view source_text);
// Phases whose tagged lines the instruction came from (innermost frame first), without repeats.
std::vector<std::string> steps_of(const Instruction& ins, std::span<const StepTag> tags);
// Indices of the instructions that came from the lines tagged with `phase`.
std::vector<int> instructions_of_step(const Function& f, std::string_view phase,
                                      std::span<const StepTag> tags);
// The project files (relative paths) the function's instructions came from.
std::vector<std::string> source_files(const Function& f);

}  // namespace scanviz::sass
