#include "theme.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/common/assets.hpp"
#include "core/i18n/i18n.hpp"
#include "render/export.hpp"

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

// The Chinese glyphs, merged into a font just added: every code point past Latin-1 that the
// text uses (the ideographs, the full-width punctuation, and the quotes and dashes the Chinese
// prose uses); DejaVu is loaded with its default ranges, Latin and Latin-1, which stay its own.
void merge_cjk(const char* path, float px, const ImWchar* ranges) {
    ImFontConfig config;
    config.MergeMode = true;
    config.OversampleH = 1;  // ideographs are dense: 1x keeps the atlas small and sharp enough
    config.PixelSnapH = true;
    ImGui::GetIO().Fonts->AddFontFromFileTTF(path, px, &config, ranges);
}

std::string read_file(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Decodes UTF-8 and adds each code point past Latin-1 of `text` to the builder.
void add_cjk_chars(ImFontGlyphRangesBuilder& b, const std::string& text) {
    for (size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        unsigned cp = 0;
        int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
        if (len == 1 || i + static_cast<size_t>(len) > text.size()) {
            ++i;
            continue;
        }
        cp = c & (0xff >> (len + 1));
        for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3f);
        i += static_cast<size_t>(len);
        if (cp > 0xFF && cp <= 0xFFFF) b.AddChar(static_cast<ImWchar>(cp));
    }
}

}  // namespace

std::string chinese_glyph_text() {
    // The language menu's names ("Language / 语言", "中文 (简体)"), shown in every language.
    std::string text = "语言中文简体";
    if (i18n::language() != i18n::Language::Zh) return text;
    text += i18n::catalog_text();
    std::error_code ec;
    const std::filesystem::path dir = asset_path("lessons/zh_CN");
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.path().extension() == ".lesson") text += read_file(e.path());
    return text;
}

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
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    const std::string cjk = render::cjk_font_file();
    std::error_code ec;
    const bool have_cjk = !cjk.empty() && std::filesystem::is_regular_file(cjk, ec);
    static ImVector<ImWchar> ranges;  // read when the atlas is built: it must outlive this call
    ranges.clear();
    if (have_cjk) {
        ImFontGlyphRangesBuilder builder;
        add_cjk_chars(builder, chinese_glyph_text());
        builder.BuildRanges(&ranges);
        f.cjk_glyphs = 0;
        for (int i = 0; i + 1 < ranges.Size; i += 2) f.cjk_glyphs += ranges[i + 1] - ranges[i] + 1;
    }
    auto with_cjk = [&](ImFont* font, float px) {
        if (have_cjk && ranges.Size > 1) merge_cjk(cjk.c_str(), px, ranges.Data);
        return font;
    };
    f.sans = with_cjk(add_font(sans, kSansPx, f.warning), kSansPx);  // first added: ImGui's default
    f.sans_large = with_cjk(add_font(sans, kSansLargePx, f.warning), kSansLargePx);
    f.mono = with_cjk(add_font(mono, kMonoPx, f.warning), kMonoPx);
    f.mono_large = with_cjk(add_font(mono, kMonoLargePx, f.warning), kMonoLargePx);
    f.chinese = have_cjk;
    if (!have_cjk) f.cjk_missing = "no Chinese font (" + (cjk.empty() ? std::string("fonts-wqy-microhei is not installed") : cjk + " is missing") + ")";
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
