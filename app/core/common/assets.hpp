// Where scanviz's shipped files are (assets/: lessons, the recording, measured
// tables), found the same way by the window and every command.
#pragma once

#include <string>
#include <string_view>

namespace scanviz {

// The assets folder: $SCANVIZ_ASSETS_DIR when set; else the source tree's
// assets/ this build was made from, when it still exists; else an assets/
// folder (one holding lessons/) in the working directory or up to three
// folders above it; else "assets", so that messages name a path.
std::string assets_dir();

// `relative` under assets_dir() ("recordings/default.svzrec"); it may not exist.
std::string asset_path(std::string_view relative);

// A shipped file a person may replace: $`env_var` when it is set and not empty; else
// asset_path(relative) when that file exists; else "" (nothing to show).
std::string shipped_file(const char* env_var, std::string_view relative);

}  // namespace scanviz
