// Source view: the variant's kernel file from kernels/ (embedded at build
// time), the lines tagged `// step: <phase>` for the current step's phase
// highlighted and scrolled into view. It shows the kernel as a student reads it,
// the probe calls and the race lab's switches folded away (sass::fold_instrumentation),
// unless "show instrumentation" is on; the line numbers are the file's either way.
#pragma once

#include <string>
#include <vector>

#include "app.hpp"
#include "theme.hpp"

namespace scanviz::ui {

struct SourceLine {
    std::string text;
    std::vector<std::string> tags;  // the entries of its `// step: a, b` tag (sass::tag_names_phase)
};

// Splits a file into lines and reads their `// step: a, b (remark)` tags.
std::vector<SourceLine> parse_source(const char* text);

struct SourceView {
    std::string path;  // the file shown
    std::vector<SourceLine> lines;
    std::string missing;           // why no file is shown
    std::vector<int> highlighted;  // 0-based lines of the current phase (for the state dump)
    // What is drawn: the file's lines (0-based) in order, all of them or the folded view's.
    std::vector<int> shown;
    std::vector<std::string> shown_text;  // their text as drawn (a folded line may be rewritten)
    bool folded = false;  // whether `shown` is the folded view

    void Init(const Fonts* fonts) { fonts_ = fonts; }
    void Update(const App& app);
    void Draw(App& app);

private:
    const Fonts* fonts_ = nullptr;
    std::string variant_;
    std::string phase_ = "\x01";
    bool scroll_pending_ = false;
    std::string shown_for_;  // the file and the toggle `shown` was made for
};

}  // namespace scanviz::ui
