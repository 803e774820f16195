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
