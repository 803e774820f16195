// SVG of a scene, the one SVG writer: the window's "Export SVG" writes it to a file, and the
// published web pages draw every figure with it through the WebAssembly module (app/wasm).
//   nodes as rect (class: the node's role; data-step and data-slot on a trace cell, what a
//   click on the page selects), edges as line with arrow markers (data-i: the edge's index in
//   the scene; class: its role), paths as path (class: role; data-variant on a chart's curve)
//   with their dots as circle, labels as text (class "value" and data-slot on a cell's value).
// The page reads what a cell is from its class, never from its colours.
#pragma once

#include <string>

#include "core/figure/scene.hpp"

namespace scanviz::figure {

struct SvgOptions {
    // Only what lies in [x0, x1] x [y0, y1] (world units) is written, into an SVG of the whole
    // scene's size: a page draws the part of a large figure in view of its box (a diagram
    // window of 256 columns holds some 13000 cells and values; a screen shows a few hundred).
    bool clip = false;
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    // The svg element's width and height are the scene's size times this; its viewBox is the scene.
    float scale = 1.0f;
    // Written before every id the SVG defines (its arrow markers): several SVGs in one HTML
    // page each keep their own.
    std::string id_prefix = {};
    // A file starts with the XML declaration; an SVG put into an HTML page does not.
    bool xml_declaration = true;
};

std::string scene_to_svg(const Scene& scene, const SvgOptions& options = {});
// False with a one-line message when the file cannot be written.
bool export_svg(const Scene& scene, const std::string& path, std::string* error);

}  // namespace scanviz::figure
