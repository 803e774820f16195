// Every string the window draws, recorded for a scripted run's state dump, so a test can read
// what reached the screen and not only what went through the catalog (a label that bypasses
// i18n::tr shows up here too).
//
// Dear ImGui draws every glyph run through ImDrawList::AddText, ours and its own widgets' alike.
// The link wraps both overloads (--wrap, app/ui/CMakeLists.txt); the wrappers record the text while
// recording is on and then draw it as before.
#pragma once

#include <set>
#include <string>

namespace scanviz::ui {

void record_drawn_text(bool on);

// The texts drawn since the last take, less those drawn inside a NotRecorded.
std::set<std::string> take_drawn_text();
// The frame's own (a dump between frames reads the last frame's: what is on screen now).
void begin_frame_drawn_text();
const std::set<std::string>& drawn_text_this_frame();

// What is drawn while one of these is alive is not recorded: code, SASS, file paths and quoted
// file lines (the same in every language), the lines of a paragraph recorded whole before it
// was wrapped (note_drawn_text), and a lesson's narration (checked as a translation of its
// English original by `scanviz lesson check`).
class NotRecorded {
public:
    NotRecorded();
    ~NotRecorded();
    NotRecorded(const NotRecorded&) = delete;
    NotRecorded& operator=(const NotRecorded&) = delete;
};

// Records a text as drawn (a paragraph whose lines are then drawn one by one under NotRecorded).
void note_drawn_text(const std::string& text);

}  // namespace scanviz::ui
