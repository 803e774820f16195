#include "core/sass/text.hpp"

namespace scanviz::sass {

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t pos = 0;
    while (pos <= text.size()) {
        const size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) {
            if (pos < text.size()) lines.push_back(text.substr(pos));
            break;
        }
        lines.push_back(text.substr(pos, nl - pos));
        pos = nl + 1;
    }
    return lines;
}

// "kernels/sass/../warp/x.cuh" -> "kernels/warp/x.cuh"; "./a" -> "a".
std::string normalize_path(std::string_view p) {
    const bool absolute = !p.empty() && p.front() == '/';
    std::vector<std::string> parts;
    size_t pos = 0;
    while (pos <= p.size()) {
        size_t slash = p.find('/', pos);
        if (slash == std::string_view::npos) slash = p.size();
        const std::string_view part = p.substr(pos, slash - pos);
        if (part == "..") {
            if (!parts.empty() && parts.back() != "..")
                parts.pop_back();
            else if (!absolute)
                parts.emplace_back("..");
        } else if (!part.empty() && part != ".") {
            parts.emplace_back(part);
        }
        pos = slash + 1;
    }
    std::string out = absolute ? "/" : "";
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
    return out;
}

}  // namespace scanviz::sass
