// Where lessons are found (a directory of *.lesson files, assets/lessons/ in
// the source tree) and how far a learner got in each (a small state file in
// the user's configuration directory).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "lesson.hpp"

namespace scanviz::lessons {

inline constexpr const char* kLessonExtension = ".lesson";

struct CatalogEntry {
    std::string name;  // file stem: "01_kogge_stone_warp"
    std::string path;
    std::string title;  // empty when the file does not parse
    std::string error;  // the parse error, when it does not
    int steps = 0;
};

// Every *.lesson file of `dir`, sorted by name, each parsed (a broken one
// carries its error). Empty when the directory does not exist.
std::vector<CatalogEntry> list_lessons(const std::string& dir);

// The lesson NAME in `dir`: its file stem ("01_kogge_stone_warp"), the stem
// without its number prefix ("kogge_stone_warp"), or its number ("1", "01");
// or a path to a .lesson file. Empty when none matches.
std::string find_lesson(const std::string& dir, const std::string& name_or_path);

// Languages: "en", the originals in the lessons directory, and "zh", their translations
// in its zh_CN folder under the same file names (shadow.hpp checks that each keeps its
// original's lines). A lesson's name, and the progress kept under it, is the same in
// every language. list_lessons(dir) lists the originals only: it does not descend.
inline constexpr const char* kLessonLanguages[] = {"en", "zh"};
bool is_lesson_language(const std::string& lang);

// The folder of `lang`'s lessons, given the English one: `english_dir` itself for "en",
// english_dir/zh_CN for "zh". Throws std::invalid_argument for another language.
std::string lesson_dir(const std::string& english_dir, const std::string& lang);

// Where the `lang` translation of the English lesson file `english_path` is (whether
// or not it exists): the language's folder beside it, the same file name.
std::string translation_path(const std::string& english_path, const std::string& lang);

// The original of a translated lesson file (in a language folder): the file of the same
// name in the folder above. Empty when `path` is not in a language folder.
std::string original_path(const std::string& path);

// The file of lesson NAME (as find_lesson takes it) in `lang`: the translation when it
// exists, else the English file. Empty when no English lesson matches.
std::string find_localized_lesson(const std::string& english_dir, const std::string& name_or_path,
                                  const std::string& lang);

// Progress: the step a learner was on and the questions answered right.
struct LessonProgress {
    int step = 0;            // 0-based lesson step
    std::set<int> answered;  // lesson steps whose question was answered right
};
using Progress = std::map<std::string, LessonProgress>;

// $XDG_CONFIG_HOME/scanviz/lessons.progress, else ~/.config/scanviz/lessons.progress;
// empty when neither variable is set.
std::string progress_path();

// Reads the state file; a missing file is no progress, lines that do not
// parse are skipped (the file is only ever a convenience).
Progress load_progress(const std::string& path);
// The same from the file's text (what load_progress reads).
Progress parse_progress(const std::string& text);
// Writes it (creating the directory); returns an error line, or nothing.
std::optional<std::string> save_progress(const std::string& path, const Progress& progress);

}  // namespace scanviz::lessons
