// The one SVG writer (core/figure/svg.hpp): what the window's export writes and what the
// published pages draw through the WebAssembly module. Every element carries what a reader
// needs without comparing colours (roles as classes, the cell it shows, the edge's index),
// a clipped SVG holds only what lies in its region, ids take their prefix, numbers are
// rounded to 1/100 half away from zero, and text is placed by its baseline.
#include <gtest/gtest.h>

#include <string>

#include "core/analysis/diagram.hpp"
#include "core/figure/svg.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/figure/work_span_chart.hpp"
#include "support/spec_cases.hpp"

using namespace scanviz;
using namespace scanviz::test;
using namespace scanviz::figure;

namespace {

size_t count(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + what.size())) ++n;
    return n;
}

Scene small_scene() {
    Scene s;
    s.width = 300;
    s.height = 100;
    NodeInstance cell{10, 10, 26, 28, rgba(110, 170, 255), rgba(120, 128, 140), 1.0f, 2, 7};
    cell.role = Role::Cone;
    s.nodes.push_back(cell);
    s.nodes.push_back(NodeInstance{200, 10, 26, 28, rgba(236, 240, 246), 0u, 0.0f, 2, -1});  // decoration
    s.edges.push_back(EdgeInstance{23, 38, 213, 60, rgba(30, 80, 200), 2.5f, 7.0f, 1, 2, Role::Cone});
    s.edges.push_back(EdgeInstance{250, 60, 280, 90, rgba(160, 164, 172, 90), 1.25f, 0.0f, 1, 2, Role::Dim});
    s.labels.push_back(TextLabel{23, 24, "5", rgba(20, 20, 28), 14, true, 7});
    s.labels.push_back(TextLabel{5, 80, "a < b & \"c\"", rgba(110, 110, 120), 12, false});
    return s;
}

}  // namespace

TEST(Svg, EveryElementSaysWhatItIs) {
    const std::string svg = scene_to_svg(small_scene());
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
    EXPECT_NE(
        svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"100\" viewBox=\"0 0 300 "
                 "100\" role=\"img\">"),
        std::string::npos)
        << svg;
    EXPECT_NE(
        svg.find("<rect x=\"10\" y=\"10\" width=\"26\" height=\"28\" rx=\"3.9\" fill=\"#6eaaff\" "
                 "stroke=\"#78808c\" stroke-width=\"1\" class=\"cone\" data-step=\"2\" data-slot=\"7\"/>"),
        std::string::npos)
        << svg;
    // A decoration: no cell to select, no role, no border.
    EXPECT_NE(svg.find("<rect x=\"200\" y=\"10\" width=\"26\" height=\"28\" rx=\"3.9\" fill=\"#ecf0f6\"/>"),
              std::string::npos)
        << svg;
    EXPECT_NE(
        svg.find("<line x1=\"23\" y1=\"38\" x2=\"213\" y2=\"60\" stroke=\"#1e50c8\" stroke-width=\"2.5\" "
                 "marker-end=\"url(#arrow0)\" class=\"cone\" data-i=\"0\"/>"),
        std::string::npos)
        << svg;
    EXPECT_NE(
        svg.find(
            "stroke=\"#a0a4ac\" stroke-opacity=\"0.35\" stroke-width=\"1.25\" class=\"dim\" data-i=\"1\"/>"),
        std::string::npos)
        << svg;
    // Text by its baseline: 0.36 of its size below a centred label's centre, 0.76 below a top.
    EXPECT_NE(svg.find("<text x=\"23\" y=\"29.04\" font-size=\"14\" fill=\"#14141c\" text-anchor=\"middle\" "
                       "class=\"value\" data-slot=\"7\">5</text>"),
              std::string::npos)
        << svg;
    EXPECT_NE(svg.find("<text x=\"5\" y=\"89.12\" font-size=\"12\" fill=\"#6e6e78\">a &lt; b &amp; "
                       "&quot;c&quot;</text>"),
              std::string::npos)
        << svg;
    EXPECT_EQ(count(svg, "<marker "), 1u);
    EXPECT_EQ(count(svg, "<rect"), 3u);  // the background and the two nodes
    EXPECT_EQ(count(svg, "</svg>"), 1u);
}

TEST(Svg, AClippedSvgHoldsWhatLiesInItsRegionAtTheScenesSize) {
    SvgOptions o;
    o.clip = true;
    o.x0 = 0, o.y0 = 0, o.x1 = 100, o.y1 = 50;
    o.scale = 2.0f;
    o.id_prefix = "diagram-";
    o.xml_declaration = false;
    const std::string svg = scene_to_svg(small_scene(), o);
    EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
    EXPECT_NE(svg.find("width=\"600\" height=\"200\" viewBox=\"0 0 300 100\""), std::string::npos) << svg;
    EXPECT_EQ(count(svg, "data-slot=\"7\""), 2u);  // the cell and its value
    EXPECT_EQ(count(svg, "<rect"), 2u);            // the background and the cell
    EXPECT_EQ(count(svg, "<line"), 1u);            // the edge from the cell; not the one at (250, 60)
    EXPECT_NE(svg.find("data-i=\"0\""), std::string::npos);
    EXPECT_EQ(svg.find("data-i=\"1\""), std::string::npos);
    EXPECT_EQ(svg.find("a &lt; b"), std::string::npos);  // at y 80
    EXPECT_NE(svg.find("<marker id=\"diagram-arrow0\""), std::string::npos) << svg;
    EXPECT_NE(svg.find("marker-end=\"url(#diagram-arrow0)\""), std::string::npos) << svg;
    o.x0 = 240, o.y0 = 55, o.x1 = 300, o.y1 = 100;  // only the dim edge: no arrow, no marker
    const std::string corner = scene_to_svg(small_scene(), o);
    EXPECT_EQ(count(corner, "<marker "), 0u);
    EXPECT_EQ(count(corner, "<line"), 1u);
}

TEST(Svg, NumbersToAHundredthHalfAwayFromZero) {
    Scene s;
    s.width = 12345.678f;
    s.height = 0.004f;
    for (const float v : {0.125f, 0.375f, 2.5f, -3.75f, 99.995f, 1234.5f, 0.07f, 1.13f, -0.004f})
        s.edges.push_back(EdgeInstance{v, -v, 0, 0, rgba(0, 0, 0), 1.0f});
    const std::string svg = scene_to_svg(s);
    EXPECT_NE(svg.find("viewBox=\"0 0 12345.68 0\""), std::string::npos) << svg;
    for (const char* x1y1 :
         {"x1=\"0.13\" y1=\"-0.13\"", "x1=\"0.38\" y1=\"-0.38\"", "x1=\"2.5\" y1=\"-2.5\"",
          "x1=\"-3.75\" y1=\"3.75\"", "x1=\"100\" y1=\"-100\"", "x1=\"1234.5\" y1=\"-1234.5\"",
          "x1=\"0.07\" y1=\"-0.07\"", "x1=\"1.13\" y1=\"-1.13\"", "x1=\"0\" y1=\"0\""})
        EXPECT_NE(svg.find(x1y1), std::string::npos) << x1y1;
}

// The figures the window exports and the pages draw: a rect per node, a line per edge, a text
// per label; the diagram's band, cone, reach and selected value as classes.
TEST(Svg, TheDiagramsRolesAreItsClasses) {
    const Trace t = ramp_model("block_blelloch", 64);
    const DependencyGraph g(t);
    const Scene d = build_diagram_scene(t, g, 3, Selection{3, 37}, {});
    const std::string svg = scene_to_svg(d);
    EXPECT_EQ(count(svg, "<rect"), d.nodes.size() + 1);
    EXPECT_EQ(count(svg, "<line"), d.edges.size());
    EXPECT_EQ(count(svg, "<text"), d.labels.size());
    size_t cone = 0, reach = 0, selected = 0, band = 0, values = 0;
    for (const NodeInstance& n : d.nodes) {
        cone += n.role == Role::Cone;
        reach += n.role == Role::Reach;
        selected += n.role == Role::Selected;
        band += n.role == Role::Band;
    }
    for (const TextLabel& l : d.labels) values += l.slot >= 0;
    EXPECT_GT(cone, 0u);
    EXPECT_GT(reach, 0u);
    EXPECT_EQ(selected, 1u);
    EXPECT_EQ(band, 1u);
    size_t cone_edges = 0;
    for (const EdgeInstance& e : d.edges) cone_edges += e.role == Role::Cone;
    EXPECT_EQ(count(svg, "<rect") - count(svg, "<rect class=\"background\""), d.nodes.size());
    EXPECT_EQ(count(svg, " class=\"cone\""), cone + cone_edges);
    EXPECT_EQ(count(svg, " class=\"selected\""), 1u);
    EXPECT_EQ(count(svg, " class=\"band\""), 1u);
    EXPECT_EQ(count(svg, " class=\"value\""), values);
}

// The app page's charts: a guide and a curve per variant as paths, its dots as circles.
TEST(Svg, TheWorkSpanChart) {
    std::vector<WorkSpanCurve> curves = {work_span_curve("block_hillis_steele"),
                                         work_span_curve("block_blelloch"),
                                         WorkSpanCurve{"no_points", {}, "its model failed"}};
    const Scene chart = build_work_span_chart(curves, true);
    const std::string svg = scene_to_svg(chart, SvgOptions{.xml_declaration = false});
    EXPECT_NE(svg.find("aria-label=\"work against n\""), std::string::npos);
    EXPECT_EQ(count(svg, "class=\"guide\""), 2u);
    EXPECT_EQ(count(svg, "stroke-dasharray=\"5 4\""), 2u);
    EXPECT_EQ(count(svg, "data-variant=\"block_hillis_steele\""), 1u);
    EXPECT_EQ(count(svg, "data-variant=\"block_blelloch\""), 1u);
    EXPECT_EQ(svg.find("no_points"), std::string::npos);
    EXPECT_EQ(count(svg, "<circle"), curves[0].points.size() + curves[1].points.size());
    EXPECT_NE(svg.find("font-weight=\"bold\">work (operator applications) against n</text>"),
              std::string::npos);
    EXPECT_NE(svg.find("text-anchor=\"end\">n log2 n</text>"), std::string::npos);
    EXPECT_NE(svg.find("text-anchor=\"end\">2n</text>"), std::string::npos);
    const std::string span = scene_to_svg(build_work_span_chart(curves, false));
    EXPECT_NE(span.find(">2 log2 n</text>"), std::string::npos);
    EXPECT_NE(span.find(">span (longest chain) against n</text>"), std::string::npos);
}
