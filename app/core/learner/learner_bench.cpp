#include "core/learner/learner_bench.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "core/i18n/i18n.hpp"

namespace scanviz::learner_bench {
namespace {

std::string ms_text(double ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", ms);
    return buf;
}

std::string rest_of(std::istringstream& in) {
    std::string rest;
    std::getline(in, rest);
    const size_t first = rest.find_first_not_of(' ');
    return first == std::string::npos ? std::string() : rest.substr(first);
}

}  // namespace

double TimedRow::median_ms() const {
    if (ms.empty()) return 0;
    const size_t m = ms.size() / 2;
    return ms.size() % 2 ? ms[m] : 0.5 * (ms[m - 1] + ms[m]);
}

double TimedRow::gbps() const {
    const double med = median_ms();
    return med > 0 ? 8.0 * static_cast<double>(elements) / (med * 1e6) : 0;
}

std::string shown_name(std::string_view role, std::string_view name) {
    if (role == kYours) return i18n::tr("yours");
    if (role == kLike) return i18n::format(i18n::tr("%s (like)"), std::string(name).c_str());
    return std::string(name);
}

std::optional<BenchTable> parse_bench_output(std::string_view text, std::string* error) {
    BenchTable t;
    std::istringstream lines{std::string(text)};
    int line_no = 0;
    auto bad = [&](const std::string& line) {
        if (error) *error = i18n::format(i18n::tr("the bench's line %d does not read: %s"), line_no, line.c_str());
        return std::nullopt;
    };
    for (std::string line; std::getline(lines, line);) {
        ++line_no;
        std::istringstream in(line);
        std::string key;
        in >> key;
        if (key == "device") {
            t.device = rest_of(in);
        } else if (key == "row") {
            TimedRow r;
            if (!(in >> r.role >> r.name >> r.tile >> r.threads >> r.blocks_per_sm >> r.elements)) return bad(line);
            for (double x; in >> x;) {
                if (!(x > 0)) return bad(line);
                r.ms.push_back(x);
            }
            if (r.ms.empty()) return bad(line);
            std::sort(r.ms.begin(), r.ms.end());
            t.rows.push_back(std::move(r));
        } else if (key == "skip") {
            TimedRow r;
            if (!(in >> r.role >> r.name)) return bad(line);
            r.not_timed = rest_of(in);
            if (r.not_timed.empty()) return bad(line);
            t.rows.push_back(std::move(r));
        }  // other lines (the child's "sm", "launched") are not the table's
    }
    const bool yours = std::any_of(t.rows.begin(), t.rows.end(),
                                   [](const TimedRow& r) { return r.role == kYours && r.timed(); });
    if (!yours) {
        if (error) *error = i18n::tr("the bench timed no run of your kernel");
        return std::nullopt;
    }
    return t;
}

std::optional<std::string> spread_refusal(const TimedRow& a, const TimedRow& b) {
    const bool apart = a.max_ms() < b.min_ms() || b.max_ms() < a.min_ms();
    if (apart) return std::nullopt;
    const std::string an = shown_name(a.role, a.name), bn = shown_name(b.role, b.name);
    return i18n::format(i18n::tr("%s and %s: not compared, their runs overlap (%s .. %s ms and %s .. %s ms, fastest "
                                 ".. slowest): the difference is noise"),
                        an.c_str(), bn.c_str(), ms_text(a.min_ms()).c_str(), ms_text(a.max_ms()).c_str(),
                        ms_text(b.min_ms()).c_str(), ms_text(b.max_ms()).c_str());
}

std::vector<std::string> comparison_lines(const BenchTable& t) {
    std::vector<std::string> out;
    const auto yours = std::find_if(t.rows.begin(), t.rows.end(),
                                    [](const TimedRow& r) { return r.role == kYours && r.timed(); });
    if (yours == t.rows.end()) return out;
    for (const TimedRow& r : t.rows) {
        if (&r == &*yours || !r.timed()) continue;
        if (auto refused = spread_refusal(*yours, r)) {
            out.push_back(*refused);
            continue;
        }
        const std::string other = shown_name(r.role, r.name);
        const double ratio = r.median_ms() / yours->median_ms();
        char x[32];
        std::snprintf(x, sizeof x, "%.2f", ratio >= 1 ? ratio : 1 / ratio);
        out.push_back(ratio >= 1 ? i18n::format(i18n::tr("yours is %sx as fast as %s (median %s ms against %s ms)"), x,
                                                other.c_str(), ms_text(yours->median_ms()).c_str(),
                                                ms_text(r.median_ms()).c_str())
                                 : i18n::format(i18n::tr("%s is %sx as fast as yours (median %s ms against %s ms)"),
                                                other.c_str(), x, ms_text(r.median_ms()).c_str(),
                                                ms_text(yours->median_ms()).c_str()));
    }
    return out;
}

std::string format_bench_text(const BenchTable& t) {
    std::ostringstream o;
    const TimedRow* yours = nullptr;
    for (const TimedRow& r : t.rows)
        if (r.role == kYours) yours = &r;
    o << i18n::format(i18n::tr("scanviz kernel --bench: %s on %s, at full occupancy"), t.file.c_str(),
                      t.device.c_str())
      << "\n";
    if (yours && yours->timed())
        o << i18n::format(i18n::tr("%lld elements as %lld tiles of %d, one block each, all in one launch; %zu timed "
                                   "runs each, L2 flushed before each; the same input for every row"),
                          static_cast<long long>(yours->elements),
                          static_cast<long long>(yours->elements / std::max(1, yours->tile)), yours->tile,
                          yours->ms.size())
          << "\n";
    char head[200];
    std::snprintf(head, sizeof head, "%-28s %10s %21s %8s %6s %8s %8s\n", i18n::trc("table header", "kernel"), i18n::tr("median ms"),
                  i18n::tr("fastest .. slowest"), "GB/s", i18n::tr("tile"), i18n::tr("threads"),
                  i18n::tr("blocks/SM"));
    o << head;
    for (const TimedRow& r : t.rows) {
        const std::string name = shown_name(r.role, r.name);
        char line[400];
        if (r.timed())
            std::snprintf(line, sizeof line, "%-28s %10.4f %9.4f .. %9.4f %8.1f %6d %8d %8d\n", name.c_str(),
                          r.median_ms(), r.min_ms(), r.max_ms(), r.gbps(), r.tile, r.threads, r.blocks_per_sm);
        else
            std::snprintf(line, sizeof line, "%-28s %s\n", name.c_str(),
                          i18n::format(i18n::tr("not timed: %s"), r.not_timed.c_str()).c_str());
        o << line;
    }
    for (const std::string& c : comparison_lines(t)) o << "  " << c << "\n";
    return o.str();
}

std::vector<std::pair<std::string, std::string>> launched_kernels(std::string_view child_output) {
    std::vector<std::pair<std::string, std::string>> out;
    std::istringstream lines{std::string(child_output)};
    for (std::string line; std::getline(lines, line);) {
        std::istringstream in(line);
        std::string key, role, name;
        if (in >> key >> role >> name && key == "launched") out.emplace_back(role, name);
    }
    return out;
}

ProfileResult profile_from_report(const ncu::Report& report,
                                  const std::vector<std::pair<std::string, std::string>>& launched) {
    if (report.kernels.size() != launched.size())
        throw std::runtime_error(i18n::format(i18n::tr("ncu profiled %zu kernels; the child launched %zu"),
                                              report.kernels.size(), launched.size()));
    ProfileResult r;
    for (size_t i = 0; i < launched.size(); ++i) {
        const ncu::Kernel& k = report.kernels[i];
        if (r.device.empty())
            if (const ncu::Cell* c = k.find("device__attribute_display_name")) r.device = c->text;
        r.rows.push_back({launched[i].first, launched[i].second, ncu_figures(k)});
    }
    return r;
}

std::string format_profile_text(const ProfileResult& r) {
    std::ostringstream o;
    o << i18n::format(i18n::tr("scanviz kernel --profile: measured by ncu on %s, one block each"), r.device.c_str())
      << "\n";
    o << i18n::tr("bank conflicts: wavefronts beyond the ideal; shared accesses: warp-level load and store "
                  "instructions; executed: warp-level instructions")
      << "\n";
    char head[240];
    std::snprintf(head, sizeof head, "%-28s %7s %16s %16s %10s %10s\n", i18n::trc("table header", "kernel"), i18n::tr("threads"),
                  i18n::tr("conflicts ld/st"), i18n::tr("shared ld/st"), i18n::tr("executed"), "ns");
    o << head;
    for (const ProfiledKernel& k : r.rows) {
        const std::string name = shown_name(k.role, k.name);
        char conflicts[48], shared[48], line[300];
        std::snprintf(conflicts, sizeof conflicts, "%lld/%lld", static_cast<long long>(k.ncu.ld_conflicts),
                      static_cast<long long>(k.ncu.st_conflicts));
        std::snprintf(shared, sizeof shared, "%lld/%lld", static_cast<long long>(k.ncu.ld_instructions),
                      static_cast<long long>(k.ncu.st_instructions));
        std::snprintf(line, sizeof line, "%-28s %7d %16s %16s %10lld %10.0f\n", name.c_str(), k.ncu.block_threads,
                      conflicts, shared, static_cast<long long>(k.ncu.inst_executed), k.ncu.duration_ns);
        o << line;
    }
    return o.str();
}

}  // namespace scanviz::learner_bench
