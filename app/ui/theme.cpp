#include "theme.hpp"

#include <filesystem>

namespace scanviz::ui {
namespace {

ImFont* add_font(const char* path, float px, std::string& warning) {
    ImGuiIO& io = ImGui::GetIO();
    std::error_code ec;
    if (path && std::filesystem::exists(path, ec)) {
        if (ImFont* f = io.Fonts->AddFontFromFileTTF(path, px)) return f;
    }
    if (warning.empty()) warning = std::string("font not found: ") + (path ? path : "(none)");
    ImFontConfig config;
    config.SizePixels = px;
    return io.Fonts->AddFontDefault(&config);
}

}  // namespace

Fonts load_fonts() {
    Fonts f;
#ifdef SCANVIZ_FONT_SANS
    const char* sans = SCANVIZ_FONT_SANS;
#else
    const char* sans = nullptr;
#endif
#ifdef SCANVIZ_FONT_MONO
    const char* mono = SCANVIZ_FONT_MONO;
#else
    const char* mono = nullptr;
#endif
    f.sans = add_font(sans, kSansPx, f.warning);  // first added: ImGui's default
    f.sans_large = add_font(sans, kSansLargePx, f.warning);
    f.mono = add_font(mono, kMonoPx, f.warning);
    f.mono_large = add_font(mono, kMonoLargePx, f.warning);
    return f;
}

void apply_style(bool presentation) {
    ImGuiStyle& style = ImGui::GetStyle();
    style = ImGuiStyle();
    if (presentation) {
        // High contrast: black ground, white text, saturated accents.
        ImGui::StyleColorsDark(&style);
        ImVec4* c = style.Colors;
        c[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
        c[ImGuiCol_WindowBg] = ImVec4(0, 0, 0, 1);
        c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 1);
        c[ImGuiCol_TitleBg] = ImVec4(0.10f, 0.10f, 0.10f, 1);
        c[ImGuiCol_TitleBgActive] = ImVec4(0.15f, 0.15f, 0.30f, 1);
        c[ImGuiCol_FrameBg] = ImVec4(0.18f, 0.18f, 0.18f, 1);
        c[ImGuiCol_Button] = ImVec4(0.10f, 0.30f, 0.75f, 1);
        c[ImGuiCol_ButtonHovered] = ImVec4(0.20f, 0.45f, 0.95f, 1);
        c[ImGuiCol_Border] = ImVec4(0.8f, 0.8f, 0.8f, 1);
        style.FrameBorderSize = 1.0f;
        style.WindowBorderSize = 2.0f;
        style.FramePadding = ImVec2(8, 5);
        style.ItemSpacing = ImVec2(10, 6);
    } else {
        ImGui::StyleColorsLight(&style);
        style.FramePadding = ImVec2(6, 3);
        style.ItemSpacing = ImVec2(8, 4);
        style.WindowBorderSize = 1.0f;
    }
    style.WindowRounding = 0.0f;
    style.FrameRounding = 3.0f;
}

figure::SceneStyle scene_style(bool presentation) {
    return presentation ? figure::SceneStyle::presentation_style() : figure::SceneStyle{};
}

ImU32 error_colour(bool presentation) {
    return presentation ? IM_COL32(255, 90, 90, 255) : IM_COL32(200, 20, 20, 255);
}

ImU32 highlight_line_colour(bool presentation) {
    return presentation ? IM_COL32(120, 90, 0, 255) : IM_COL32(255, 226, 140, 255);
}

ImVec4 badge_colour(bool presentation) {
    return presentation ? ImVec4(1.0f, 0.8f, 0.2f, 1.0f) : ImVec4(0.6f, 0.3f, 0.0f, 1.0f);
}

}  // namespace scanviz::ui
