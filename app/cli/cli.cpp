#include "cli.hpp"

#include <cstdio>

#include "core/variants.hpp"

namespace scanviz::cli {

int main(int argc, char** argv, GuiEntry gui) {
    if (argc <= 1) {
        if (!gui) {
            std::fprintf(stderr, "scanviz: this build has no window (SCANVIZ_GUI=OFF); try scanviz --help\n");
            return 2;
        }
        return gui(GuiOptions{});
    }
    for (const auto& v : all_variants()) std::printf("%s\n", std::string(v.id).c_str());
    return 0;
}

}  // namespace scanviz::cli
