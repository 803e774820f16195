// The command line's words in the reader's language: every help text and every
// message for a person is a catalog msgid (i18n::tr / trn / trc); a message with values is a
// printf format, which the Chinese may reorder (%2$s ... %1$s). Machine-readable output (CSV,
// JSON, ids, option names) stays English.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/i18n/i18n.hpp"

namespace scanviz::cli {

// printf into a string.
[[gnu::format(printf, 1, 2)]] inline std::string strf(const char* format, ...) {
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    const int n = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string out;
    if (n > 0) {
        out.resize(static_cast<size_t>(n));
        std::vsnprintf(out.data(), out.size() + 1, format, again);
    }
    va_end(again);
    return out;
}

// The columns a text takes on a terminal: two for a Chinese character or full-width mark.
inline size_t columns(std::string_view text) {
    size_t cols = 0;
    for (size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const size_t len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        cols += len >= 3 ? 2 : 1;
        i += len;
    }
    return cols;
}

// A table heading padded with spaces to `width` columns (printf's %-28s counts bytes).
inline std::string pad(std::string_view text, size_t width) {
    std::string out(text);
    for (size_t c = columns(text); c < width; ++c) out += ' ';
    return out;
}

}  // namespace scanviz::cli
