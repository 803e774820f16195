// The command line's words in the reader's language: every help text and every
// message for a person is a catalog msgid (i18n::tr / trn / trc); a message with values is a
// printf format, which the Chinese may reorder (%2$s ... %1$s). Machine-readable output (CSV,
// JSON, ids, option names) stays English.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "core/i18n/i18n.hpp"

namespace scanviz::cli {

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
