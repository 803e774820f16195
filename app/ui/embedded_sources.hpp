// The kernel files under kernels/, embedded at build time (app/ui/CMakeLists.txt
// generates the table in the build tree) so the source view needs no checkout.
#pragma once

#include <span>
#include <string_view>

namespace scanviz::ui {

struct EmbeddedFile {
    const char* path;  // relative to the repository root: "kernels/warp/warp_conditional/warp_conditional.cuh"
    const char* text;
};

std::span<const EmbeddedFile> embedded_files();

// The text of `path`, or nothing when it was not embedded.
inline const char* find_embedded(std::string_view path) {
    for (const EmbeddedFile& f : embedded_files())
        if (path == f.path) return f.text;
    return nullptr;
}

}  // namespace scanviz::ui
