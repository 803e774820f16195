#include "core/common/strings.hpp"

namespace scanviz {

std::string_view trim(std::string_view s) {
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    size_t a = 0, b = s.size();
    while (a < b && blank(s[a])) ++a;
    while (b > a && blank(s[b - 1])) --b;
    return s.substr(a, b - a);
}

std::string trimmed(std::string_view s) { return std::string(trim(s)); }

}  // namespace scanviz
