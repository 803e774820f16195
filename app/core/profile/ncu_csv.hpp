// Nsight Compute's CSV (ncu --csv), read into one record per profiled kernel.
//
// Two shapes are read: the raw page (`--page raw`: one row per kernel, one
// column per metric, a second row of units when ncu prints one) and the
// details page (`--page details`: one row per kernel and metric, with "Metric
// Name" and "Metric Value" columns). Lines ncu writes about itself before the
// table ("==PROF== Connected to process ...") are skipped. Values keep the
// text ncu printed; numbers are read on demand, thousands separators
// ("2,784") and all.
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/csv.hpp"

namespace scanviz::ncu {

// Malformed CSV or a value that does not read: the message names the line
// and column (1-based) of the file.
using CsvError = csv::Error;

struct Cell {
    std::string text;
    int line = 0;    // 1-based line of the file
    int column = 0;  // 1-based field number
};

struct Kernel {
    int id = 0;                          // ncu's "ID": launch order within the profiled process
    std::string name;                    // "Kernel Name" as ncu printed it
    std::map<std::string, Cell> values;  // column (raw page) or metric name (details page) -> value
    int line = 0;                        // line of the kernel's (first) row

    const Cell* find(std::string_view key) const;
    // The value as a number. Throws CsvError when the key is absent ("no column
    // <key>") or the text is not a number; "n/a" and empty give nothing.
    std::optional<double> number(std::string_view key) const;
    // Like number() but an absent or empty value is an error too.
    double require(std::string_view key) const;
};

struct Report {
    std::vector<Kernel> kernels;               // in ID order
    std::map<std::string, std::string> units;  // column -> unit, where ncu printed a unit row or column
};

// ncu's CSV split into rows (common/csv.hpp; ncu's own "==" messages are not rows).
using Row = csv::Row;
std::vector<Row> split_csv(std::string_view text);

// Reads ncu's CSV (raw or details page). Throws CsvError naming the line and
// column of the first problem: no header, a row with the wrong number of
// fields, no "ID" or "Kernel Name" column, an ID that is not a whole number.
Report parse(std::string_view text);

// Reads a number as ncu prints it: "2,784" -> 2784, "1,497.21", "0", "-3".
std::optional<double> parse_number(std::string_view text);

}  // namespace scanviz::ncu
