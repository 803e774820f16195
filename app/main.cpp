// scanviz: no arguments opens the window; subcommands do the same work without one.
#include <string_view>

#include "cli/cli.hpp"
#include "gui_entry.hpp"
#include "kernels/learner/gpu_engine.hpp"

#ifdef SCANVIZ_WITH_GUI
#include "ui/gui_main.hpp"
#endif

int main(int argc, char** argv) {
    // The GPU engine's child: this same program, run by the engine with a time limit.
    if (argc > 1 && std::string_view(argv[1]) == scanviz::learner::kGpuChildFlag)
        return scanviz::learner::gpu_child_main(argc, argv);
    scanviz::GuiEntry gui = nullptr;
#ifdef SCANVIZ_WITH_GUI
    gui = &scanviz::ui::gui_main;
#endif
    return scanviz::cli::main(argc, argv, gui);
}
