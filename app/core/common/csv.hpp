// CSV text split into rows of fields: one splitter for every table scanviz
// reads (ncu's reports, the benchmark's CSV, racecheck results).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz::csv {

// Malformed CSV: the message names the file kind, line and column (1-based).
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Row {
    int line = 0;  // the 1-based line the row starts on
    std::vector<std::string> fields;
};

// Splits CSV text into rows of fields (RFC 4180 quoting: "" inside quotes is
// a quote; a quoted field may hold commas and line breaks; the quotes are
// removed). Blank lines, and lines for which `skip` returns true, are not
// rows. Throws Error, naming `what` ("ncu CSV"), the line and the column, for
// an unterminated quote, text after a closing quote or a quote inside an
// unquoted field.
std::vector<Row> split(std::string_view text, std::string_view what,
                       bool (*skip)(std::string_view line) = nullptr);

}  // namespace scanviz::csv
