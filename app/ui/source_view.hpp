// Source view: the variant's kernel file from kernels/ (embedded at build
// time), the lines tagged `// step: <phase>` for the current step's phase
// highlighted and scrolled into view.
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

    void Init(const Fonts* fonts) { fonts_ = fonts; }
    void Update(const App& app);
    void Draw(App& app);

private:
    const Fonts* fonts_ = nullptr;
    std::string variant_;
    std::string phase_ = "\x01";
    bool scroll_pending_ = false;
};

}  // namespace scanviz::ui
