#pragma once

#include "gui_entry.hpp"

namespace scanviz::ui {

// Opens the window and runs until it closes (or until a script ends).
int gui_main(const GuiOptions& options);

}  // namespace scanviz::ui
