// Where this build keeps the SASS listings of the isolation kernels
// (kernels/sass/CMakeLists.txt writes the values at configure time).
#pragma once

#include <string>
#include <vector>

namespace scanviz::kern {

struct SassPaths {
    std::string build_dir;           // <build>/sass/<arch>/iso_*.{sha256,sass}
    std::string noprobe_dir;         // <build>/sass_noprobe/<arch>/...: the same kernels, probe calls removed
    std::string snapshot_dir;        // <source>/assets/sass/<arch>/iso_*.sass (committed)
    std::string source_dir;          // the source tree (the `// step:` tags are read from it)
    bool cubins_built = false;       // this build compiled cubins (a CUDA compiler was found)
    bool disassembler = false;       // this build found nvdisasm
    std::vector<std::string> archs;  // SCANVIZ_SASS_ARCHS
    std::vector<std::string> probe_check_archs;  // SCANVIZ_SASS_PROBE_CHECK_ARCHS
};

const SassPaths& sass_paths();

// The architectures whose SASS this program can show: the ones this build
// disassembled, or else the committed snapshot's (assets/sass/<arch>/), sorted.
std::vector<std::string> available_sass_archs();

}  // namespace scanviz::kern
