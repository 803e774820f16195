// Numbers to and from text, the same in every build. The native build uses
// std::to_chars / std::from_chars; emscripten 3.1.6's libc++ (LLVM 14) has neither for
// floating point, so the WebAssembly build computes the same text another way:
// the shortest digits that read back to the same value, written fixed or scientific,
// whichever is shorter (fixed on a tie), as std::to_chars does without a format.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace scanviz {

std::string shortest_text(double v);  // std::to_chars(first, last, v)
std::string shortest_text(float v);
// A whole decimal number (as std::from_chars for double: no leading '+', no blanks);
// nothing when the text is not one.
std::optional<double> parse_double(std::string_view text);

}  // namespace scanviz
