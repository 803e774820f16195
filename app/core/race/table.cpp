#include "core/race/table.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/i18n/i18n.hpp"

namespace scanviz {

std::string RaceCase::key() const {
    std::string k = variant + ":";
    if (one_buffer)
        k += "one-buffer";
    else if (barrier < 0)
        k += "none";
    else
        k += std::to_string(barrier);
    if (diverged) k += "+diverged";
    return k;
}

RaceCase parse_race_case(const std::string& key) {
    const auto colon = key.find(':');
    if (colon == std::string::npos || colon == 0)
        throw std::invalid_argument("race case '" + key + "': expected VARIANT:BARRIER[+diverged]");
    RaceCase c;
    c.variant = key.substr(0, colon);
    std::string what = key.substr(colon + 1);
    const std::string suffix = "+diverged";
    if (what.size() > suffix.size() &&
        what.compare(what.size() - suffix.size(), suffix.size(), suffix) == 0) {
        c.diverged = true;
        what.resize(what.size() - suffix.size());
    }
    if (what == "none") {
        c.barrier = -1;
    } else if (what == "one-buffer") {
        c.one_buffer = true;
    } else {
        size_t used = 0;
        int b = -1;
        try {
            b = std::stoi(what, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != what.size() || what.empty() || b < 0)
            throw std::invalid_argument("race case '" + key + "': '" + what +
                                        "' is not a barrier index, 'none' or 'one-buffer'");
        c.barrier = b;
    }
    return c;
}

const RaceRow* RaceTable::find(const RaceCase& c) const {
    for (const auto& r : rows)
        if (r.c == c) return &r;
    return nullptr;
}

std::string RaceTable::badge() const {
    std::string s = "measured on " + (device.empty() ? std::string("an unnamed device") : device);
    std::string extra = sm;
    if (!driver.empty()) extra += (extra.empty() ? "" : ", ") + std::string("driver ") + driver;
    if (!extra.empty()) s += " (" + extra + ")";
    if (!date.empty()) s += " on " + date.substr(0, 10);
    return s;
}

std::string RaceTable::badge_shown() const {
    const std::string dev = device.empty() ? std::string(i18n::tr("an unnamed device")) : device;
    std::string extra = sm;
    if (!driver.empty())
        extra = sm.empty() ? i18n::format(i18n::tr("driver %s"), driver.c_str())
                           : i18n::format(i18n::tr("%s, driver %s"), sm.c_str(), driver.c_str());
    const std::string day = date.substr(0, 10);
    if (extra.empty())
        return day.empty() ? i18n::format(i18n::tr("measured on %s"), dev.c_str())
                           : i18n::format(i18n::tr("measured on %s on %s"), dev.c_str(), day.c_str());
    return day.empty() ? i18n::format(i18n::tr("measured on %s (%s)"), dev.c_str(), extra.c_str())
                       : i18n::format(i18n::tr("measured on %s (%s) on %s"), dev.c_str(), extra.c_str(), day.c_str());
}

namespace {

nlohmann::json example_json(const RaceExample& e) {
    return {{"launch", e.launch}, {"unit", e.unit},         {"input", e.input},
            {"output", e.output}, {"expected", e.expected}, {"differing", e.differing}};
}

template <class T>
T get(const nlohmann::json& j, const char* key, const std::string& where) {
    if (!j.is_object() || !j.contains(key)) throw std::runtime_error(where + ": missing '" + key + "'");
    try {
        return j.at(key).get<T>();
    } catch (const std::exception&) {
        throw std::runtime_error(where + ": '" + key + "' has the wrong type");
    }
}

template <class T>
T get_or(const nlohmann::json& j, const char* key, T fallback, const std::string& where) {
    if (!j.contains(key) || j.at(key).is_null()) return fallback;
    return get<T>(j, key, where);
}

}  // namespace

nlohmann::json to_json(const RaceTable& t) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : t.rows) {
        nlohmann::json row = {{"case", r.c.key()},
                              {"variant", r.c.variant},
                              {"barrier", r.c.barrier},
                              {"one_buffer", r.c.one_buffer},
                              {"diverged", r.c.diverged},
                              {"barrier_name", r.barrier_name},
                              {"unit", r.unit},
                              {"threads_per_block", r.threads_per_block},
                              {"units_per_launch", r.units_per_launch},
                              {"launches", r.launches},
                              {"wrong", r.wrong},
                              {"total", r.total},
                              {"wrong_launches", r.wrong_launches}};
        row["example"] = r.example ? example_json(*r.example) : nlohmann::json();
        row["racecheck"] =
            r.racecheck ? nlohmann::json{{"errors", r.racecheck->errors}, {"warnings", r.racecheck->warnings}}
                        : nlohmann::json();
        rows.push_back(std::move(row));
    }
    return {{"format", "scanviz-race"}, {"version", 1},         {"device", t.device}, {"sm", t.sm},
            {"driver", t.driver},       {"runtime", t.runtime}, {"date", t.date},     {"build", t.build},
            {"command", t.command},     {"seed", t.seed},       {"rows", rows}};
}

RaceTable race_table_from_json(const nlohmann::json& j) {
    const std::string where = "race table";
    if (!j.is_object()) throw std::runtime_error(where + ": not a JSON object");
    if (get_or<std::string>(j, "format", "", where) != "scanviz-race")
        throw std::runtime_error(where + ": 'format' is not \"scanviz-race\"");
    if (get_or<int>(j, "version", 0, where) != 1) throw std::runtime_error(where + ": unknown version");
    RaceTable t;
    t.device = get_or<std::string>(j, "device", "", where);
    t.sm = get_or<std::string>(j, "sm", "", where);
    t.driver = get_or<std::string>(j, "driver", "", where);
    t.runtime = get_or<std::string>(j, "runtime", "", where);
    t.date = get_or<std::string>(j, "date", "", where);
    t.build = get_or<std::string>(j, "build", "", where);
    t.command = get_or<std::string>(j, "command", "", where);
    t.seed = get_or<uint64_t>(j, "seed", 1, where);
    const auto& rows = j.contains("rows") ? j.at("rows") : nlohmann::json();
    if (!rows.is_array()) throw std::runtime_error(where + ": 'rows' is not an array");
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto& jr = rows[i];
        const std::string w = where + ", row " + std::to_string(i);
        RaceRow r;
        try {
            r.c = parse_race_case(get<std::string>(jr, "case", w));
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error(w + ": " + e.what());
        }
        r.barrier_name = get_or<std::string>(jr, "barrier_name", "", w);
        r.unit = get_or<std::string>(jr, "unit", "block", w);
        r.threads_per_block = get_or<int>(jr, "threads_per_block", 0, w);
        r.units_per_launch = get_or<int>(jr, "units_per_launch", 0, w);
        r.launches = get<int>(jr, "launches", w);
        r.wrong = get<int64_t>(jr, "wrong", w);
        r.total = get<int64_t>(jr, "total", w);
        r.wrong_launches = get_or<int>(jr, "wrong_launches", 0, w);
        if (r.total < 0 || r.wrong < 0 || r.wrong > r.total)
            throw std::runtime_error(w + ": wrong (" + std::to_string(r.wrong) + ") must lie in 0.." +
                                     std::to_string(r.total));
        if (jr.contains("example") && !jr.at("example").is_null()) {
            const auto& je = jr.at("example");
            RaceExample e;
            e.launch = get<int>(je, "launch", w + " example");
            e.unit = get<int>(je, "unit", w + " example");
            e.input = get<std::vector<int64_t>>(je, "input", w + " example");
            e.output = get<std::vector<int64_t>>(je, "output", w + " example");
            e.expected = get<std::vector<int64_t>>(je, "expected", w + " example");
            e.differing = get<std::vector<int>>(je, "differing", w + " example");
            if (e.output.size() != e.expected.size() || e.input.size() != e.output.size())
                throw std::runtime_error(w + " example: input, output and expected differ in length");
            for (int d : e.differing)
                if (d < 0 || d >= static_cast<int>(e.output.size()))
                    throw std::runtime_error(w + " example: differing index " + std::to_string(d) +
                                             " out of range");
            r.example = std::move(e);
        }
        if (jr.contains("racecheck") && !jr.at("racecheck").is_null()) {
            RacecheckResult rc;
            rc.errors = get<int>(jr.at("racecheck"), "errors", w + " racecheck");
            rc.warnings = get<int>(jr.at("racecheck"), "warnings", w + " racecheck");
            r.racecheck = rc;
        }
        t.rows.push_back(std::move(r));
    }
    return t;
}

std::string race_table_to_json(const RaceTable& t) { return to_json(t).dump(1) + "\n"; }

std::vector<std::pair<RaceCase, RacecheckResult>> parse_racecheck_csv(const std::string& text) {
    std::vector<std::pair<RaceCase, RacecheckResult>> out;
    std::istringstream in(text);
    std::string line;
    int lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line.rfind("case,", 0) == 0) continue;
        std::vector<std::string> f;
        std::stringstream ls(line);
        for (std::string cell; std::getline(ls, cell, ',');) f.push_back(cell);
        const std::string where = "racecheck results, line " + std::to_string(lineno);
        if (f.size() != 3) throw std::runtime_error(where + ": expected case,errors,warnings");
        RacecheckResult r;
        try {
            out.emplace_back(parse_race_case(f[0]), r);
            size_t u1 = 0, u2 = 0;
            out.back().second.errors = std::stoi(f[1], &u1);
            out.back().second.warnings = std::stoi(f[2], &u2);
            if (u1 != f[1].size() || u2 != f[2].size()) throw std::invalid_argument("not a count");
        } catch (const std::exception& e) {
            throw std::runtime_error(where + ": " + e.what());
        }
    }
    return out;
}

}  // namespace scanviz
