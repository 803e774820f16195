// Sidebar: where the trace comes from (always visible), the variant picker
// grouped by level with each variant's description, and the input.
#pragma once

#include "app.hpp"

namespace scanviz::ui {

struct SidebarView {
    void Draw(App& app);

private:
    bool DrawPicker(App& app);  // true when the variant changed
    bool DrawInput(App& app);   // true when a field changed
};

}  // namespace scanviz::ui
