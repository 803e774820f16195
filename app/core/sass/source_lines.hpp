// The link between instructions and their source lines: the `// step: <phase>`
// tags of the source, the phases an instruction came from, and the project
// files a function's instructions came from.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sass/listing.hpp"

namespace scanviz::sass {

// `// step: <phase>[, <phase>]` tags on source lines (the SASS view and the source
// view read them alike): each entry runs to a comma or the end of the line. A remark
// in parentheses may follow the phase ("kogge-stone (lanes below d read padding)"),
// and some phase names hold parentheses themselves ("upsweep (registers)"), so an
// entry names a phase that is its whole text or the part before one of its '('.
bool tag_names_phase(std::string_view entry, std::string_view phase);
struct StepTag {
    SourceLoc loc;
    std::string phase;  // the text before the first '('
    std::string text;   // the whole entry (the same as `phase` when it has no '(')
    bool names(std::string_view p) const { return tag_names_phase(text, p); }
};
// The entries of one line's tag, each as {phase, text}; none when the line has no tag.
std::vector<std::pair<std::string, std::string>> step_tag_entries(std::string_view line);
std::vector<StepTag> parse_step_tags(std::string_view file, std::string_view source_text);
// Phases whose tagged lines the instruction came from (innermost frame first), without
// repeats, each as its tag's text before '('.
std::vector<std::string> steps_of(const Instruction& ins, std::span<const StepTag> tags);
// Whether the instruction came from a line tagged with `phase` (either form).
bool instruction_in_step(const Instruction& ins, std::string_view phase, std::span<const StepTag> tags);
// Indices of the instructions that came from the lines tagged with `phase`.
std::vector<int> instructions_of_step(const Function& f, std::string_view phase,
                                      std::span<const StepTag> tags);
// The project files (relative paths) the function's instructions came from.
std::vector<std::string> source_files(const Function& f);

}  // namespace scanviz::sass
