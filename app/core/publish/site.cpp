#include "core/publish/site.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <system_error>

#include "core/publish/trace_page.hpp"
#include "core/publish/web_assets.hpp"
#include "core/run/badge.hpp"
#include "core/models/variants.hpp"

namespace scanviz::publish {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kDataOpen = "<script type=\"application/json\" id=\"scanviz-data\">";
constexpr std::string_view kDataClose = "</script>";

// Fills @@NAME@@ placeholders; every placeholder of the template must be given.
std::string fill(std::string_view tmpl, const std::map<std::string, std::string>& values) {
    std::string out;
    size_t pos = 0;
    while (true) {
        const size_t open = tmpl.find("@@", pos);
        if (open == std::string_view::npos) break;
        const size_t close = tmpl.find("@@", open + 2);
        if (close == std::string_view::npos) throw std::logic_error("web template: unclosed @@ placeholder");
        const std::string name(tmpl.substr(open + 2, close - open - 2));
        const auto it = values.find(name);
        if (it == values.end()) throw std::logic_error("web template: no value for @@" + name + "@@");
        out.append(tmpl.substr(pos, open - pos));
        out += it->second;
        pos = close + 2;
    }
    out.append(tmpl.substr(pos));
    return out;
}

// JSON inside <script>: "</" would end the element, so it is written "<\/" (same JSON string).
std::string script_safe_json(const nlohmann::json& j) {
    const std::string text = j.dump();
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        out += text[i];
        if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
    }
    return out;
}

std::string spec_line(const Trace& t) {
    return "n = " + std::to_string(t.spec.n) + ", " + std::string(to_string(t.spec.op)) + ", " +
           std::string(to_string(t.spec.type)) + ", " + (t.spec.exclusive ? "exclusive" : "inclusive") +
           ", " + std::to_string(t.threads) + (t.threads == 1 ? " thread" : " threads") +
           (t.blocks > 1 ? " x " + std::to_string(t.blocks) + " blocks" : "");
}

std::string short_spec(const Trace& t) {
    return std::string(to_string(t.spec.op)) + " " + std::string(to_string(t.spec.type)) + " " +
           (t.spec.exclusive ? "exclusive" : "inclusive") + " n=" + std::to_string(t.spec.n);
}

}  // namespace

std::string_view web_asset(std::string_view name) {
    for (const WebAsset& a : web_assets())
        if (a.name == name) return a.text;
    throw std::logic_error("this build embedded no web/" + std::string(name));
}

std::string html_escape(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string page_data_text(const std::string& html) {
    const size_t open = html.find(kDataOpen);
    if (open == std::string::npos) throw std::runtime_error("the page holds no scanviz data");
    const size_t begin = open + kDataOpen.size();
    const size_t end = html.find(kDataClose, begin);
    if (end == std::string::npos) throw std::runtime_error("the page's scanviz data is not closed");
    return html.substr(begin, end - begin);
}

std::vector<SiteFile> build_site(const Recording& recording, const std::string& recording_name,
                                 const std::vector<nlohmann::json>& lessons) {
    if (recording.traces.empty())
        throw std::runtime_error("the recording holds no traces: nothing to publish");
    std::vector<Trace> traces;
    traces.reserve(recording.traces.size());
    for (const Trace& t : recording.traces) traces.push_back(as_recorded(recording, t));

    // Page ids, unique (a recording may hold two traces of one spec with other inputs).
    std::vector<std::string> ids;
    std::map<std::string, int> seen;
    for (const Trace& t : traces) {
        std::string id = trace_page_id(t);
        const int k = ++seen[id];
        if (k > 1) id.append("-").append(std::to_string(k));
        ids.push_back(id);
    }

    std::vector<SiteFile> files;
    files.push_back({"scanviz.css", std::string(web_asset("scanviz.css"))});
    files.push_back({"scanviz.js", std::string(web_asset("scanviz.js"))});
    if (!lessons.empty()) files.push_back({"lesson.js", std::string(web_asset("lesson.js"))});

    // One page per trace; the traces of a variant link to each other.
    for (size_t i = 0; i < traces.size(); ++i) {
        const Trace& t = traces[i];
        std::string siblings;
        for (size_t j = 0; j < traces.size(); ++j) {
            if (traces[j].spec.variant != t.spec.variant) continue;
            siblings += j == i ? "<a aria-current=\"page\" href=\"" + ids[j] + ".html\">"
                               : "<a href=\"" + ids[j] + ".html\">";
            siblings += html_escape(short_spec(traces[j])) + "</a>\n";
        }
        const VariantInfo* info = find_variant(t.spec.variant);
        const std::string title = info ? std::string(info->title) : t.spec.variant;
        files.push_back({"traces/" + ids[i] + ".html",
                         fill(web_asset("trace.html"), {{"TITLE", html_escape(title)},
                                                        {"VARIANT", html_escape(t.spec.variant)},
                                                        {"SPEC", html_escape(spec_line(t))},
                                                        {"BADGE_KIND", html_escape(t.source.kind)},
                                                        {"BADGE", html_escape(badge_text(t.source))},
                                                        {"SIBLINGS", siblings},
                                                        {"DATA", script_safe_json(trace_page_data(t))}})});
    }

    // The index: every variant of the recording, by level, with a link per trace.
    std::string list;
    for (Level level : {Level::Warp, Level::Block, Level::Device}) {
        std::string rows;
        for (const VariantInfo& v : all_variants()) {
            if (v.level != level) continue;
            std::string links;
            for (size_t i = 0; i < traces.size(); ++i)
                if (traces[i].spec.variant == v.id)
                    links += "<a href=\"traces/" + ids[i] + ".html\">" + html_escape(short_spec(traces[i])) +
                             "</a>\n";
            if (links.empty()) continue;
            rows += "<li class=\"variant\" id=\"" + html_escape(std::string(v.id)) + "\"><h3>" +
                    html_escape(std::string(v.title)) + "</h3>\n<p class=\"desc\">" +
                    html_escape(std::string(v.description)) + " <code>" + html_escape(std::string(v.id)) +
                    "</code></p>\n<nav class=\"traces\">" + links + "</nav></li>\n";
        }
        if (rows.empty()) continue;
        const std::string name(to_string(level));
        list += "<section class=\"level\"><h2>" + html_escape(name) +
                " level</h2>\n<ul class=\"variants\">\n" + rows + "</ul></section>\n";
    }
    // Traces of variants this build does not know still get a link.
    std::string unknown;
    for (size_t i = 0; i < traces.size(); ++i)
        if (!find_variant(traces[i].spec.variant))
            unknown += "<a href=\"traces/" + ids[i] + ".html\">" +
                       html_escape(traces[i].spec.variant + " " + short_spec(traces[i])) + "</a>\n";
    if (!unknown.empty())
        list +=
            "<section class=\"level\"><h2>Other</h2><nav class=\"traces\">" + unknown + "</nav></section>\n";

    // One page per lesson; the index lists them first.
    std::string lesson_list;
    for (const nlohmann::json& l : lessons) {
        const std::string name = l.at("name").get<std::string>();
        const std::string title = l.at("title").get<std::string>();
        files.push_back({"lessons/" + name + ".html",
                         fill(web_asset("lesson.html"),
                              {{"TITLE", html_escape(title)},
                               {"NAME", html_escape(name)},
                               {"PREREQUISITES", html_escape(l.at("prerequisites").get<std::string>())},
                               {"OUTCOMES", html_escape(l.at("outcomes").get<std::string>())},
                               {"DATA", script_safe_json(l)}})});
        lesson_list += "<li><a href=\"lessons/" + html_escape(name) + ".html\">" + html_escape(title) +
                       "</a> <span class=\"desc\">" + std::to_string(l.at("steps").size()) +
                       " steps</span></li>\n";
    }
    if (!lesson_list.empty())
        lesson_list = "<section class=\"lessons\"><h2>Lessons</h2>\n<ol class=\"lessons\">\n" + lesson_list +
                      "</ol></section>\n";

    const std::string badge = "recorded on " + recording.device.name +
                              (recording.device.sm.empty() ? "" : " (" + recording.device.sm + ")") +
                              (recording.date.empty() ? "" : " on " + recording.date.substr(0, 10));
    files.push_back(
        {"index.html", fill(web_asset("index.html"), {{"BADGE", html_escape(badge)},
                                                      {"RECORDING", html_escape(recording_name)},
                                                      {"COUNT", std::to_string(traces.size())},
                                                      {"VERSION", html_escape(recording.scanviz_version)},
                                                      {"LESSONS", lesson_list},
                                                      {"LIST", list}})});
    return files;
}

namespace {

// A file of the folder that the marker does not list (a file scanviz publish did
// not write), or nothing; every file is listed when the marker is there and whole.
std::optional<fs::path> foreign_file(const fs::path& dir) {
    std::ifstream in(dir / kSiteMarker, std::ios::binary);
    if (!in) return dir / kSiteMarker;
    std::set<std::string> ours{std::string(kSiteMarker)};
    std::string line;
    if (!std::getline(in, line) || line.rfind(kSiteMarkerHeader, 0) != 0) return dir / kSiteMarker;
    while (std::getline(in, line))
        if (!line.empty()) ours.insert(line);
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->is_directory(ec)) continue;
        const std::string rel = fs::relative(it->path(), dir, ec).generic_string();
        if (!ours.count(rel)) return it->path();
    }
    if (ec) return dir;
    return std::nullopt;
}

}  // namespace

void write_site(const std::vector<SiteFile>& files, const std::string& dir, bool force) {
    const fs::path target = fs::path(dir).lexically_normal();
    std::error_code ec;
    const bool exists = fs::exists(target, ec);
    if (exists && !force) throw std::runtime_error("'" + dir + "' exists; give --force to replace it");
    if (exists && !fs::is_directory(target, ec))
        throw std::runtime_error("'" + dir + "' exists and is not a folder");
    // --force replaces only a site scanviz publish wrote, with nothing added to it since.
    if (exists) {
        if (const auto foreign = foreign_file(target)) {
            if (foreign->filename() == kSiteMarker)
                throw std::runtime_error("'" + dir + "' was not written by scanviz publish (it has no " +
                                         std::string(kSiteMarker) + "): refusing to replace it");
            throw std::runtime_error("'" + dir + "' holds '" + foreign->string() +
                                     "', which scanviz publish did not write: refusing to replace it");
        }
    }
    fs::path parent = target.parent_path();
    if (parent.empty()) parent = ".";
    if (!fs::is_directory(parent, ec))
        throw std::runtime_error("cannot write '" + dir + "': folder '" + parent.string() +
                                 "' does not exist");

    // A fresh sibling folder, filled, then renamed into place.
    fs::path staging;
    for (int k = 0;; ++k) {
        staging = parent / (target.filename().string() + ".publishing-" + std::to_string(k));
        if (fs::create_directory(staging, ec)) break;
        if (ec || k > 100) throw std::runtime_error("cannot create a folder next to '" + dir + "'");
    }
    try {
        std::string marker = std::string(kSiteMarkerHeader) + "\n";
        for (const SiteFile& f : files) marker += fs::path(f.path).generic_string() + "\n";
        std::ofstream marker_out(staging / kSiteMarker, std::ios::binary);
        marker_out << marker;
        marker_out.close();
        if (!marker_out) throw std::runtime_error("cannot write '" + (target / kSiteMarker).string() + "'");
        for (const SiteFile& f : files) {
            const fs::path path = staging / f.path;
            fs::create_directories(path.parent_path());
            std::ofstream out(path, std::ios::binary);
            out << f.text;
            out.close();
            if (!out) throw std::runtime_error("cannot write '" + (target / f.path).string() + "'");
        }
        // The old site is renamed aside, not deleted, until the new one is in place: a process
        // killed at any moment leaves a whole site (the old one under its name, or aside).
        if (exists) {
            fs::path aside;
            for (int k = 0;; ++k) {
                aside = parent / (target.filename().string() + ".replaced-" + std::to_string(k));
                if (!fs::exists(aside, ec)) break;
                if (k > 100) throw std::runtime_error("cannot move '" + dir + "' aside");
            }
            fs::rename(target, aside);
            try {
                fs::rename(staging, target);
            } catch (...) {
                fs::rename(aside, target, ec);
                throw;
            }
            fs::remove_all(aside, ec);
        } else {
            fs::rename(staging, target);
        }
    } catch (const fs::filesystem_error& e) {
        fs::remove_all(staging, ec);
        throw std::runtime_error("cannot write '" + dir + "': " + e.code().message());
    } catch (...) {
        fs::remove_all(staging, ec);
        throw;
    }
}

}  // namespace scanviz::publish
