#include "core/common/numbers.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <system_error>

namespace scanviz {

#ifndef __EMSCRIPTEN__

namespace {
template <typename T>
std::string to_chars_text(T v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}
}  // namespace

std::string shortest_text(double v) { return to_chars_text(v); }
std::string shortest_text(float v) { return to_chars_text(v); }

std::optional<double> parse_double(std::string_view text) {
    double v = 0;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || p != text.data() + text.size() || text.empty()) return std::nullopt;
    return v;
}

#else

namespace {

// The shortest round-trip text of v (finite), as std::to_chars chooses it.
template <typename T>
std::string shortest(T v, int max_digits) {
    if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    if (v == 0) return std::signbit(v) ? "-0" : "0";
    char buf[64];
    int digits = 1;
    for (; digits < max_digits; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*e", digits - 1, static_cast<double>(v));
        if (static_cast<T>(std::strtod(buf, nullptr)) == v) break;
    }
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, static_cast<double>(v));
    // buf: [-]D[.DDD]e[+-]XX; the significant digits and the exponent.
    const std::string s(buf);
    const bool negative = s[0] == '-';
    const size_t e = s.find('e');
    std::string mantissa;
    for (size_t i = negative ? 1 : 0; i < e; ++i)
        if (s[i] != '.') mantissa += s[i];
    while (mantissa.size() > 1 && mantissa.back() == '0') mantissa.pop_back();
    const int exponent = std::atoi(s.c_str() + e + 1);
    // Scientific: D[.DDD]e[+-]XX (at least two exponent digits, as printf).
    std::string sci = mantissa.substr(0, 1);
    if (mantissa.size() > 1) sci += "." + mantissa.substr(1);
    char exp_buf[16];
    std::snprintf(exp_buf, sizeof exp_buf, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    sci += exp_buf;
    // Fixed: the digits with the point placed (zeros added where needed).
    std::string fixed;
    const int n = static_cast<int>(mantissa.size());
    if (exponent < 0) {
        fixed = "0." + std::string(-exponent - 1, '0') + mantissa;
    } else if (exponent + 1 >= n) {
        fixed = mantissa + std::string(exponent + 1 - n, '0');
    } else {
        fixed = mantissa.substr(0, exponent + 1) + "." + mantissa.substr(exponent + 1);
    }
    const std::string& best = fixed.size() <= sci.size() ? fixed : sci;
    return negative ? "-" + best : best;
}

}  // namespace

std::string shortest_text(double v) { return shortest<double>(v, 17); }
std::string shortest_text(float v) { return shortest<float>(v, 9); }

std::optional<double> parse_double(std::string_view text) {
    if (text.empty() || text.front() == '+' || text.front() == ' ' || text.front() == '\t') return std::nullopt;
    const std::string s(text);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return std::nullopt;
    return v;
}

#endif

}  // namespace scanviz
