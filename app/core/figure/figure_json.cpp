#include "core/figure/figure_json.hpp"

#include "core/figure/legible.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>
#include <stdexcept>
#include <vector>

namespace scanviz::figure {

double json_length(float v) { return std::round(static_cast<double>(v) * 100.0) / 100.0; }

int palette_index(nlohmann::json& scene_json, uint32_t colour) {
    nlohmann::json& palette = scene_json["palette"];
    for (size_t i = 0; i < palette.size(); ++i)
        if (palette[i].get<uint32_t>() == colour) return static_cast<int>(i);
    palette.push_back(colour);
    return static_cast<int>(palette.size()) - 1;
}

namespace {

// JSON text written into one buffer, grown in large steps (appending to std::string a
// character at a time, and std::to_string's printf, were most of the writer's time in the
// WebAssembly build).
class JsonText {
public:
    explicit JsonText(size_t expected = 4096) { buf_.resize(expected); }
    void ch(char c) { *room(1) = c, ++n_; }
    void raw(std::string_view s) {
        std::memcpy(room(s.size()), s.data(), s.size());
        n_ += s.size();
    }
    void integer(long long v) {
        char digits[24];
        char* end = digits + sizeof digits;
        char* p = end;
        unsigned long long u = v < 0 ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
        do {
            *--p = static_cast<char>('0' + u % 10);
            u /= 10;
        } while (u);
        if (v < 0) *--p = '-';
        raw(std::string_view(p, static_cast<size_t>(end - p)));
    }
    // A length as nlohmann::json dumps json_length(v): at most two decimals, ".0" when whole
    // (json_length's value is round(v * 100) / 100, whose shortest form has those digits).
    void length(float v) {
        const double r = std::round(static_cast<double>(v) * 100.0);
        const long long k = static_cast<long long>(std::fabs(r));
        if (std::signbit(r)) ch('-');
        integer(k / 100);
        const int cents = static_cast<int>(k % 100);
        char* p = room(3);
        p[0] = '.';
        p[1] = static_cast<char>('0' + cents / 10);
        n_ += 2;
        if (cents % 10 != 0) p[2] = static_cast<char>('0' + cents % 10), ++n_;
    }
    // A string as nlohmann::json dumps it (UTF-8 kept; quote, backslash and control
    // characters escaped).
    void string(std::string_view s) {
        char* p = room(2 + 6 * s.size());
        char* const start = p;
        *p++ = '"';
        for (const char ch : s) {
            const auto c = static_cast<unsigned char>(ch);
            if (c >= 0x20 && c != '"' && c != '\\') {
                *p++ = ch;
                continue;
            }
            *p++ = '\\';
            switch (c) {
                case '"': *p++ = '"'; break;
                case '\\': *p++ = '\\'; break;
                case '\b': *p++ = 'b'; break;
                case '\f': *p++ = 'f'; break;
                case '\n': *p++ = 'n'; break;
                case '\r': *p++ = 'r'; break;
                case '\t': *p++ = 't'; break;
                default: {
                    static const char* hex = "0123456789abcdef";
                    *p++ = 'u', *p++ = '0', *p++ = '0', *p++ = hex[c >> 4], *p++ = hex[c & 15];
                }
            }
        }
        *p++ = '"';
        n_ += static_cast<size_t>(p - start);
    }
    std::string_view view() const { return std::string_view(buf_.data(), n_); }
    bool empty() const { return n_ == 0; }
    std::string take() {
        buf_.resize(n_);
        return std::move(buf_);
    }

private:
    char* room(size_t k) {
        if (n_ + k > buf_.size()) buf_.resize(std::max(2 * buf_.size(), n_ + k + 4096));
        return buf_.data() + n_;
    }
    std::string buf_;
    size_t n_ = 0;
};

}  // namespace

std::string scene_json_text(const Scene& scene, bool with_edges) {
    // Colours are numbered as first met: in nodes, then edges, then labels (each part is
    // written on its own, then put in the order of names nlohmann::json dumps: bg, edges, h,
    // labels, nodes, palette, w, so that the text reads back and dumps the same).
    std::vector<uint32_t> palette;
    auto colour = [&palette](uint32_t c) {
        for (size_t i = 0; i < palette.size(); ++i)
            if (palette[i] == c) return static_cast<long long>(i);
        palette.push_back(c);
        return static_cast<long long>(palette.size()) - 1;
    };
    JsonText nodes(scene.nodes.size() * 64 + 16), edges(with_edges ? scene.edges.size() * 48 + 16 : 16),
        labels(scene.labels.size() * 48 + 16);
    for (const NodeInstance& n : scene.nodes) {
        if (!nodes.empty()) nodes.ch(',');
        nodes.length(n.x), nodes.ch(','), nodes.length(n.y), nodes.ch(','), nodes.length(n.w), nodes.ch(',');
        nodes.length(n.h), nodes.ch(','), nodes.integer(colour(n.fill_rgba)), nodes.ch(',');
        nodes.integer(colour(n.border_rgba)), nodes.ch(','), nodes.length(n.border_px), nodes.ch(',');
        nodes.integer(n.step), nodes.ch(','), nodes.integer(n.slot), nodes.ch(','), nodes.length(n.radius);
    }
    if (with_edges) {
        for (const EdgeInstance& e : scene.edges) {
            if (!edges.empty()) edges.ch(',');
            edges.length(e.x0), edges.ch(','), edges.length(e.y0), edges.ch(','), edges.length(e.x1), edges.ch(',');
            edges.length(e.y1), edges.ch(','), edges.integer(colour(e.rgba)), edges.ch(',');
            edges.length(e.width_px), edges.ch(','), edges.length(e.head_px);
        }
    }
    for (const TextLabel& l : scene.labels) {
        if (!labels.empty()) labels.ch(',');
        labels.length(l.x), labels.ch(','), labels.length(l.y), labels.ch(','), labels.string(l.text);
        labels.ch(','), labels.integer(colour(l.rgba)), labels.ch(','), labels.length(l.size), labels.ch(',');
        labels.ch(l.centered ? '1' : '0'), labels.ch(','), labels.integer(l.slot);
    }
    JsonText out(nodes.view().size() + edges.view().size() + labels.view().size() + 128 + palette.size() * 12);
    out.raw("{\"bg\":");
    out.integer(scene.background_rgba);
    out.raw(",\"edges\":["), out.raw(edges.view()), out.raw("],\"h\":");
    out.length(scene.height);
    out.raw(",\"labels\":["), out.raw(labels.view()), out.raw("],\"nodes\":["), out.raw(nodes.view());
    out.raw("],\"palette\":[");
    for (size_t i = 0; i < palette.size(); ++i) {
        if (i) out.ch(',');
        out.integer(palette[i]);
    }
    out.raw("],\"w\":");
    out.length(scene.width);
    out.ch('}');
    return out.take();
}

nlohmann::json scene_to_json(const Scene& scene, bool with_edges) {
    return nlohmann::json::parse(scene_json_text(scene, with_edges));
}

std::string json_object_text(const nlohmann::json& object,
                             const std::vector<std::pair<std::string, std::string>>& raw) {
    if (!object.is_object()) throw std::invalid_argument("json_object_text: not a JSON object");
    const std::string own = object.dump();
    size_t size = own.size() + 16;
    for (const auto& member : raw) size += member.first.size() + member.second.size() + 8;
    JsonText out(size);
    out.raw(std::string_view(own).substr(0, own.size() - 1));  // without the closing brace
    bool first = object.empty();
    for (const auto& [name, text] : raw) {
        if (!first) out.ch(',');
        first = false;
        out.string(name);
        out.ch(':');
        out.raw(text);
    }
    out.ch('}');
    return out.take();
}

nlohmann::json style_to_json(const SceneStyle& s) {
    return {{"border_px", s.border_px},
            {"edge_px", s.edge_px},
            {"head_px", s.head_px},
            {"text", s.text},
            {"muted_text", s.muted_text},
            {"cell_fill", s.cell_fill},
            {"cell_border", s.cell_border},
            {"written_fill", s.written_fill},
            {"written_border", s.written_border},
            {"selected_border", s.selected_border},
            {"cone_fill", s.cone_fill},
            {"reach_fill", s.reach_fill},
            {"edge_dim", s.edge_dim},
            {"edge_lit", s.edge_lit},
            {"current_row", s.current_row},
            // The smallest scale at which cells and values stay legible (legible.hpp): the
            // page scrolls a figure rather than shrink it below this.
            {"legible_zoom", legible_zoom(s)}};
}

}  // namespace scanviz::figure
