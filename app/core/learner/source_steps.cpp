#include "core/learner/source_steps.hpp"

#include <cctype>

namespace scanviz {
namespace {

constexpr std::string_view kStepCall = "scanviz::step(\"";

bool ends_a_step(std::string_view line) {
    for (std::string_view barrier : {"__syncthreads(", "__syncwarp(", "__shfl"})
        if (line.find(barrier) != std::string_view::npos) return true;
    return false;
}

}  // namespace

std::vector<std::string> learner_step_phases(std::string_view source) {
    std::vector<std::string> out;
    std::string open;  // the phase of the step the lines are in, "" outside one
    size_t start = 0;
    while (start < source.size()) {
        size_t end = source.find('\n', start);
        if (end == std::string_view::npos) end = source.size();
        const std::string_view line = source.substr(start, end - start);
        if (const size_t at = line.find(kStepCall); at != std::string_view::npos) {
            const size_t name = at + kStepCall.size();
            const size_t close = line.find('"', name);
            open = std::string(line.substr(name, close == std::string_view::npos ? 0 : close - name));
        }
        out.push_back(open);
        if (!open.empty() && ends_a_step(line)) open.clear();
        start = end + 1;
    }
    return out;
}

int error_line_in(std::string_view error, std::string_view file) {
    if (file.empty() || error.substr(0, file.size()) != file || error.size() <= file.size() ||
        error[file.size()] != ':')
        return 0;
    int line = 0;
    for (size_t i = file.size() + 1; i < error.size() && std::isdigit(static_cast<unsigned char>(error[i]));
         ++i)
        line = line * 10 + (error[i] - '0');
    return line;
}

}  // namespace scanviz
