// The profile table as text, CSV and JSON, and the JSON read back
// (scanviz profile --from, the recording's "profile" section).
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "core/profile/profile.hpp"

namespace scanviz {
namespace {

using nlohmann::json;

std::string fmt(const char* f, auto... a) {
    char buf[512];
    std::snprintf(buf, sizeof buf, f, a...);
    return buf;
}

std::string pair(int64_t ours, int64_t theirs) {
    return fmt("%lld/%lld%s", static_cast<long long>(ours), static_cast<long long>(theirs),
               ours == theirs ? "" : "*");
}

json traffic_json(const SharedTraffic& t) {
    return {{"ld_requests", t.ld_requests}, {"ld_wavefronts", t.ld_wavefronts}, {"ld_ideal", t.ld_ideal},
            {"st_requests", t.st_requests}, {"st_wavefronts", t.st_wavefronts}, {"st_ideal", t.st_ideal}};
}

SharedTraffic traffic_from(const json& j) {
    SharedTraffic t;
    t.ld_requests = j.at("ld_requests").get<int64_t>();
    t.ld_wavefronts = j.at("ld_wavefronts").get<int64_t>();
    t.ld_ideal = j.at("ld_ideal").get<int64_t>();
    t.st_requests = j.at("st_requests").get<int64_t>();
    t.st_wavefronts = j.at("st_wavefronts").get<int64_t>();
    t.st_ideal = j.at("st_ideal").get<int64_t>();
    return t;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

}  // namespace

std::string format_text(const ProfileTable& t) {
    std::ostringstream o;
    o << "scanviz profile: our figures (from the trace) beside " << measured_line(t) << "\n";
    if (!t.driver.empty()) o << "driver " << t.driver << "\n";
    if (!t.command.empty()) o << "command: " << t.command << "\n";
    if (!t.origin.empty()) o << "figures from: " << t.origin << "\n";
    o << "ours/ncu per kernel; * = differs (see the notes). conflicts = wavefronts beyond the ideal.\n\n";
    o << fmt("%-24s %5s %5s %11s %11s %11s %11s %13s %13s %9s %9s %8s\n", "variant", "n", "thr", "ld confl",
             "st confl", "LDS", "STS", "ld wavefr", "st wavefr", "inst/warp", "time ns", "agrees");
    for (const ProfileRow& r : t.rows) {
        const SharedTraffic k = r.ours.kernel();
        const int warps = std::max(1, r.ours.warps);
        o << fmt("%-24s %5d %5d %11s %11s %11s %11s %13s %13s %9lld %9.0f %8s\n", r.variant.c_str(), r.n,
                 r.threads, pair(k.ld_conflicts(), r.ncu.ld_conflicts).c_str(),
                 pair(k.st_conflicts(), r.ncu.st_conflicts).c_str(),
                 pair(k.ld_requests, r.ncu.ld_instructions).c_str(),
                 pair(k.st_requests, r.ncu.st_instructions).c_str(),
                 pair(k.ld_wavefronts, r.ncu.ld_wavefronts).c_str(),
                 pair(k.st_wavefronts, r.ncu.st_wavefronts).c_str(),
                 static_cast<long long>(r.ncu.inst_executed / warps), r.ncu.duration_ns,
                 r.traffic_agrees()    ? "all"
                 : r.conflicts_agree() ? "conflicts"
                                       : "no");
    }
    o << "\nnotes (ours = scan + tile + code; each part ld conflicts/st conflicts, LDS/STS):\n";
    for (const ProfileRow& r : t.rows) {
        auto part = [](const SharedTraffic& s) {
            return fmt("%lld/%lld conflicts, %lld/%lld instr", static_cast<long long>(s.ld_conflicts()),
                       static_cast<long long>(s.st_conflicts()), static_cast<long long>(s.ld_requests),
                       static_cast<long long>(s.st_requests));
        };
        o << "  " << r.variant << " (trace: " << r.ours.trace_source << "): scan " << part(r.ours.scan)
          << "; tile " << part(r.ours.tile) << "\n";
        for (const CodeEffect& e : r.ours.effects)
            o << "    code: " << e.name << ": " << part(e.delta) << " (" << e.explanation << ")\n";
        if (!r.explanation.empty()) o << "    left over: " << r.explanation << "\n";
    }
    return o.str();
}

std::string format_csv(const ProfileTable& t) {
    std::ostringstream o;
    o << "case,variant,n,threads,warps,trace,ours_ld_conflicts,ncu_ld_conflicts,ours_st_conflicts,"
         "ncu_st_conflicts,ours_ld_instr,ncu_ld_instr,ours_st_instr,ncu_st_instr,ours_ld_wavefronts,"
         "ncu_ld_wavefronts,ours_st_wavefronts,ncu_st_wavefronts,scan_ld_conflicts,scan_st_conflicts,"
         "tile_ld_instr,tile_st_instr,ncu_inst_executed,ncu_thread_inst_executed,ncu_time_ns,conflicts_agree,"
         "all_agree,device,explanation\n";
    for (const ProfileRow& r : t.rows) {
        const SharedTraffic k = r.ours.kernel();
        o << csv_field(r.case_name) << ',' << r.variant << ',' << r.n << ',' << r.threads << ','
          << r.ours.warps << ',' << r.ours.trace_source << ',' << k.ld_conflicts() << ','
          << r.ncu.ld_conflicts << ',' << k.st_conflicts() << ',' << r.ncu.st_conflicts << ','
          << k.ld_requests << ',' << r.ncu.ld_instructions << ',' << k.st_requests << ','
          << r.ncu.st_instructions << ',' << k.ld_wavefronts << ',' << r.ncu.ld_wavefronts << ','
          << k.st_wavefronts << ',' << r.ncu.st_wavefronts << ',' << r.ours.scan.ld_conflicts() << ','
          << r.ours.scan.st_conflicts() << ',' << r.ours.tile.ld_requests << ',' << r.ours.tile.st_requests
          << ',' << r.ncu.inst_executed << ',' << r.ncu.thread_inst_executed << ','
          << fmt("%.0f", r.ncu.duration_ns) << ',' << (r.conflicts_agree() ? "yes" : "no") << ','
          << (r.traffic_agrees() ? "yes" : "no") << ',' << csv_field(t.device) << ','
          << csv_field(r.explanation) << '\n';
    }
    return o.str();
}

std::string format_json(const ProfileTable& t) {
    json rows = json::array();
    for (const ProfileRow& r : t.rows) {
        json effects = json::array();
        for (const CodeEffect& e : r.ours.effects)
            effects.push_back(
                {{"name", e.name}, {"explanation", e.explanation}, {"delta", traffic_json(e.delta)}});
        const NcuFigures& n = r.ncu;
        rows.push_back({{"case", r.case_name},
                        {"variant", r.variant},
                        {"n", r.n},
                        {"threads", r.threads},
                        {"ours",
                         {{"trace", r.ours.trace_source},
                          {"warps", r.ours.warps},
                          {"scan", traffic_json(r.ours.scan)},
                          {"tile", traffic_json(r.ours.tile)},
                          {"effects", effects}}},
                        {"ncu",
                         {{"kernel", n.kernel_name},
                          {"block_threads", n.block_threads},
                          {"grid_blocks", n.grid_blocks},
                          {"ld_conflicts", n.ld_conflicts},
                          {"st_conflicts", n.st_conflicts},
                          {"ld_wavefronts", n.ld_wavefronts},
                          {"st_wavefronts", n.st_wavefronts},
                          {"ld_instructions", n.ld_instructions},
                          {"st_instructions", n.st_instructions},
                          {"inst_executed", n.inst_executed},
                          {"thread_inst_executed", n.thread_inst_executed},
                          {"duration_ns", n.duration_ns}}},
                        {"conflicts_agree", r.conflicts_agree()},
                        {"all_agree", r.traffic_agrees()},
                        {"explanation", r.explanation}});
    }
    json j = {
        {"scanviz_profile", 1}, {"device", t.device},   {"driver", t.driver}, {"ncu_version", t.ncu_version},
        {"date", t.date},       {"command", t.command}, {"rows", rows}};
    return j.dump(2) + "\n";
}

ProfileTable parse_profile_json(std::string_view text) {
    json j;
    try {
        j = json::parse(text);
    } catch (const json::parse_error& e) {
        throw std::runtime_error(std::string("profile table: not JSON (") + e.what() + ")");
    }
    try {
        if (!j.is_object() || !j.contains("scanviz_profile"))
            throw std::runtime_error(
                "profile table: no \"scanviz_profile\" key (not a table scanviz profile wrote)");
        ProfileTable t;
        t.device = j.at("device").get<std::string>();
        t.driver = j.value("driver", "");
        t.ncu_version = j.value("ncu_version", "");
        t.date = j.value("date", "");
        t.command = j.value("command", "");
        for (const json& r : j.at("rows")) {
            ProfileRow row;
            row.case_name = r.at("case").get<std::string>();
            row.variant = r.at("variant").get<std::string>();
            row.n = r.at("n").get<int>();
            row.threads = r.at("threads").get<int>();
            const json& o = r.at("ours");
            row.ours.trace_source = o.at("trace").get<std::string>();
            row.ours.warps = o.at("warps").get<int>();
            row.ours.scan = traffic_from(o.at("scan"));
            row.ours.tile = traffic_from(o.at("tile"));
            for (const json& e : o.at("effects"))
                row.ours.effects.push_back(CodeEffect{e.at("name").get<std::string>(),
                                                      e.at("explanation").get<std::string>(),
                                                      traffic_from(e.at("delta"))});
            const json& n = r.at("ncu");
            row.ncu.kernel_name = n.at("kernel").get<std::string>();
            row.ncu.block_threads = n.at("block_threads").get<int>();
            row.ncu.grid_blocks = n.at("grid_blocks").get<int>();
            row.ncu.ld_conflicts = n.at("ld_conflicts").get<int64_t>();
            row.ncu.st_conflicts = n.at("st_conflicts").get<int64_t>();
            row.ncu.ld_wavefronts = n.at("ld_wavefronts").get<int64_t>();
            row.ncu.st_wavefronts = n.at("st_wavefronts").get<int64_t>();
            row.ncu.ld_instructions = n.at("ld_instructions").get<int64_t>();
            row.ncu.st_instructions = n.at("st_instructions").get<int64_t>();
            row.ncu.inst_executed = n.at("inst_executed").get<int64_t>();
            row.ncu.thread_inst_executed = n.at("thread_inst_executed").get<int64_t>();
            row.ncu.duration_ns = n.at("duration_ns").get<double>();
            row.explanation = row.traffic_agrees() ? std::string() : explain_difference(row.variant);
            t.rows.push_back(std::move(row));
        }
        return t;
    } catch (const json::exception& e) {
        throw std::runtime_error(std::string("profile table: ") + e.what());
    }
}

}  // namespace scanviz
