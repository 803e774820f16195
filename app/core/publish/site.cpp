#include "core/publish/site.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <sstream>
#include <system_error>

#include <zlib.h>

#include "core/common/assets.hpp"
#include "core/i18n/i18n.hpp"
#include "core/i18n/po.hpp"
#include "core/publish/web_assets.hpp"
#include "core/run/badge.hpp"
#include "core/models/variants.hpp"

namespace scanviz::publish {
namespace {

namespace fs = std::filesystem;

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

std::string short_spec(const Trace& t) {
    return std::string(to_string(t.spec.op)) + " " + std::string(to_string(t.spec.type)) + " " +
           (t.spec.exclusive ? "exclusive" : "inclusive") + " n=" + std::to_string(t.spec.n);
}

// The app page's address for a recorded trace's spec (web/app.js reads the same keys).
std::string app_hash(const RunSpec& s) {
    std::string h = "variant=" + s.variant + "&n=" + std::to_string(s.n) + "&op=" + std::string(to_string(s.op)) +
                    "&type=" + std::string(to_string(s.type)) + (s.exclusive ? "&exclusive=1" : "");
    if (s.threads) h += "&threads=" + std::to_string(s.threads);
    if (s.items_per_thread) h += "&items=" + std::to_string(s.items_per_thread);
    if (s.input == InputKind::Random) h += "&fill=random&seed=" + std::to_string(s.seed);
    else if (s.input != InputKind::Given) h += "&fill=" + std::string(to_string(s.input));
    else {
        std::string values;
        for (double v : s.values) {
            std::ostringstream o;
            o.precision(9);
            o << v;
            values += (values.empty() ? "" : ",") + o.str();
        }
        h += "&input=" + values;
    }
    if (!s.heads.empty()) {
        std::string heads;
        for (uint8_t f : s.heads) heads += (heads.empty() ? "" : ",") + std::to_string(f);
        h += "&heads=" + heads;
    }
    return h;
}

std::string base64(std::string_view bytes) {
    static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const uint32_t b0 = static_cast<uint8_t>(bytes[i]);
        const uint32_t b1 = i + 1 < bytes.size() ? static_cast<uint8_t>(bytes[i + 1]) : 0;
        const uint32_t b2 = i + 2 < bytes.size() ? static_cast<uint8_t>(bytes[i + 2]) : 0;
        const uint32_t w = b0 << 16 | b1 << 8 | b2;
        out += kDigits[w >> 18 & 63];
        out += kDigits[w >> 12 & 63];
        out += i + 1 < bytes.size() ? kDigits[w >> 6 & 63] : '=';
        out += i + 2 < bytes.size() ? kDigits[w & 63] : '=';
    }
    return out;
}

// Runs of white space as one space, no space at either end: the key the pages look words up by
// (web/i18n.js squashes an HTML element's text the same way).
std::string squash(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

// An HTML attribute's value holding JSON: the JSON, escaped for the attribute.
std::string json_attribute(const nlohmann::json& j) { return html_escape(j.dump()); }

}  // namespace

std::string catalog_zh_text(std::string* source) {
    const std::string path = shipped_file("SCANVIZ_CATALOG_ZH", "i18n/zh_CN.po");
    if (path.empty()) {
        if (source) *source = "built in";
        return std::string(i18n::builtin_catalog_zh());
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read the Chinese catalog " + path);
    std::stringstream ss;
    ss << in.rdbuf();
    if (source) *source = path;
    return ss.str();
}

nlohmann::json page_catalog(std::string_view po_text, const std::string& name) {
    const i18n::PoFile po = i18n::parse_po(po_text, name);
    nlohmann::json out = nlohmann::json::object();
    for (const i18n::PoEntry& e : po.entries) {
        if (!e.translated() || !e.context.empty()) continue;  // the pages use no contexts
        out[squash(e.id)] = e.strs.front();
        if (!e.id_plural.empty()) out[squash(e.id_plural)] = e.strs.back();
    }
    return out;
}

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

std::string page_data_text(const std::string& html, const std::string& id) {
    const std::string tag = "<script type=\"application/json\" id=\"" + id + "\">";
    const size_t open = html.find(tag);
    if (open == std::string::npos) throw std::runtime_error("the page holds no scanviz data");
    const size_t begin = open + tag.size();
    const size_t end = html.find(kDataClose, begin);
    if (end == std::string::npos) throw std::runtime_error("the page's scanviz data is not closed");
    return html.substr(begin, end - begin);
}

std::string gzip_bytes(std::string_view bytes) {
    z_stream z{};
    // windowBits 15 + 16: a gzip header and trailer (CRC-32), which the browser's
    // DecompressionStream("gzip") checks.
    if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::runtime_error("gzip: cannot start zlib");
    std::string out(deflateBound(&z, bytes.size()) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&z, Z_FINISH);
    const size_t written = out.size() - z.avail_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END) throw std::runtime_error("gzip: zlib could not compress the recording");
    out.resize(written);
    return out;
}

std::vector<SiteFile> build_site(const Recording& recording, const SiteInputs& in) {
    if (recording.traces.empty())
        throw std::runtime_error("the recording holds no traces: nothing to publish");
    if (in.wasm_js.empty())
        throw std::runtime_error("no WebAssembly module (scanviz_core.js) to put into the site");

    std::vector<SiteFile> files;
    for (const char* name : {"scanviz.css", "scanviz.js", "core.js", "app.js", "lesson.js", "i18n.js"})
        files.push_back({name, std::string(web_asset(name))});
    // The pages' words in Chinese, from the catalog (web/i18n.js looks them up): a script, since a
    // page opened from file:// may not fetch a file.
    {
        std::string source;
        const std::string po = in.catalog_zh ? *in.catalog_zh : catalog_zh_text(&source);
        files.push_back({"i18n_zh.js", "// Made by scanviz publish from the Chinese catalog (" +
                                           (in.catalog_zh ? std::string("given") : source) +
                                           "; assets/i18n/zh_CN.po): msgid -> msgstr.\n"
                                           "window.SCANVIZ_I18N_ZH = " +
                                           script_safe_json(page_catalog(po, source.empty() ? "catalog" : source)) +
                                           ";\n"});
    }
    files.push_back({"scanviz_core.js", in.wasm_js});

    // The recording, uncompressed inside (the WebAssembly build has no zstd) and gzipped for the way;
    // what the pages use of it (traces, device, date, benchmark results): the validation report, the SASS
    // listings and the race and profile tables stay out, which the browser would only parse and keep.
    Recording shipped = recording;
    shipped.validation.reset();
    shipped.sass = nlohmann::json();
    shipped.race.reset();
    shipped.profile.reset();
    const std::vector<uint8_t> raw = encode_recording(shipped, false);
    const std::string gz = gzip_bytes(std::string_view(reinterpret_cast<const char*>(raw.data()), raw.size()));
    nlohmann::json site = {{"recording_name", in.recording_name},
                           {"recording_badge", recording.badge()},
                           {"context", in.context}};
    files.push_back({"site_data.js", "// Made by scanviz publish: the recording (" + in.recording_name +
                                         ", gzipped, base64) and the figures lessons quote.\n"
                                         "window.SCANVIZ_SITE = " + script_safe_json(site) +
                                         ";\nwindow.SCANVIZ_SITE.recording_gz = \"" + base64(gz) + "\";\n"});

    // The traces the recording holds: links into the app page, which finds them again (device badge).
    std::vector<Trace> traces;
    for (const Trace& t : recording.traces) traces.push_back(as_recorded(recording, t));
    std::string list;
    for (Level level : {Level::Warp, Level::Block, Level::Device}) {
        std::string rows;
        for (const VariantInfo& v : all_variants()) {
            if (v.level != level) continue;
            std::string links;
            for (const Trace& t : traces)
                if (t.spec.variant == v.id)
                    links += "<a href=\"app.html#" + html_escape(app_hash(t.spec)) + "\">" +
                             html_escape(short_spec(t)) + "</a>\n";
            // The registry's English, each part data-i18n (its msgid, N_ in the variant's model.cpp)
            // for web/i18n.js to show in the reader's language; the id is code.
            const std::string title = html_escape(std::string(v.title));
            const std::string description = html_escape(std::string(v.description));
            const std::string accepts = html_escape(std::string(v.accepts));
            rows += "<li class=\"variant\" id=\"" + html_escape(std::string(v.id)) + "\"><h3><a href=\"app.html#variant=" +
                    html_escape(std::string(v.id)) + "\" data-i18n=\"" + title + "\">" + title +
                    "</a></h3>\n<p class=\"desc\"><span data-i18n=\"" + description + "\">" + description +
                    "</span> <code>" + html_escape(std::string(v.id)) + "</code> (<span data-i18n=\"" + accepts +
                    "\">" + accepts + "</span>)</p>\n" +
                    (links.empty() ? "" : "<nav class=\"traces\" aria-label=\"recorded inputs\" data-i18n-aria-label=\"recorded inputs\">" + links + "</nav>") +
                    "</li>\n";
        }
        const std::string name(to_string(level));
        const std::string heading = name + " level";  // data-i18n="warp level", "block level", "device level"
        list += "<section class=\"level\"><h2 data-i18n=\"" + html_escape(heading) + "\">" + html_escape(heading) +
                "</h2>\n<ul class=\"variants\">\n" + rows +
                "</ul></section>\n";
    }

    // One page per lesson (the lesson's text inside; the page computes it), and one for a learner's own file.
    auto lesson_page = [&](const std::string& name, const std::string& title, const std::string& prerequisites,
                           const std::string& outcomes, const nlohmann::json& source) {
        return fill(web_asset("lesson.html"), {{"TITLE", html_escape(title)},
                                               {"NAME", html_escape(name)},
                                               {"PREREQUISITES", html_escape(prerequisites)},
                                               {"OUTCOMES", html_escape(outcomes)},
                                               {"DATA", script_safe_json(source)}});
    };
    std::string lesson_list;
    for (const nlohmann::json& l : in.lessons) {
        const std::string name = l.at("name").get<std::string>();
        const std::string title = l.at("title").get<std::string>();
        nlohmann::json source = {{"path", l.at("path")}, {"text", l.at("text")}};
        std::string title_zh;
        if (l.contains("zh")) {  // its Chinese translation, for a reader of Chinese (web/lesson.js)
            source["zh"] = {{"path", l["zh"].at("path")}, {"text", l["zh"].at("text")}};
            title_zh = " data-zh=\"" + html_escape(l["zh"].at("title").get<std::string>()) + "\"";
        }
        files.push_back({"lessons/" + name + ".html",
                         lesson_page(name, title, l.at("prerequisites").get<std::string>(),
                                     l.at("outcomes").get<std::string>(), source)});
        const int steps = l.at("steps").get<int>();
        lesson_list += "<li><a href=\"lessons/" + html_escape(name) + ".html\"" + title_zh + ">" +
                       html_escape(title) + "</a> <span class=\"desc\" data-i18n=\"{count} steps\" data-i18n-args=\"" +
                       json_attribute({{"count", steps}}) + "\">" + std::to_string(steps) + " steps</span></li>\n";
    }
    files.push_back({"lessons/open.html",
                     lesson_page("open", "A lesson of your own", "a .lesson file (scanviz lesson kinds lists what it can ask)",
                                 "the checker's problems, line by line, or the lesson, computed here",
                                 nlohmann::json(nullptr))});
    lesson_list = "<section class=\"lessons\"><h2 data-i18n=\"Lessons\">Lessons</h2>\n<ol class=\"lessons\">\n" +
                  lesson_list +
                  "</ol>\n<p data-i18n-html=\"&lt;a href=&quot;lessons/open.html&quot;&gt;Open a lesson file of your own&lt;/a&gt; (checked and computed in this browser).\">"
                  "<a href=\"lessons/open.html\">Open a lesson file of your own</a> (checked and computed in this "
                  "browser).</p></section>\n";

    files.push_back({"app.html", std::string(web_asset("app.html"))});
    const std::string device =
        recording.device.name + (recording.device.sm.empty() ? "" : " (" + recording.device.sm + ")");
    const std::string date = recording.date.substr(0, 10);
    const std::string badge = "recorded on " + device + (date.empty() ? "" : " on " + date);
    const nlohmann::json badge_args = {{"device", device}, {"date", date}};
    // The words of the index's paragraph on the app page: its figures as {count}, {recording},
    // {version} (HTML, as the paragraph holds them).
    const nlohmann::json spec_args = {{"count", std::to_string(traces.size())},
                                      {"recording", html_escape(in.recording_name)},
                                      {"version", html_escape(recording.scanviz_version)}};
    files.push_back(
        {"index.html",
         fill(web_asset("index.html"),
              {{"BADGE", "<p class=\"badge\" data-kind=\"recording\" data-i18n=\"" +
                             std::string(date.empty() ? "recorded on {device}" : "recorded on {device} on {date}") +
                             "\" data-i18n-args=\"" + json_attribute(badge_args) + "\">" + html_escape(badge) +
                             "</p>"},
               {"ARGS", json_attribute(spec_args)},
                                                      {"RECORDING", html_escape(in.recording_name)},
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
