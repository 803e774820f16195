#include "drawn_text.hpp"

#include <imgui.h>

#include <string>

namespace scanviz::ui {
namespace {

bool g_recording = false;
int g_code_depth = 0;
std::set<std::string> g_drawn, g_frame;

void note(const char* begin, const char* end) {
    if (!g_recording || g_code_depth > 0 || begin == nullptr) return;
    if (end == nullptr) end = begin + std::char_traits<char>::length(begin);
    // Numbers and symbols read the same in every language: only runs with a Latin letter are kept.
    for (const char* c = begin; c < end; ++c)
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')) {
            g_drawn.emplace(begin, end);
            g_frame.emplace(begin, end);
            return;
        }
}

}  // namespace

void record_drawn_text(bool on) { g_recording = on; }

void begin_frame_drawn_text() { g_frame.clear(); }
const std::set<std::string>& drawn_text_this_frame() { return g_frame; }

std::set<std::string> take_drawn_text() {
    std::set<std::string> out;
    out.swap(g_drawn);
    return out;
}

NotRecorded::NotRecorded() { ++g_code_depth; }
void note_drawn_text(const std::string& text) { note(text.data(), text.data() + text.size()); }
NotRecorded::~NotRecorded() { --g_code_depth; }

}  // namespace scanviz::ui

// The wrapped ImDrawList::AddText overloads (the mangled names the link's --wrap names). A member
// function takes `this` as its first argument, so these are its signature as free functions.
extern "C" {
void __real__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(ImDrawList*, const ImFont*, float,
                                                                          const ImVec2&, ImU32, const char*,
                                                                          const char*, float, const ImVec4*);
void __real__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(ImDrawList*, const ImVec2&, ImU32, const char*, const char*);

void __wrap__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(ImDrawList* list, const ImFont* font,
                                                                          float size, const ImVec2& pos, ImU32 col,
                                                                          const char* begin, const char* end,
                                                                          float wrap_width, const ImVec4* clip) {
    scanviz::ui::note(begin, end);
    __real__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(list, font, size, pos, col, begin, end,
                                                                         wrap_width, clip);
}

void __wrap__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(ImDrawList* list, const ImVec2& pos, ImU32 col,
                                                     const char* begin, const char* end) {
    scanviz::ui::note(begin, end);
    __real__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(list, pos, col, begin, end);
}
}
