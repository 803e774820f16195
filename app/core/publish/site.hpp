// scanviz publish: a self-contained static site from a recording, whose pages compute in the
// browser with the core compiled to WebAssembly (app/wasm). Data goes in as scripts, since pages
// opened from file:// may not fetch files; the pages' scripts and style come from web/ (embedded
// in the binary). No network, nothing to install: any browser opens it.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/recording/recording.hpp"

namespace scanviz::publish {

struct SiteFile {
    std::string path;  // relative to the site's folder, '/' separated
    std::string text;
};

// What a site is made of besides the pages (web/, embedded in the binary).
struct SiteInputs {
    std::string recording_name;  // what the index page calls the recording (its file name)
    // The lessons (lesson_page.hpp: lesson_site_entry), each written as lessons/<name>.html
    // and linked from the index; the page computes the lesson from its text.
    std::vector<nlohmann::json> lessons;
    // app/wasm's scanviz_core.js (the core compiled to WebAssembly, the module inlined), as bytes.
    std::string wasm_js;
    // The figures lessons quote besides traces (lesson_page.hpp: lesson_context).
    nlohmann::json context = nlohmann::json::object();
    // The Chinese catalog's text (.po) the pages' words come from; unset: catalog_zh_text().
    std::optional<std::string> catalog_zh;
};

// The Chinese catalog as the program finds it (i18n::set_language): $SCANVIZ_CATALOG_ZH, else
// assets' i18n/zh_CN.po, else the copy built in; `source` gets its path or "built in".
std::string catalog_zh_text(std::string* source = nullptr);

// The pages' catalog (site file i18n_zh.js, web/i18n.js): {msgid: msgstr} of the .po's translated
// entries without a context, each msgid's runs of white space squashed to one space (plural
// entries: msgid -> the first form, msgid_plural -> the last). Throws i18n::PoError.
nlohmann::json page_catalog(std::string_view po_text, const std::string& name);

// Every file of the site, in memory: index.html; app.html, the page that computes any
// variant at any n on any input in the browser (app.js); i18n_zh.js (the pages' Chinese words, from
// the catalog: page_catalog) and i18n.js; lessons/<name>.html and
// lessons/open.html (a lesson file of the learner's own); scanviz_core.js (the WebAssembly
// module); site_data.js (the recording's traces, device and benchmark results, stored
// uncompressed and gzipped, which the page inflates and opens, so its traces keep their
// device badge; the lesson context); the
// scripts and style of web/. Throws std::runtime_error when the recording holds no traces
// or the module is missing.
std::vector<SiteFile> build_site(const Recording& recording, const SiteInputs& inputs);

// The recording as site_data.js carries it: encode_recording(r, false), gzipped (RFC 1952).
std::string gzip_bytes(std::string_view bytes);

// The marker a published site carries: its first line names scanviz publish,
// the others are the files it wrote (relative paths), so that --force replaces
// a folder only when every file in it is one of those.
inline constexpr const char* kSiteMarker = ".scanviz-site";
inline constexpr const char* kSiteMarkerHeader = "written by scanviz publish; the files it wrote:";

// Writes the files (and the marker) into `dir`. An existing `dir` is refused
// (std::runtime_error naming it) unless `force`, which replaces it only when
// scanviz publish wrote it and nothing else was put in it since (else refused,
// naming the file that would be lost). The files go into a new sibling folder
// first, renamed into place at the end: a failure leaves nothing behind.
void write_site(const std::vector<SiteFile>& files, const std::string& dir, bool force);

// The JSON a page embeds in <script type="application/json" id="ID"> (for tests and tools);
// throws std::runtime_error when the page holds none.
std::string page_data_text(const std::string& html, const std::string& id = "scanviz-data");

// HTML text escaping (&, <, >, ").
std::string html_escape(const std::string& text);

}  // namespace scanviz::publish
