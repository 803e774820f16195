// Translated lessons shadow their originals: assets/lessons/zh_CN/01_kogge_stone_warp.lesson
// is assets/lessons/01_kogge_stone_warp.lesson (and so for each lesson) with the same lines in
// the same order, only its prose
// translated: the values of title, prerequisites, outcomes, text, ask and hint, and the
// step headings. Every other key keeps its value (so a step shows the same run, asks the
// same question and hides the same panels in every language), a step keeps its number of
// paragraphs, and a translated value keeps its {placeholders} (as a multiset: a sentence
// may need them in another order). The lesson checker (checker.hpp) checks the
// translation as a lesson besides; `scanviz lesson check` runs both.
#pragma once

#include <string>
#include <vector>

#include "lesson.hpp"

namespace scanviz::lessons {

// Whether a translation translates the values of `key` (title prerequisites outcomes
// text ask hint); every other key, known to the parser now or later, keeps its value.
bool is_translated_key(const std::string& key);

// Every way `translation` departs from `original`, one line each, "FILE:LINE: ..." with
// FILE:LINE in the translation (a missing step is reported where it should be, naming
// the original's FILE:LINE); empty when it shadows its original. Refused: a missing or
// added step; a key missing, added or moved; a key that is not translated with another
// value (a question of another kind said so); another number of paragraphs in a step;
// a translated value with other placeholders, or left empty; a step heading that lost
// or gained its title.
std::vector<std::string> check_shadow(const Lesson& translation, const Lesson& original);

// The same for two files. A translation that does not parse gives its parse error as
// the only line, an original that does not, one line at the translation's line 1.
std::vector<std::string> check_shadow_files(const std::string& translation_path, const std::string& original_path);

}  // namespace scanviz::lessons
