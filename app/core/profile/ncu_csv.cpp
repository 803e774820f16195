#include "core/profile/ncu_csv.hpp"

#include "core/common/numbers.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace scanviz::ncu {
namespace {

std::string where(int line, int column) {
    return "ncu CSV line " + std::to_string(line) + ", column " + std::to_string(column);
}

bool is_log_line(std::string_view line) { return line.size() >= 2 && line[0] == '=' && line[1] == '='; }

int index_of(const std::vector<std::string>& header, std::string_view name) {
    for (size_t i = 0; i < header.size(); ++i)
        if (header[i] == name) return static_cast<int>(i);
    return -1;
}

int parse_id(const Row& row, int col) {
    const std::string& s = row.fields[static_cast<size_t>(col)];
    int id = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
    if (ec != std::errc{} || p != s.data() + s.size() || s.empty() || id < 0)
        throw CsvError(where(row.line, col + 1) + " (ID): '" + s + "' is not a kernel ID");
    return id;
}

}  // namespace

const Cell* Kernel::find(std::string_view key) const {
    const auto it = values.find(std::string(key));
    return it == values.end() ? nullptr : &it->second;
}

std::optional<double> Kernel::number(std::string_view key) const {
    const Cell* c = find(key);
    if (!c)
        throw CsvError("ncu CSV: kernel " + std::to_string(id) + " (line " + std::to_string(line) +
                       ") has no value for " + std::string(key));
    if (c->text.empty() || c->text == "n/a") return std::nullopt;
    const auto v = parse_number(c->text);
    if (!v)
        throw CsvError(where(c->line, c->column) + " (" + std::string(key) + "): '" + c->text +
                       "' is not a number");
    return v;
}

double Kernel::require(std::string_view key) const {
    const auto v = number(key);
    if (!v) {
        const Cell* c = find(key);
        throw CsvError(where(c->line, c->column) + " (" + std::string(key) + "): no value ('" + c->text +
                       "')");
    }
    return *v;
}

std::optional<double> parse_number(std::string_view text) {
    std::string digits;
    digits.reserve(text.size());
    bool seen_point = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ',') {
            // A thousands separator: after a digit, before any point, followed by exactly three digits.
            auto digit = [&](size_t k) {
                return k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]));
            };
            if (seen_point || i == 0 || !digit(i - 1) || !digit(i + 1) || !digit(i + 2) || !digit(i + 3) ||
                digit(i + 4))
                return std::nullopt;
            continue;
        }
        if (c == '.') seen_point = true;
        digits.push_back(c);
    }
    if (digits.empty()) return std::nullopt;
    const auto v = parse_double(digits);
    if (!v || !std::isfinite(*v)) return std::nullopt;
    return v;
}

std::vector<Row> split_csv(std::string_view text) { return csv::split(text, "ncu CSV", is_log_line); }

Report parse(std::string_view text) {
    const std::vector<Row> rows = split_csv(text);
    if (rows.empty()) throw CsvError("ncu CSV: no table (is this ncu --csv output?)");
    const Row& head = rows.front();
    const int c_id = index_of(head.fields, "ID");
    const int c_name = index_of(head.fields, "Kernel Name");
    if (c_id < 0 || c_name < 0)
        throw CsvError(where(head.line, 1) + ": the header has no " +
                       (c_id < 0 ? "\"ID\"" : "\"Kernel Name\"") +
                       " column (is this ncu --csv output of the raw or details page?)");
    const int c_metric = index_of(head.fields, "Metric Name");
    const int c_value = index_of(head.fields, "Metric Value");
    const int c_unit = index_of(head.fields, "Metric Unit");
    const bool details = c_metric >= 0 && c_value >= 0;

    Report report;
    std::map<int, size_t> by_id;  // ID -> index in report.kernels
    for (size_t r = 1; r < rows.size(); ++r) {
        const Row& row = rows[r];
        if (row.fields.size() != head.fields.size())
            throw CsvError(
                where(row.line, static_cast<int>(std::min(row.fields.size(), head.fields.size())) + 1) +
                ": " + std::to_string(row.fields.size()) + " fields, the header has " +
                std::to_string(head.fields.size()));
        // The raw page's units row: no ID, no kernel name.
        if (!details && r == 1 && row.fields[static_cast<size_t>(c_id)].empty() &&
            row.fields[static_cast<size_t>(c_name)].empty()) {
            for (size_t c = 0; c < row.fields.size(); ++c)
                if (!row.fields[c].empty()) report.units[head.fields[c]] = row.fields[c];
            continue;
        }
        const int id = parse_id(row, c_id);
        auto [it, fresh] = by_id.try_emplace(id, report.kernels.size());
        if (fresh) {
            Kernel k;
            k.id = id;
            k.name = row.fields[static_cast<size_t>(c_name)];
            k.line = row.line;
            report.kernels.push_back(std::move(k));
        } else if (!details) {
            throw CsvError(where(row.line, c_id + 1) + ": kernel ID " + std::to_string(id) +
                           " appears twice");
        }
        Kernel& k = report.kernels[it->second];
        if (details) {
            const std::string& metric = row.fields[static_cast<size_t>(c_metric)];
            k.values[metric] = Cell{row.fields[static_cast<size_t>(c_value)], row.line, c_value + 1};
            if (c_unit >= 0 && !row.fields[static_cast<size_t>(c_unit)].empty())
                report.units[metric] = row.fields[static_cast<size_t>(c_unit)];
            for (size_t c = 0; c < row.fields.size(); ++c) {
                const int ci = static_cast<int>(c);
                if (ci == c_metric || ci == c_value || ci == c_unit) continue;
                k.values.try_emplace(head.fields[c], Cell{row.fields[c], row.line, ci + 1});
            }
        } else {
            for (size_t c = 0; c < row.fields.size(); ++c)
                k.values[head.fields[c]] = Cell{row.fields[c], row.line, static_cast<int>(c) + 1};
        }
    }
    std::sort(report.kernels.begin(), report.kernels.end(),
              [](const Kernel& a, const Kernel& b) { return a.id < b.id; });
    return report;
}

}  // namespace scanviz::ncu
