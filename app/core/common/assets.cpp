#include "core/common/assets.hpp"

#include <cstdlib>
#include <filesystem>

namespace scanviz {

std::string assets_dir() {
    namespace fs = std::filesystem;
    if (const char* env = std::getenv("SCANVIZ_ASSETS_DIR"); env && *env) return env;
    std::error_code ec;
#ifdef SCANVIZ_SOURCE_ASSETS_DIR
    if (fs::is_directory(SCANVIZ_SOURCE_ASSETS_DIR, ec)) return SCANVIZ_SOURCE_ASSETS_DIR;
#endif
    fs::path dir = fs::current_path(ec);
    for (int up = 0; up < 4 && !ec; ++up) {
        if (fs::is_directory(dir / "assets" / "lessons", ec)) return (dir / "assets").string();
        if (!dir.has_parent_path() || dir.parent_path() == dir) break;
        dir = dir.parent_path();
    }
    return "assets";
}

std::string asset_path(std::string_view relative) { return assets_dir() + "/" + std::string(relative); }

std::string shipped_file(const char* env_var, std::string_view relative) {
    if (const char* env = std::getenv(env_var); env && *env) return env;
    const std::string path = asset_path(relative);
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) ? path : std::string();
}

}  // namespace scanviz
