#include "core/common/csv.hpp"

namespace scanviz::csv {
namespace {

std::string where(std::string_view what, int line, int column) {
    return std::string(what) + " line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

std::vector<Row> split(std::string_view text, std::string_view what, bool (*skip)(std::string_view line)) {
    std::vector<Row> rows;
    size_t i = 0;
    int line = 1;
    while (i < text.size()) {
        // Blank lines and the lines the caller skips (comments, a tool's own messages) are not rows.
        const size_t eol = text.find('\n', i);
        const std::string_view rest =
            text.substr(i, eol == std::string_view::npos ? text.size() - i : eol - i);
        if (rest.empty() || rest == "\r" || (skip && skip(rest))) {
            i = eol == std::string_view::npos ? text.size() : eol + 1;
            ++line;
            continue;
        }
        Row row;
        row.line = line;
        std::string field;
        bool end_of_row = false;
        while (!end_of_row) {
            field.clear();
            const int field_line = line;
            if (i < text.size() && text[i] == '"') {
                ++i;
                bool closed = false;
                while (i < text.size()) {
                    const char c = text[i++];
                    if (c == '"') {
                        if (i < text.size() && text[i] == '"') {
                            field.push_back('"');
                            ++i;
                        } else {
                            closed = true;
                            break;
                        }
                    } else {
                        if (c == '\n') ++line;
                        field.push_back(c);
                    }
                }
                if (!closed)
                    throw Error(where(what, field_line, static_cast<int>(row.fields.size()) + 1) +
                                   ": a quoted field is never closed");
                if (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
                    throw Error(where(what, line, static_cast<int>(row.fields.size()) + 1) +
                                   ": text after the closing quote of a field");
            } else {
                while (i < text.size() && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
                    if (text[i] == '"')
                        throw Error(where(what, line, static_cast<int>(row.fields.size()) + 1) +
                                       ": a quote inside an unquoted field");
                    field.push_back(text[i++]);
                }
            }
            row.fields.push_back(field);
            if (i < text.size() && text[i] == '\r') ++i;
            if (i >= text.size()) {
                end_of_row = true;
            } else if (text[i] == ',') {
                ++i;
                // A trailing comma gives an empty last field (ncu ends some lines with a comma);
                // the caller's width check handles it.
            } else if (text[i] == '\n') {
                ++i;
                ++line;
                end_of_row = true;
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace scanviz::csv
