#include "render/export.hpp"

#include <stb_image_write.h>
#include <stb_truetype.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <utility>

#include "core/common/output.hpp"

namespace scanviz::render {
namespace {

std::vector<uint32_t> decode_utf8(const std::string& s) {
    std::vector<uint32_t> out;
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        int extra = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
        if (extra < 0 || i + extra >= s.size() + (extra == 0 ? 1 : 0)) {
            out.push_back('?');
            ++i;
            continue;
        }
        uint32_t cp = extra == 0 ? c : c & (0x3f >> extra);
        for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
        out.push_back(cp);
        i += extra + 1;
    }
    return out;
}

// One TrueType file through stb_truetype.
struct Face {
    std::string data;
    stbtt_fontinfo info{};
    bool loaded = false;
    bool load(const std::string& path, std::string* error) {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            if (error) *error = "cannot read the label font " + path + " (package fonts-dejavu-core)";
            return false;
        }
        data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
        const int offset = stbtt_GetFontOffsetForIndex(bytes, 0);
        if (offset < 0 || !stbtt_InitFont(&info, bytes, offset)) {
            if (error) *error = "the label font " + path + " is not a TrueType font";
            return false;
        }
        loaded = true;
        return true;
    }
    bool has(uint32_t cp) const { return loaded && stbtt_FindGlyphIndex(&info, static_cast<int>(cp)) != 0; }
};

// DejaVu Sans through stb_truetype, with the CJK font for the glyphs DejaVu lacks (Chinese
// labels: the PNG shows what the window and the SVG show), rasterised glyphs cached per size.
class FontRasterizer {
public:
    bool load(const char* path, std::string* error) {
        if (!main_.load(path, error)) return false;
        stbtt_GetFontVMetrics(&main_.info, &ascent_, &descent_, &line_gap_);
        const std::string cjk = cjk_font_file();
        if (!cjk.empty()) (void)cjk_.load(cjk, nullptr);  // without it, Chinese is left out as before
        return true;
    }

    float width(const std::vector<uint32_t>& text, float px) const {
        float w = 0;
        for (size_t i = 0; i < text.size(); ++i) {
            const Face& f = face(text[i]);
            const float scale = stbtt_ScaleForPixelHeight(&f.info, px);
            int advance = 0, lsb = 0;
            stbtt_GetCodepointHMetrics(&f.info, static_cast<int>(text[i]), &advance, &lsb);
            w += advance * scale;
            if (i + 1 < text.size() && &f == &main_ && &face(text[i + 1]) == &main_)
                w += scale * stbtt_GetCodepointKernAdvance(&main_.info, text[i], text[i + 1]);
        }
        return w;
    }

    // Draws text with its top-left at (x, y) pixels, blending colour over the image.
    void draw(const std::vector<uint32_t>& text, float x, float y, float px, uint32_t colour, uint8_t* rgba,
              int w, int h) {
        const float scale = stbtt_ScaleForPixelHeight(&main_.info, px);
        const int baseline = static_cast<int>(std::lround(y + ascent_ * scale));
        const int size_key = static_cast<int>(std::lround(px * 4));
        float pen = x;
        for (size_t i = 0; i < text.size(); ++i) {
            const Glyph& g = glyph(text[i], size_key, px);
            const int gx = static_cast<int>(std::lround(pen)) + g.x0, gy = baseline + g.y0;
            for (int row = 0; row < g.h; ++row) {
                const int py = gy + row;
                if (py < 0 || py >= h) continue;
                for (int col = 0; col < g.w; ++col) {
                    const int px_ = gx + col;
                    if (px_ < 0 || px_ >= w) continue;
                    const float a = g.bitmap[row * g.w + col] / 255.0f * figure::channel(colour, 3);
                    if (a <= 0) continue;
                    uint8_t* d = rgba + (static_cast<size_t>(py) * w + px_) * 4;
                    for (int c = 0; c < 3; ++c)
                        d[c] = static_cast<uint8_t>(
                            std::lround(d[c] * (1 - a) + figure::channel(colour, c) * 255.0f * a));
                    d[3] = static_cast<uint8_t>(std::lround(d[3] * (1 - a) + 255.0f * a));
                }
            }
            pen += g.advance;
            if (i + 1 < text.size() && &face(text[i]) == &main_ && &face(text[i + 1]) == &main_)
                pen += scale * stbtt_GetCodepointKernAdvance(&main_.info, text[i], text[i + 1]);
        }
    }

    float ascent_px(float px) const { return ascent_ * stbtt_ScaleForPixelHeight(&main_.info, px); }
    float height_px(float px) const { return (ascent_ - descent_) * stbtt_ScaleForPixelHeight(&main_.info, px); }

private:
    struct Glyph {
        int x0 = 0, y0 = 0, w = 0, h = 0;
        float advance = 0;
        std::vector<uint8_t> bitmap;
    };
    // The font that draws cp: DejaVu Sans, or the CJK font where DejaVu has no glyph.
    const Face& face(uint32_t cp) const { return !main_.has(cp) && cjk_.has(cp) ? cjk_ : main_; }
    const Glyph& glyph(uint32_t cp, int size_key, float px) {
        auto key = std::pair{cp, size_key};
        auto it = cache_.find(key);
        if (it != cache_.end()) return it->second;
        const Face& f = face(cp);
        const float scale = stbtt_ScaleForPixelHeight(&f.info, px);
        const int c = static_cast<int>(cp);
        Glyph g;
        int x1 = 0, y1 = 0, advance = 0, lsb = 0;
        stbtt_GetCodepointBitmapBox(&f.info, c, scale, scale, &g.x0, &g.y0, &x1, &y1);
        g.w = std::max(0, x1 - g.x0);
        g.h = std::max(0, y1 - g.y0);
        g.bitmap.resize(static_cast<size_t>(g.w) * g.h);
        if (g.w > 0 && g.h > 0) stbtt_MakeCodepointBitmap(&f.info, g.bitmap.data(), g.w, g.h, g.w, scale, scale, c);
        stbtt_GetCodepointHMetrics(&f.info, c, &advance, &lsb);
        g.advance = advance * scale;
        return cache_.emplace(key, std::move(g)).first->second;
    }

    Face main_, cjk_;
    int ascent_ = 0, descent_ = 0, line_gap_ = 0;
    std::map<std::pair<uint32_t, int>, Glyph> cache_;
};

}  // namespace

std::string cjk_font_file() {
    // $SCANVIZ_FONT_CJK names another file; set and empty, it says there is none (the tests'
    // way to see the window without the font).
    if (const char* env = std::getenv("SCANVIZ_FONT_CJK")) return env;
#ifdef SCANVIZ_FONT_CJK
    return SCANVIZ_FONT_CJK;
#else
    return "";
#endif
}

bool rasterize_labels(const figure::Scene& scene, const figure::Camera& camera, uint8_t* rgba, int width_px,
                      int height_px, std::string* error, float min_px) {
    FontRasterizer font;
    if (!font.load(SCANVIZ_FONT_SANS, error)) return false;
    for (const figure::TextLabel& label : scene.labels) {
        const float px = label.size * camera.zoom;
        if (px < min_px || label.text.empty()) continue;
        const auto text = decode_utf8(label.text);
        float x = camera.to_px_x(label.x), y = camera.to_px_y(label.y);
        if (label.centered) {
            x -= font.width(text, px) * 0.5f;
            y -= font.height_px(px) * 0.5f;
        } else if (label.right) {
            x -= font.width(text, px);
        }
        if (y > height_px || y + px * 1.5f < 0 || x > width_px) continue;
        font.draw(text, x, y, px, label.rgba, rgba, width_px, height_px);
    }
    return true;
}

bool render_image(SceneRenderer& renderer, const figure::Scene& scene, int width_px, int height_px,
                  std::vector<uint8_t>& rgba_out, std::string* error, const figure::Camera* view) {
    if (!renderer.initialized()) {
        if (error) *error = "export: the renderer is not initialised";
        return false;
    }
    if (width_px < 1 || height_px < 1 || width_px > renderer.max_size() || height_px > renderer.max_size()) {
        if (error)
            *error = "export: image size " + std::to_string(width_px) + "x" + std::to_string(height_px) +
                     " is out of range (1.." + std::to_string(renderer.max_size()) + " pixels a side)";
        return false;
    }
    const figure::Camera camera =
        view ? *view : figure::fit_camera(scene, width_px, height_px, 0.01f * std::min(width_px, height_px));
    if (!renderer.render(scene, camera, width_px, height_px)) {
        if (error)
            *error = "export: OpenGL could not draw a " + std::to_string(width_px) + "x" +
                     std::to_string(height_px) + " image";
        return false;
    }
    int w = 0, h = 0;
    rgba_out = renderer.read_rgba(w, h);
    if (w != width_px || h != height_px) {
        if (error) *error = "export: reading the image back failed";
        return false;
    }
    return rasterize_labels(scene, camera, rgba_out.data(), w, h, error);
}

bool write_png(const std::string& path, const uint8_t* rgba, int width_px, int height_px, std::string* error) {
    std::string bytes;
    auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<size_t>(size));
    };
    if (!stbi_write_png_to_func(append, &bytes, width_px, height_px, 4, rgba, width_px * 4)) {
        if (error) *error = "cannot encode the PNG for " + path;
        return false;
    }
    try {
        write_file_atomically(path, bytes);
    } catch (const std::exception& e) {
        if (error) *error = e.what();
        return false;
    }
    return true;
}

bool export_png(SceneRenderer& renderer, const figure::Scene& scene, int width_px, int height_px,
                const std::string& path, std::string* error, const figure::Camera* camera) {
    std::vector<uint8_t> pixels;
    if (!render_image(renderer, scene, width_px, height_px, pixels, error, camera)) return false;
    if (!write_png(path, pixels.data(), width_px, height_px, error)) {
        if (error) *error = "export: " + *error;
        return false;
    }
    return true;
}

}  // namespace scanviz::render
