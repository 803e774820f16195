#include "core/figure/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>
#include "core/common/output.hpp"

namespace scanviz::figure {
namespace {

void xml_escape(std::ostringstream& out, const std::string& s) {
    for (char c : s) {
        switch (c) {
            case '&':
                out << "&amp;";
                break;
            case '<':
                out << "&lt;";
                break;
            case '>':
                out << "&gt;";
                break;
            case '"':
                out << "&quot;";
                break;
            default:
                out << c;
        }
    }
}

std::string svg_num(float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

std::string svg_rgb(uint32_t c) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c & 0xffu, (c >> 8) & 0xffu, (c >> 16) & 0xffu);
    return buf;
}

}  // namespace

std::string scene_to_svg(const Scene& scene) {
    std::ostringstream out;
    const std::string w = svg_num(scene.width), h = svg_num(scene.height);
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w << "\" height=\"" << h
        << "\" viewBox=\"0 0 " << w << ' ' << h << "\">\n";
    // One arrow marker per (colour, head length) in use; the marker's size is in user units (pixels at zoom
    // 1).
    std::map<std::pair<uint32_t, int>, int> markers;
    for (const EdgeInstance& e : scene.edges)
        if (e.head_px > 0)
            markers.emplace(std::pair{e.rgba, static_cast<int>(std::lround(e.head_px * 4))}, 0);
    out << "<defs>\n";
    int next = 0;
    for (auto& [key, id] : markers) {
        id = next++;
        const float len = key.second / 4.0f, half = len * 0.45f;
        out << "<marker id=\"arrow" << id << "\" markerUnits=\"userSpaceOnUse\" markerWidth=\""
            << svg_num(len) << "\" markerHeight=\"" << svg_num(2 * half) << "\" refX=\"" << svg_num(len)
            << "\" refY=\"" << svg_num(half) << "\" orient=\"auto\"><path d=\"M0,0 L" << svg_num(len) << ','
            << svg_num(half) << " L0," << svg_num(2 * half) << " z\" fill=\"" << svg_rgb(key.first)
            << "\" fill-opacity=\"" << svg_num(channel(key.first, 3)) << "\"/></marker>\n";
    }
    out << "</defs>\n";
    out << "<rect id=\"background\" x=\"0\" y=\"0\" width=\"" << w << "\" height=\"" << h << "\" fill=\""
        << svg_rgb(scene.background_rgba) << "\"/>\n";
    out << "<g id=\"nodes\">\n";
    for (const NodeInstance& n : scene.nodes) {
        out << "<rect x=\"" << svg_num(n.x) << "\" y=\"" << svg_num(n.y) << "\" width=\"" << svg_num(n.w)
            << "\" height=\"" << svg_num(n.h) << "\" rx=\"" << svg_num(n.radius * std::min(n.w, n.h))
            << "\" fill=\"" << svg_rgb(n.fill_rgba) << "\"";
        if (channel(n.fill_rgba, 3) < 1.0f)
            out << " fill-opacity=\"" << svg_num(channel(n.fill_rgba, 3)) << "\"";
        if (n.border_px > 0)
            out << " stroke=\"" << svg_rgb(n.border_rgba) << "\" stroke-width=\"" << svg_num(n.border_px)
                << "\"";
        out << "/>\n";
    }
    out << "</g>\n<g id=\"edges\" stroke-linecap=\"round\">\n";
    for (const EdgeInstance& e : scene.edges) {
        out << "<line x1=\"" << svg_num(e.x0) << "\" y1=\"" << svg_num(e.y0) << "\" x2=\"" << svg_num(e.x1)
            << "\" y2=\"" << svg_num(e.y1) << "\" stroke=\"" << svg_rgb(e.rgba) << "\" stroke-width=\""
            << svg_num(e.width_px) << "\"";
        if (channel(e.rgba, 3) < 1.0f) out << " stroke-opacity=\"" << svg_num(channel(e.rgba, 3)) << "\"";
        if (e.head_px > 0)
            out << " marker-end=\"url(#arrow"
                << markers[std::pair{e.rgba, static_cast<int>(std::lround(e.head_px * 4))}] << ")\"";
        out << "/>\n";
    }
    out << "</g>\n<g id=\"labels\" font-family=\"DejaVu Sans, sans-serif\">\n";
    for (const TextLabel& l : scene.labels) {
        // SVG places text by its baseline: about 0.76 em below the top for DejaVu Sans.
        const float y = l.centered ? l.y + l.size * 0.36f : l.y + l.size * 0.76f;
        out << "<text x=\"" << svg_num(l.x) << "\" y=\"" << svg_num(y) << "\" font-size=\"" << svg_num(l.size)
            << "\" fill=\"" << svg_rgb(l.rgba) << "\"";
        if (l.centered) out << " text-anchor=\"middle\"";
        out << '>';
        xml_escape(out, l.text);
        out << "</text>\n";
    }
    out << "</g>\n</svg>\n";
    return out.str();
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
