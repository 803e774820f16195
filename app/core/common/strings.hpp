// Small text helpers every reader shares (lessons, SASS listings, tables, scripts);
// CSV is split by common/csv.hpp.
#pragma once

#include <string>
#include <string_view>

namespace scanviz {

// s without leading and trailing blanks (space, tab, CR, LF).
std::string_view trim(std::string_view s);
// The same, as a string of its own.
std::string trimmed(std::string_view s);

}  // namespace scanviz
