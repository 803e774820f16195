// Running `scanviz gui` from a test: a script in, the screenshot and the state dump
// back (shared by the GUI test programs).
#pragma once

#include <stb_image.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

struct Image {
    int w = 0, h = 0;
    std::vector<uint8_t> rgba;
    const uint8_t* at(int x, int y) const { return rgba.data() + (static_cast<size_t>(y) * w + x) * 4; }
};

struct GuiRun {
    int exit_code = -1;
    std::string err;  // stderr
    json dump;
    Image png;
};

std::string read_text(const fs::path& p) {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

bool have_display() {
    const char* d = std::getenv("DISPLAY");
    return d && *d;
}

#define REQUIRE_DISPLAY()                                                              \
    do {                                                                               \
        if (!have_display())                                                           \
            FAIL() << "DISPLAY is not set: the gui tests need a display; run them as " \
                      "`xvfb-run -a ctest -L gui` (CI does)";                          \
    } while (0)

// Runs the window with `script`; reads back the screenshot and the state dump.
GuiRun run_gui(const std::string& name, const std::string& script, const std::string& size = "1600x900",
               const std::string& env_prefix = "") {
    const fs::path dir = fs::path(GUI_TEST_OUT);
    fs::create_directories(dir);
    const fs::path script_path = dir / (name + ".script");
    const fs::path png = dir / (name + ".png");
    const fs::path dump = dir / (name + ".json");
    const fs::path err = dir / (name + ".stderr");
    fs::remove(png);
    fs::remove(dump);
    std::ofstream(script_path) << script;
    const std::string cmd = env_prefix + "'" + std::string(SCANVIZ_EXE) + "' gui --script '" +
                            script_path.string() + "' --screenshot '" + png.string() + "' --state-dump '" +
                            dump.string() + "' --size " + size + " 2> '" + err.string() + "'";
    GuiRun run;
    const int status = std::system(cmd.c_str());
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.err = read_text(err);
    if (fs::exists(dump)) run.dump = json::parse(read_text(dump));
    if (fs::exists(png)) {
        int n = 0;
        uint8_t* data = stbi_load(png.string().c_str(), &run.png.w, &run.png.h, &n, 4);
        if (data) {
            run.png.rgba.assign(data, data + static_cast<size_t>(run.png.w) * run.png.h * 4);
            stbi_image_free(data);
        }
    }
    return run;
}

}  // namespace
