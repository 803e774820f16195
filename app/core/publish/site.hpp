// scanviz publish: a self-contained static site from a recording. index.html lists
// every trace and lesson; traces/<id>.html is one trace's page, lessons/<name>.html one lesson's (its data
// embedded as JSON, since pages opened from file:// may not fetch files); scanviz.js and scanviz.css come
// from web/ (embedded in the binary). No network, nothing to install: any browser opens it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/recording/recording.hpp"

namespace scanviz::publish {

struct SiteFile {
    std::string path;  // relative to the site's folder, '/' separated
    std::string text;
};

// Every file of the site, in memory. `recording_name` is what the index page calls
// the recording (its file name); `lessons` are lesson page data (lesson_page.hpp),
// each written as lessons/<name>.html and linked from the index. Throws
// std::runtime_error when the recording holds no traces.
std::vector<SiteFile> build_site(const Recording& recording, const std::string& recording_name,
                                 const std::vector<nlohmann::json>& lessons = {});

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

// The JSON embedded in a page between its data markers (for tests and tools);
// throws std::runtime_error when the page holds none.
std::string page_data_text(const std::string& html);

// HTML text escaping (&, <, >, ").
std::string html_escape(const std::string& text);

}  // namespace scanviz::publish
