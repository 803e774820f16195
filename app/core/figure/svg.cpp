#include "core/figure/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string_view>
#include <utility>

#include "core/common/output.hpp"

namespace scanviz::figure {
namespace {

// The SVG text, appended to one string (a page's view of a diagram window is some 100 kB).
class Out {
public:
    explicit Out(size_t expected) { s_.reserve(expected); }
    Out& operator<<(std::string_view t) {
        s_.append(t);
        return *this;
    }
    Out& operator<<(char c) {
        s_.push_back(c);
        return *this;
    }
    Out& operator<<(int v) {
        char buf[16];
        const int n = std::snprintf(buf, sizeof buf, "%d", v);
        s_.append(buf, static_cast<size_t>(n));
        return *this;
    }
    // A length or a coordinate to 1/100, rounded half away from zero, in its shortest form
    // ("12.3", "13", "0.05"): what the page's numbers always were.
    Out& num(double v) {
        const double hundredths = std::round(v * 100.0);
        if (hundredths == 0) return *this << '0';
        char buf[40];
        int n = std::snprintf(buf, sizeof buf, "%.2f", hundredths / 100.0);
        while (n > 0 && buf[n - 1] == '0') --n;
        if (n > 0 && buf[n - 1] == '.') --n;
        s_.append(buf, static_cast<size_t>(n));
        return *this;
    }
    Out& rgb(uint32_t c) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c & 0xffu, (c >> 8) & 0xffu, (c >> 16) & 0xffu);
        s_.append(buf, 7);
        return *this;
    }
    // name="value"
    Out& attr(std::string_view name, double v) {
        *this << ' ' << name << "=\"";
        return num(v) << '"';
    }
    Out& attr(std::string_view name, std::string_view v) { return *this << ' ' << name << "=\"" << v << '"'; }
    // fill="#rrggbb" and, when not opaque, fill-opacity (stroke likewise).
    Out& paint(std::string_view what, uint32_t c) {
        *this << ' ' << what << "=\"";
        rgb(c) << '"';
        if (channel(c, 3) < 1.0f) {
            *this << ' ' << what << "-opacity=\"";
            num(channel(c, 3)) << '"';
        }
        return *this;
    }
    Out& role(Role r) {
        if (r != Role::None) attr("class", role_name(r));
        return *this;
    }
    Out& text(std::string_view t) {
        for (char c : t) {
            switch (c) {
                case '&':
                    s_.append("&amp;");
                    break;
                case '<':
                    s_.append("&lt;");
                    break;
                case '>':
                    s_.append("&gt;");
                    break;
                case '"':
                    s_.append("&quot;");
                    break;
                default:
                    s_.push_back(c);
            }
        }
        return *this;
    }
    std::string take() { return std::move(s_); }

private:
    std::string s_;
};

// The region drawn: the options' clip, or everything.
struct Region {
    float x0 = -INFINITY, y0 = -INFINITY, x1 = INFINITY, y1 = INFINITY;
    bool meets(float a0, float b0, float a1, float b1) const {
        return a0 <= x1 && b0 <= y1 && a1 >= x0 && b1 >= y0;
    }
};

bool in(const Region& r, const NodeInstance& n) { return r.meets(n.x, n.y, n.x + n.w, n.y + n.h); }
bool in(const Region& r, const EdgeInstance& e) {
    return r.meets(std::min(e.x0, e.x1), std::min(e.y0, e.y1), std::max(e.x0, e.x1), std::max(e.y0, e.y1));
}
bool in(const Region& r, const PathInstance& p) {
    if (p.xy.size() < 2) return false;
    float a0 = p.xy[0], b0 = p.xy[1], a1 = a0, b1 = b0;
    for (size_t i = 2; i + 1 < p.xy.size(); i += 2) {
        a0 = std::min(a0, p.xy[i]), a1 = std::max(a1, p.xy[i]);
        b0 = std::min(b0, p.xy[i + 1]), b1 = std::max(b1, p.xy[i + 1]);
    }
    return r.meets(a0 - p.dot_radius, b0 - p.dot_radius, a1 + p.dot_radius, b1 + p.dot_radius);
}
// A label's extent is not measured (no font here): a generous guess of its width, so that
// what may show is drawn.
bool in(const Region& r, const TextLabel& l) {
    const float half = l.size * (0.4f + 0.32f * static_cast<float>(l.text.size()));
    const float a0 = l.centered ? l.x - half : l.right ? l.x - 2 * half : l.x;
    return r.meets(a0, l.y - l.size, a0 + 2 * half, l.y + l.size);
}

// An arrow head's marker: its colour and length (in quarter pixels).
using MarkerKey = std::pair<uint32_t, int>;
MarkerKey marker_key(const EdgeInstance& e) { return {e.rgba, static_cast<int>(std::lround(e.head_px * 4))}; }

}  // namespace

std::string scene_to_svg(const Scene& scene, const SvgOptions& o) {
    Region region;
    if (o.clip) region = Region{o.x0, o.y0, o.x1, o.y1};
    Out out(4096 + scene.nodes.size() * 160 + scene.edges.size() * 150 + scene.labels.size() * 110);
    if (o.xml_declaration) out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\"";
    out.attr("width", scene.width * o.scale).attr("height", scene.height * o.scale);
    out << " viewBox=\"0 0 ";
    out.num(scene.width) << ' ';
    out.num(scene.height) << "\" role=\"img\"";
    if (!scene.description.empty()) {
        out << " aria-label=\"";
        out.text(scene.description) << '"';
    }
    out << ">\n";

    // One arrow marker per (colour, head length) the edges drawn use; its size is in user units
    // (pixels at zoom 1).
    std::map<MarkerKey, int> markers;
    for (const EdgeInstance& e : scene.edges)
        if (e.head_px > 0 && in(region, e)) markers.emplace(marker_key(e), 0);
    out << "<defs>\n";
    int next = 0;
    for (auto& [key, id] : markers) {
        id = next++;
        const float len = key.second / 4.0f, half = len * 0.45f;
        out << "<marker id=\"" << o.id_prefix << "arrow" << id << "\" markerUnits=\"userSpaceOnUse\"";
        out.attr("markerWidth", len).attr("markerHeight", 2 * half).attr("refX", len).attr("refY", half);
        out << " orient=\"auto\"><path d=\"M0,0 L";
        out.num(len) << ',';
        out.num(half) << " L0,";
        out.num(2 * half) << " z\" fill=\"";
        out.rgb(key.first) << '"';
        out.attr("fill-opacity", channel(key.first, 3)) << "/></marker>\n";
    }
    out << "</defs>\n";
    out << "<rect class=\"background\" x=\"0\" y=\"0\"";
    out.attr("width", scene.width).attr("height", scene.height).paint("fill", scene.background_rgba)
        << "/>\n";

    out << "<g class=\"nodes\">\n";
    for (const NodeInstance& n : scene.nodes) {
        if (!in(region, n)) continue;
        out << "<rect";
        out.attr("x", n.x).attr("y", n.y).attr("width", n.w).attr("height", n.h);
        out.attr("rx", n.radius * std::min(n.w, n.h)).paint("fill", n.fill_rgba);
        if (n.border_px > 0) out.paint("stroke", n.border_rgba).attr("stroke-width", n.border_px);
        out.role(n.role);
        if (n.slot >= 0) out << " data-step=\"" << n.step << "\" data-slot=\"" << n.slot << '"';
        out << "/>\n";
    }
    // Edges and labels lie over the cells: a click on the page goes through them to the cell.
    out << "</g>\n<g class=\"edges\" stroke-linecap=\"round\" pointer-events=\"none\">\n";
    for (size_t i = 0; i < scene.edges.size(); ++i) {
        const EdgeInstance& e = scene.edges[i];
        if (!in(region, e)) continue;
        out << "<line";
        out.attr("x1", e.x0).attr("y1", e.y0).attr("x2", e.x1).attr("y2", e.y1);
        out.paint("stroke", e.rgba).attr("stroke-width", e.width_px);
        if (e.head_px > 0)
            out << " marker-end=\"url(#" << o.id_prefix << "arrow" << markers[marker_key(e)] << ")\"";
        out.role(e.role) << " data-i=\"" << static_cast<int>(i) << "\"/>\n";
    }
    out << "</g>\n";
    if (!scene.paths.empty()) {
        out << "<g class=\"paths\" fill=\"none\" stroke-linejoin=\"round\">\n";
        for (const PathInstance& p : scene.paths) {
            if (!in(region, p)) continue;
            out << "<path d=\"";
            for (size_t i = 0; i + 1 < p.xy.size(); i += 2) {
                out << (i ? " L" : "M");
                out.num(p.xy[i]) << ',';
                out.num(p.xy[i + 1]);
            }
            out << '"';
            out.paint("stroke", p.rgba).attr("stroke-width", p.width_px);
            if (p.dash_px > 0) {
                out << " stroke-dasharray=\"";
                out.num(p.dash_px) << ' ';
                out.num(p.gap_px) << '"';
            }
            out.role(p.role);
            if (!p.variant.empty()) {
                out << " data-variant=\"";
                out.text(p.variant) << '"';
            }
            out << "/>\n";
            if (p.dot_radius > 0)
                for (size_t i = 0; i + 1 < p.xy.size(); i += 2) {
                    out << "<circle";
                    out.attr("cx", p.xy[i])
                        .attr("cy", p.xy[i + 1])
                        .attr("r", p.dot_radius)
                        .paint("fill", p.rgba);
                    out << "/>\n";
                }
        }
        out << "</g>\n";
    }
    out << "<g class=\"labels\" font-family=\"DejaVu Sans, 'WenQuanYi Micro Hei', sans-serif\" pointer-events=\"none\">\n";
    for (const TextLabel& l : scene.labels) {
        if (!in(region, l)) continue;
        // SVG places text by its baseline.
        const float y = l.y + l.size * (l.centered ? kBaselineBelowCentre : kBaselineBelowTop);
        out << "<text";
        out.attr("x", l.x).attr("y", y).attr("font-size", l.size).paint("fill", l.rgba);
        if (l.centered) out << " text-anchor=\"middle\"";
        if (l.right && !l.centered) out << " text-anchor=\"end\"";
        if (l.bold) out << " font-weight=\"bold\"";
        if (l.slot >= 0) out << " class=\"value\" data-slot=\"" << l.slot << '"';
        out << '>';
        out.text(l.text) << "</text>\n";
    }
    out << "</g>\n</svg>\n";
    return out.take();
}

bool export_svg(const Scene& scene, const std::string& path, std::string* error) {
    try {
        write_file_atomically(path, scene_to_svg(scene));
    } catch (const std::exception& e) {
        if (error) *error = std::string("export: ") + e.what();
        return false;
    }
    return true;
}

}  // namespace scanviz::figure
