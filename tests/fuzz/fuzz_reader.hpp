// Every text reader behind one call (fuzz_reader.cpp), for the fuzz targets and their corpus replays.
#pragma once

#include <string_view>

namespace scanviz::fuzz {

// Feeds `bytes` to the reader named `reader` (a name in tests/fuzz/CMakeLists.txt's
// SCANVIZ_FUZZ_READERS); an unknown name traps.
void read_as(std::string_view reader, std::string_view bytes);

}  // namespace scanviz::fuzz
