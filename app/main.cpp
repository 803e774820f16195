// scanviz: no arguments opens the window; subcommands do the same work without one.
#include "cli/cli.hpp"
#include "gui_entry.hpp"

#ifdef SCANVIZ_WITH_GUI
#include "ui/gui_main.hpp"
#endif

int main(int argc, char** argv) {
    scanviz::GuiEntry gui = nullptr;
#ifdef SCANVIZ_WITH_GUI
    gui = &scanviz::ui::gui_main;
#endif
    return scanviz::cli::main(argc, argv, gui);
}
