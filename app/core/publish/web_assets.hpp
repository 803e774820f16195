// The files of web/ (page templates, script, style), embedded at build time by
// app/core/publish/embed_web.cmake.
#pragma once

#include <span>
#include <string_view>

namespace scanviz::publish {

struct WebAsset {
    std::string_view name;  // file name in web/, e.g. "scanviz.js"
    std::string_view text;
};

std::span<const WebAsset> web_assets();

// The text of web/<name>; throws std::logic_error when the build embedded no such file.
std::string_view web_asset(std::string_view name);

}  // namespace scanviz::publish
