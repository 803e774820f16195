#include "core/race/report.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <sstream>

#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"

namespace scanviz {

std::vector<RaceCase> race_cases(const std::string& variant) {
    std::vector<RaceCase> out;
    const int barriers = static_cast<int>(race_barriers(variant).size());
    for (bool diverged : {false, true}) {
        if (diverged && !race_is_warp(variant)) break;
        out.push_back(RaceCase{variant, -1, false, diverged});
        for (int b = 0; b < barriers; ++b) out.push_back(RaceCase{variant, b, false, diverged});
        if (race_has_one_buffer(variant)) out.push_back(RaceCase{variant, -1, true, diverged});
    }
    return out;
}

const Trace& race_trace(const std::string& variant) {
    static std::mutex mu;
    static std::map<std::string, Trace> cache;
    std::lock_guard lock(mu);
    auto it = cache.find(variant);
    if (it == cache.end()) it = cache.emplace(variant, run_model(race_spec(variant))).first;
    return it->second;
}

std::vector<BarrierSite> race_barriers(const std::string& variant) {
    if (!is_race_variant(variant)) {
        std::string list;
        for (auto v : race_variants()) list += (list.empty() ? "" : ", ") + std::string(v);
        throw std::invalid_argument("'" + variant + "' is not in the race lab (it covers " + list + ")");
    }
    return barrier_sites(race_trace(variant));
}

HazardReport race_hazards(const RaceCase& c) {
    race_barriers(c.variant);  // checks the variant
    return analyze_hazards(race_trace(c.variant), RaceWhatIf{c.barrier, c.one_buffer});
}

RaceReport build_race_report(const std::vector<RaceCase>& cases, const RaceTable* measured,
                             std::string source) {
    RaceReport rep;
    rep.source = std::move(source);
    if (measured) rep.table = *measured;
    for (const auto& c : cases) {
        RaceReportRow row;
        row.c = c;
        const auto sites = race_barriers(c.variant);
        if (c.one_buffer)
            row.what = race_one_buffer_what(c.variant);
        else if (c.barrier < 0)
            row.what = "as written";
        else
            row.what = std::to_string(c.barrier) + " " + sites.at(static_cast<size_t>(c.barrier)).name;
        const HazardReport h = race_hazards(c);
        row.hazards = h.count();
        row.raw = h.raw;
        row.war = h.war;
        row.waw = h.waw;
        row.between_warps = h.between_warps;
        row.within_warp = h.within_warp;
        if (measured)
            if (const RaceRow* m = measured->find(c)) row.measured = *m;
        rep.rows.push_back(std::move(row));
    }
    return rep;
}

std::string format_rate(const RaceRow& r) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%lld of %lld %ss (%.3g%%)", static_cast<long long>(r.wrong),
                  static_cast<long long>(r.total), r.unit.c_str(), 100.0 * r.rate());
    return buf;
}

namespace {

std::string racecheck_cell(const std::optional<RaceRow>& m) {
    if (!m || !m->racecheck) return "-";
    const auto& rc = *m->racecheck;
    if (rc.hazards() == 0) return "clean";
    return std::to_string(rc.errors) + "e/" + std::to_string(rc.warnings) + "w";
}

std::string csv_quote(const std::string& s) {
    if (s.find_first_of(",\"") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

}  // namespace

std::string format_race_text(const RaceReport& r) {
    std::ostringstream o;
    o << "measured: " << r.source << "\n";
    if (r.table && !r.table->build.empty()) o << "build: " << r.table->build << "\n";
    std::string variant;
    char line[512];
    for (const auto& row : r.rows) {
        if (row.c.variant != variant) {
            variant = row.c.variant;
            const auto sites = race_barriers(variant);
            o << "\n"
              << variant << " (" << sites.size() << " barriers, n = " << race_spec(variant).n << ")\n";
            std::snprintf(line, sizeof line, "  %-44s %-9s %7s %6s %6s %-30s %s\n", "barrier removed", "",
                          "hazards", "betw.", "within", "wrong on the GPU", "racecheck");
            o << line;
        }
        std::string what = row.what;
        if (what.size() > 44) what = what.substr(0, 41) + "...";
        const std::string rate = row.measured ? format_rate(*row.measured) : std::string("not measured");
        std::snprintf(line, sizeof line, "  %-44s %-9s %7d %6d %6d %-30s %s\n", what.c_str(),
                      row.c.diverged ? "diverged" : "", row.hazards, row.between_warps, row.within_warp,
                      rate.c_str(), racecheck_cell(row.measured).c_str());
        o << line;
        if (row.measured && row.measured->example) {
            const auto& e = *row.measured->example;
            o << "      e.g. launch " << e.launch << ", " << row.measured->unit << " " << e.unit << ": ";
            for (size_t i = 0; i < e.differing.size() && i < 4; ++i) {
                const int d = e.differing[i];
                o << (i ? ", " : "") << "[" << d << "] " << e.output[static_cast<size_t>(d)] << " (expected "
                  << e.expected[static_cast<size_t>(d)] << ")";
            }
            if (e.differing.size() > 4) o << " and " << e.differing.size() - 4 << " more";
            o << "\n";
        }
    }
    const auto narration = race_narration(r);
    if (!narration.empty()) {
        o << "\n";
        for (const auto& s : narration) o << s << "\n";
    }
    return o.str();
}

std::string format_race_csv(const RaceReport& r) {
    std::ostringstream o;
    o << "case,variant,barrier,barrier_name,diverged,hazards,raw,war,waw,between_warps,within_warp,unit,"
         "wrong,total,"
         "rate,racecheck_errors,racecheck_warnings,source\n";
    for (const auto& row : r.rows) {
        o << row.c.key() << "," << row.c.variant << ","
          << (row.c.one_buffer ? std::string("one-buffer") : std::to_string(row.c.barrier)) << ","
          << csv_quote(row.what) << "," << (row.c.diverged ? 1 : 0) << "," << row.hazards << "," << row.raw
          << "," << row.war << "," << row.waw << "," << row.between_warps << "," << row.within_warp << ",";
        if (row.measured) {
            char rate[32];
            std::snprintf(rate, sizeof rate, "%.6g", row.measured->rate());
            o << row.measured->unit << "," << row.measured->wrong << "," << row.measured->total << "," << rate
              << ",";
        } else {
            o << ",,,,";
        }
        if (row.measured && row.measured->racecheck)
            o << row.measured->racecheck->errors << "," << row.measured->racecheck->warnings << ",";
        else
            o << ",,";
        o << csv_quote(r.source) << "\n";
    }
    return o.str();
}

std::string format_race_json(const RaceReport& r) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : r.rows) {
        nlohmann::json j = {{"case", row.c.key()},
                            {"variant", row.c.variant},
                            {"barrier", row.c.barrier},
                            {"one_buffer", row.c.one_buffer},
                            {"diverged", row.c.diverged},
                            {"what", row.what},
                            {"hazards", row.hazards},
                            {"raw", row.raw},
                            {"war", row.war},
                            {"waw", row.waw},
                            {"between_warps", row.between_warps},
                            {"within_warp", row.within_warp}};
        if (row.measured) {
            j["unit"] = row.measured->unit;
            j["wrong"] = row.measured->wrong;
            j["total"] = row.measured->total;
            j["rate"] = row.measured->rate();
            if (row.measured->racecheck)
                j["racecheck"] = {{"errors", row.measured->racecheck->errors},
                                  {"warnings", row.measured->racecheck->warnings}};
        }
        rows.push_back(std::move(j));
    }
    nlohmann::json out = {{"source", r.source}, {"rows", rows}};
    if (r.table)
        out["measured"] = {{"device", r.table->device}, {"sm", r.table->sm},
                           {"driver", r.table->driver}, {"date", r.table->date},
                           {"build", r.table->build},   {"command", r.table->command}};
    return out.dump(1) + "\n";
}

namespace {

struct Group {
    int cases = 0, failed = 0, always = 0;  // always: failed in more than 99% of units
    int64_t units = 0;
    double min_rate = 1, max_rate = 0;
    std::vector<std::string> failing, holding;  // variants (deduplicated) of failed / never-failed cases
    void add(const RaceReportRow& row) {
        ++cases;
        const double rate = row.measured->rate();
        units += row.measured->total;
        min_rate = std::min(min_rate, rate);
        max_rate = std::max(max_rate, rate);
        auto& list = row.measured->wrong > 0 ? failing : holding;
        if (std::find(list.begin(), list.end(), row.c.variant) == list.end()) list.push_back(row.c.variant);
        if (row.measured->wrong > 0) ++failed;
        if (rate > 0.99) ++always;
    }
};

std::string pct(double r) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3g%%", 100.0 * r);
    return b;
}

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
}

// Two sentences of one paragraph, each a msgid of its own: a space between them in English, none in
// Chinese.
std::string sentences(const std::string& first, const char* second) {
    return i18n::format(i18n::trc("two sentences", "%s %s"), first.c_str(), second);
}

}  // namespace

std::vector<std::string> race_narration(const RaceReport& r) {
    Group intact, between, within_war, within_raw, none, div_war, div_raw, legacy_conv, legacy_div;
    int rc_rows = 0, rc_caught = 0, rc_predicted = 0, rc_quiet_free = 0, rc_free = 0;
    for (const auto& row : r.rows) {
        if (!row.measured || row.measured->total == 0) continue;
        const bool broken = row.c.barrier >= 0 || row.c.one_buffer;
        const bool war_only = row.raw == 0 && row.waw == 0 && row.war > 0;
        if (row.measured->racecheck && broken) {
            ++rc_rows;
            if (row.hazards > 0) {
                ++rc_predicted;
                if (row.measured->racecheck->hazards() > 0) ++rc_caught;
            } else {
                ++rc_free;
                if (row.measured->racecheck->hazards() == 0) ++rc_quiet_free;
            }
        }
        if (race_is_lockstep(row.c.variant))
            (row.c.diverged ? legacy_div : legacy_conv).add(row);
        else if (!broken)
            intact.add(row);
        else if (row.hazards == 0)
            none.add(row);
        else if (row.c.diverged)
            (war_only ? div_war : div_raw).add(row);
        else if (row.between_warps > 0)
            between.add(row);
        else
            (war_only ? within_war : within_raw).add(row);
    }
    // Every sentence is one msgid (core/i18n) with its numbers as conversions; the English is the
    // msgid itself, so `scanviz race` and the window read as before in English.
    std::vector<std::string> out;
    if (intact.cases + between.cases + within_war.cases + within_raw.cases + legacy_conv.cases == 0)
        return out;
    out.push_back(i18n::format(i18n::tr("What the GPU did (%s):"),
                               (r.table ? r.table->badge_shown() : r.source).c_str()));
    if (intact.cases)
        out.push_back("- " + i18n::format(i18n::tr("As written, %d of %d cases never gave a wrong result (the warp "
                                                   "scans converged and after a divergent branch)."),
                                          intact.cases - intact.failed, intact.cases));
    if (between.cases)
        out.push_back("- " + sentences(i18n::format(i18n::tr("%d missing barriers leave hazards between different "
                                                             "warps; %d of %d failed, at rates from %s to %s."),
                                                    between.cases, between.failed, between.cases,
                                                    pct(between.min_rate).c_str(), pct(between.max_rate).c_str()),
                                       i18n::tr("Nothing makes two warps run in step: without the barrier one warp "
                                                "moves on to the next step (or to the final store) while another "
                                                "has not finished this one, so whether a block goes wrong depends "
                                                "on timing, and the rates spread accordingly.")));
    if (within_war.cases)
        out.push_back(
            "- " +
            sentences(i18n::format(i18n::tr("%d missing barriers only let one lane's write overtake another lane's "
                                            "read in the same step of one warp (WAR); %d of %d failed."),
                                   within_war.cases, within_war.failed, within_war.cases),
                      within_war.failed == 0
                          ? i18n::tr("A converged warp issues each instruction for all its lanes together, and the "
                                     "reads come before the writes in program order, so every lane has read before "
                                     "any lane writes.")
                          : i18n::tr("Lockstep did not order them every time.")));
    if (within_raw.cases) {
        const std::string failing = join(within_raw.failing), holding = join(within_raw.holding);
        std::string s;
        if (within_raw.failed == 0)
            s = i18n::format(i18n::tr("%d missing barriers leave a read that must see another lane's write in the "
                                      "same warp (RAW); %d of %d failed; the others never failed (%s)."),
                             within_raw.cases, within_raw.failed, within_raw.cases, holding.c_str());
        else if (within_raw.failed < within_raw.cases)
            s = i18n::format(i18n::tr("%d missing barriers leave a read that must see another lane's write in the "
                                      "same warp (RAW); %d of %d failed, %d of them in more than 99%% of units "
                                      "(%s); the others never failed (%s)."),
                             within_raw.cases, within_raw.failed, within_raw.cases, within_raw.always,
                             failing.c_str(), holding.c_str());
        else
            s = i18n::format(i18n::tr("%d missing barriers leave a read that must see another lane's write in the "
                                      "same warp (RAW); %d of %d failed, %d of them in more than 99%% of units "
                                      "(%s)."),
                             within_raw.cases, within_raw.failed, within_raw.cases, within_raw.always,
                             failing.c_str());
        if (within_raw.always > 0)
            s = sentences(s, i18n::tr("A failure in every warp is not timing: __syncwarp() also stops the compiler "
                                      "from moving a load above a store, and without it the next step's load may "
                                      "be issued before this step's store (assets/race/README.md shows that SASS "
                                      "for warp_conditional); where the compiled code keeps each load after the "
                                      "store it must see, the lanes of a converged warp run in lockstep and the "
                                      "read sees the write."));
        out.push_back("- " + s);
    }
    if (none.cases)
        out.push_back("- " + i18n::format(i18n::tr("%d barriers guard nothing in these runs (the trace shows no "
                                                   "hazard without them); %d of %d failed when removed."),
                                          none.cases, none.failed, none.cases));
    if (div_war.cases + div_raw.cases)
        out.push_back("- " + i18n::format(i18n::tr("After a data-dependent branch splits the warp, its two halves "
                                                   "run the scan apart: the WAR-only cases failed in %d of %d, the "
                                                   "RAW cases in %d of %d."),
                                          div_war.failed, div_war.cases, div_raw.failed, div_raw.cases));
    if (legacy_conv.cases || legacy_div.cases) {
        // Converged: failed at a rate, or never in so many warps; after the divergent branch: the
        // same, or not measured. One sentence for each combination.
        const std::string conv_rate = pct(legacy_conv.max_rate), div_rate = pct(legacy_div.max_rate);
        const long long warps = static_cast<long long>(legacy_conv.units);
        std::string s;
        if (!legacy_conv.cases)
            s = legacy_div.failed
                    ? i18n::format(i18n::tr("The legacy warp-synchronous scan (no barrier at all); after the "
                                            "divergent branch, it failed at %s."),
                                   div_rate.c_str())
                    : std::string(i18n::tr("The legacy warp-synchronous scan (no barrier at all); after the "
                                           "divergent branch, it still never failed."));
        else if (!legacy_div.cases)
            s = legacy_conv.failed
                    ? i18n::format(i18n::tr("The legacy warp-synchronous scan (no barrier at all): converged, it "
                                            "failed at %s."),
                                   conv_rate.c_str())
                    : i18n::format(i18n::tr("The legacy warp-synchronous scan (no barrier at all): converged, it "
                                            "never failed in %lld warps."),
                                   warps);
        else if (legacy_conv.failed)
            s = legacy_div.failed
                    ? i18n::format(i18n::tr("The legacy warp-synchronous scan (no barrier at all): converged, it "
                                            "failed at %s; after the divergent branch, it failed at %s."),
                                   conv_rate.c_str(), div_rate.c_str())
                    : i18n::format(i18n::tr("The legacy warp-synchronous scan (no barrier at all): converged, it "
                                            "failed at %s; after the divergent branch, it still never failed."),
                                   conv_rate.c_str());
        else
            s = legacy_div.failed
                    ? i18n::format(i18n::tr("The legacy warp-synchronous scan (no barrier at all): converged, it "
                                            "never failed in %lld warps; after the divergent branch, it failed "
                                            "at %s."),
                                   warps, div_rate.c_str())
                    : i18n::format(i18n::tr("The legacy warp-synchronous scan (no barrier at all): converged, it "
                                            "never failed in %lld warps; after the divergent branch, it still "
                                            "never failed."),
                                   warps);
        out.push_back("- " + sentences(s, i18n::tr("Its correctness rests on the warp staying converged.")));
    }
    if (rc_rows)
        out.push_back("- " + i18n::format(i18n::tr("compute-sanitizer racecheck reported hazards for %d of %d broken "
                                                   "cases whose trace has hazards, and nothing for %d of %d whose "
                                                   "trace has none."),
                                          rc_caught, rc_predicted, rc_quiet_free, rc_free));
    return out;
}

}  // namespace scanviz
