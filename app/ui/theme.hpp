// Fonts and colours of the window: normal, and presentation mode (large type,
// high contrast) for lecture halls.
#pragma once

#include <imgui.h>

#include <string>

#include "core/figure/trace_scene.hpp"

namespace scanviz::ui {

struct Fonts {
    ImFont* sans = nullptr;
    ImFont* sans_large = nullptr;
    ImFont* mono = nullptr;
    ImFont* mono_large = nullptr;
    std::string warning;  // a font file that could not be read (ImGui's own font stands in)
    bool chinese = false;     // the Chinese font was found and merged in
    int cjk_glyphs = 0;       // how many of its glyphs the atlas holds
    std::string cjk_missing;  // why there is no Chinese font, when there is none

    ImFont* ui(bool presentation) const { return presentation ? sans_large : sans; }
    ImFont* code(bool presentation) const { return presentation ? mono_large : mono; }
};

inline constexpr float kSansPx = 15.0f;
inline constexpr float kSansLargePx = 24.0f;
inline constexpr float kMonoPx = 14.0f;
inline constexpr float kMonoLargePx = 22.0f;

// Loads DejaVu Sans and Sans Mono (SCANVIZ_FONT_SANS / _MONO) at both sizes into the
// current ImGui context's atlas (cleared first), each with WenQuanYi Micro Hei's glyphs
// (SCANVIZ_FONT_CJK) merged in: in Chinese those of the catalog and the Chinese lessons,
// in English only the language menu's names.
Fonts load_fonts();
// The text whose Chinese glyphs the atlas needs, in the current language.
std::string chinese_glyph_text();

// ImGui colours and spacing for the mode.
void apply_style(bool presentation);

// The scene style that goes with the mode.
figure::SceneStyle scene_style(bool presentation);

// Colours used by several views.
ImU32 error_colour(bool presentation);
ImU32 highlight_line_colour(bool presentation);
ImVec4 badge_colour(bool presentation);

}  // namespace scanviz::ui
