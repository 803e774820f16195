#include "core/sass/source_lines.hpp"

#include <algorithm>
#include <set>

#include "core/common/strings.hpp"
#include "core/sass/text.hpp"

namespace scanviz::sass {

bool tag_names_phase(std::string_view entry, std::string_view phase) {
    if (phase.empty() || entry.size() < phase.size() || entry.substr(0, phase.size()) != phase) return false;
    const std::string_view rest = trim(entry.substr(phase.size()));
    return rest.empty() || rest.front() == '(';
}

std::vector<std::pair<std::string, std::string>> step_tag_entries(std::string_view line) {
    std::vector<std::pair<std::string, std::string>> out;
    const size_t c = line.find("// step:");
    if (c == std::string_view::npos) return out;
    std::string_view rest = line.substr(c + 8);
    while (true) {
        const size_t comma = rest.find(',');
        const std::string_view whole = trim(rest.substr(0, comma));
        const std::string_view phase = trim(whole.substr(0, whole.find('(')));
        if (!phase.empty()) out.emplace_back(std::string(phase), std::string(whole));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return out;
}

std::vector<StepTag> parse_step_tags(std::string_view file, std::string_view source_text) {
    std::vector<StepTag> tags;
    const auto lines = split_lines(source_text);
    const std::string f = normalize_path(file);
    for (size_t i = 0; i < lines.size(); ++i)
        for (auto& [phase, text] : step_tag_entries(lines[i]))
            tags.push_back(StepTag{SourceLoc{f, static_cast<int>(i + 1)}, std::move(phase), std::move(text)});
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

bool instruction_in_step(const Instruction& ins, std::string_view phase, std::span<const StepTag> tags) {
    for (const auto& fr : ins.frames)
        for (const auto& t : tags)
            if (t.loc == fr && t.names(phase)) return true;
    return false;
}

std::vector<int> instructions_of_step(const Function& f, std::string_view phase,
                                      std::span<const StepTag> tags) {
    std::vector<int> out;
    for (size_t i = 0; i < f.code.size(); ++i)
        if (instruction_in_step(f.code[i], phase, tags)) out.push_back(static_cast<int>(i));
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
