// Text helpers the listing parser and the step tags share: lines of a text,
// and source paths as the listings and the source tree name them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scanviz::sass {

// The lines of text, without their '\n'; no line after a final '\n'.
std::vector<std::string_view> split_lines(std::string_view text);

// "kernels/sass/../warp/x.cuh" -> "kernels/warp/x.cuh"; "./a" -> "a".
std::string normalize_path(std::string_view p);

}  // namespace scanviz::sass
