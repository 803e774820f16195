// One fuzz target per text reader: SCANVIZ_READER (set by tests/fuzz/CMakeLists.txt)
// names the reader fuzz_reader.cpp feeds. Small on purpose: the readers are compiled once.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_reader.hpp"

#ifndef SCANVIZ_READER
#error "SCANVIZ_READER names the reader this target feeds (tests/fuzz/CMakeLists.txt)"
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    scanviz::fuzz::read_as(SCANVIZ_READER, std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
