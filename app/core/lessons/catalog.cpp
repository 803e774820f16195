#include "catalog.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/common/output.hpp"

namespace scanviz::lessons {
namespace fs = std::filesystem;

namespace {

// "01_kogge_stone_warp" -> "kogge_stone_warp", "01"
std::pair<std::string, std::string> split_number(const std::string& stem) {
    size_t i = 0;
    while (i < stem.size() && std::isdigit(static_cast<unsigned char>(stem[i]))) ++i;
    if (i == 0 || i >= stem.size() || stem[i] != '_') return {stem, ""};
    return {stem.substr(i + 1), stem.substr(0, i)};
}

// A language and the folder its lessons are in, below the English lessons ("" for English).
struct LanguageFolder {
    const char* lang;
    const char* folder;
};
constexpr LanguageFolder kLanguageFolders[] = {{"en", ""}, {"zh", "zh_CN"}};

const char* folder_of(const std::string& lang) {
    for (const auto& l : kLanguageFolders)
        if (lang == l.lang) return l.folder;
    throw std::invalid_argument("'" + lang + "' is not a lesson language (en or zh)");
}

}  // namespace

bool is_lesson_language(const std::string& lang) {
    return std::any_of(std::begin(kLanguageFolders), std::end(kLanguageFolders),
                       [&](const auto& l) { return lang == l.lang; });
}

std::string lesson_dir(const std::string& english_dir, const std::string& lang) {
    const std::string folder = folder_of(lang);
    return folder.empty() ? english_dir : (fs::path(english_dir) / folder).string();
}

std::string translation_path(const std::string& english_path, const std::string& lang) {
    const fs::path p(english_path);
    return (fs::path(lesson_dir(p.parent_path().string(), lang)) / p.filename()).string();
}

std::string original_path(const std::string& path) {
    const fs::path p(path);
    const std::string folder = p.parent_path().filename().string();
    const bool in_language_folder =
        !folder.empty() && std::any_of(std::begin(kLanguageFolders), std::end(kLanguageFolders),
                                       [&](const auto& l) { return folder == l.folder; });
    return in_language_folder ? (p.parent_path().parent_path() / p.filename()).string() : std::string();
}

std::string find_localized_lesson(const std::string& english_dir, const std::string& name_or_path,
                                  const std::string& lang) {
    const std::string english = find_lesson(english_dir, name_or_path);
    if (english.empty()) return {};
    const std::string translated = translation_path(english, lang);
    std::error_code ec;
    return fs::is_regular_file(translated, ec) ? translated : english;
}

std::vector<CatalogEntry> list_lessons(const std::string& dir) {
    std::vector<CatalogEntry> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        if (!e.is_regular_file() || e.path().extension() != kLessonExtension) continue;
        CatalogEntry entry;
        entry.name = e.path().stem().string();
        entry.path = e.path().string();
        try {
            const Lesson l = load_lesson(entry.path);
            entry.title = l.title;
            entry.steps = static_cast<int>(l.steps.size());
        } catch (const std::exception& ex) {
            entry.error = ex.what();
        }
        out.push_back(std::move(entry));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return out;
}

std::string find_lesson(const std::string& dir, const std::string& name) {
    std::error_code ec;
    if (name.find('/') != std::string::npos || fs::path(name).extension() == kLessonExtension)
        return fs::is_regular_file(name, ec) ? name : std::string();
    for (const auto& e : list_lessons(dir)) {
        const auto [bare, number] = split_number(e.name);
        const bool number_match = !number.empty() && !name.empty() &&
                                  std::all_of(name.begin(), name.end(), ::isdigit) &&
                                  std::stoi(name) == std::stoi(number);
        if (e.name == name || bare == name || number_match) return e.path;
    }
    return {};
}

std::string progress_path() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && *xdg) return (fs::path(xdg) / "scanviz" / "lessons.progress").string();
    const char* home = std::getenv("HOME");
    if (home && *home) return (fs::path(home) / ".config" / "scanviz" / "lessons.progress").string();
    return {};
}

// One line per lesson: "NAME STEP [ANSWERED,ANSWERED,...]".
Progress load_progress(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream text;
    text << f.rdbuf();
    return parse_progress(text.str());
}

Progress parse_progress(const std::string& text) {
    Progress p;
    std::istringstream f(text);
    std::string line;
    while (std::getline(f, line)) {
        std::istringstream in(line);
        std::string name, answered;
        int step = 0;
        if (line.empty() || line[0] == '#' || !(in >> name >> step) || step < 0) continue;
        LessonProgress lp;
        lp.step = step;
        if (in >> answered) {
            std::stringstream list(answered);
            for (std::string tok; std::getline(list, tok, ',');) {
                try {
                    lp.answered.insert(std::stoi(tok));
                } catch (const std::exception&) {
                }
            }
        }
        p[name] = lp;
    }
    return p;
}

std::optional<std::string> save_progress(const std::string& path, const Progress& progress) {
    if (path.empty()) return "no place for the progress file (neither XDG_CONFIG_HOME nor HOME is set)";
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    if (ec) return "cannot create " + fs::path(path).parent_path().string() + ": " + ec.message();
    std::string text = "# scanviz lesson progress: lesson, step (from 0), steps whose question was answered right\n";
    for (const auto& [name, lp] : progress) {
        text += name + ' ' + std::to_string(lp.step);
        std::string list;
        for (int a : lp.answered) list += (list.empty() ? "" : ",") + std::to_string(a);
        if (!list.empty()) text += ' ' + list;
        text += '\n';
    }
    try {
        write_file_atomically(path, text);
    } catch (const std::exception& e) {
        return e.what();
    }
    return std::nullopt;
}

}  // namespace scanviz::lessons
