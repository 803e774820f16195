#include "core/sass/source_lines.hpp"

#include <algorithm>
#include <set>

#include "core/common/strings.hpp"
#include "core/sass/text.hpp"

namespace scanviz::sass {

std::vector<StepTag> parse_step_tags(std::string_view file, std::string_view source_text) {
    std::vector<StepTag> tags;
    const auto lines = split_lines(source_text);
    const std::string f = normalize_path(file);
    for (size_t i = 0; i < lines.size(); ++i) {
        const size_t c = lines[i].find("// step:");
        if (c == std::string_view::npos) continue;
        // "// step: a, b (a remark)": one tag per phase named.
        std::string_view rest = lines[i].substr(c + 8);
        while (true) {
            const size_t comma = rest.find(',');
            std::string_view phase = rest.substr(0, comma);
            phase = trim(phase.substr(0, phase.find('(')));
            if (!phase.empty())
                tags.push_back(StepTag{SourceLoc{f, static_cast<int>(i + 1)}, std::string(phase)});
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
        }
    }
    return tags;
}

std::vector<std::string> steps_of(const Instruction& ins, std::span<const StepTag> tags) {
    std::vector<std::string> out;
    for (const auto& fr : ins.frames)
        for (const auto& t : tags)
            if (t.loc == fr && std::find(out.begin(), out.end(), t.phase) == out.end())
                out.push_back(t.phase);
    return out;
}

std::vector<int> instructions_of_step(const Function& f, std::string_view phase,
                                      std::span<const StepTag> tags) {
    std::vector<int> out;
    for (size_t i = 0; i < f.code.size(); ++i) {
        const auto steps = steps_of(f.code[i], tags);
        if (std::find(steps.begin(), steps.end(), phase) != steps.end()) out.push_back(static_cast<int>(i));
    }
    return out;
}

std::vector<std::string> source_files(const Function& f) {
    std::set<std::string> files;
    for (const auto& ins : f.code)
        for (const auto& fr : ins.frames)
            if (!fr.file.empty() && fr.file.front() != '/') files.insert(fr.file);
    return {files.begin(), files.end()};
}

}  // namespace scanviz::sass
