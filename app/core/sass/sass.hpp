// SASS listings of the isolation kernels (kernels/sass/): parsing, opcode
// classes, the scan region of a kernel, instruction counts, and the link
// between instructions and the `// step: <phase>` tags of the source lines.
// This header gathers the parts; each has its own:
//   classify.hpp      opcode classes, their names, counts per class
//   listing.hpp       a listing (functions, instructions, source lines) and its parser
//   region.hpp        instruction counts and the scan region of a kernel
//   source_lines.hpp  step tags and the source lines instructions came from
//   load.hpp          finding and reading listings: this build's or the committed snapshot
//   table.hpp         the count table per architecture and variant, as text, CSV or JSON
//   text.hpp          line splitting and path normalization (used inside sass/ only)
// Dependencies run one way: classify <- listing <- region, source_lines, load <- table;
// text.hpp depends on nothing.
#pragma once

#include "core/sass/classify.hpp"
#include "core/sass/listing.hpp"
#include "core/sass/load.hpp"
#include "core/sass/region.hpp"
#include "core/sass/source_lines.hpp"
#include "core/sass/table.hpp"
