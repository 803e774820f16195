// Writing a user's files so that nothing is lost: the new bytes go to a
// temporary file beside the target (same folder, so the rename is atomic),
// which is flushed to disk and then renamed over the target. A failed or
// interrupted write (disk full, a killed process) leaves the old file whole.
#pragma once

#include <string>
#include <string_view>

namespace scanviz {

// Throws std::runtime_error naming `path` and the reason ("No space left on
// device", "is a folder", ...); the target is then as it was and the
// temporary file is gone (a killed process can leave only the temporary file).
void write_file_atomically(const std::string& path, std::string_view bytes);

// The temporary file's name for `path`: "<path>.scanviz-tmp-<pid>".
std::string temporary_path_for(const std::string& path);

}  // namespace scanviz
