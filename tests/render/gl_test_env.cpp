#include "gl_test_env.hpp"

// glad before GLFW (its own group, so clang-format keeps the order): GLFW must not
// pull in the system GL header first.
#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <cstdlib>
#include <chrono>
#include <thread>

namespace scanviz::render::gltest {
namespace {

struct Context {
    bool tried = false;
    bool ok = false;
    std::string why;
};

Context& context() {
    static Context c;  // one GL context per test process
    return c;
}

// Xvfb resets when its last client leaves and refuses connections meanwhile: a test
// process that starts then would fail for no reason of its own. Try for half a second.
bool init_glfw() {
    for (int attempt = 0; attempt < 10; ++attempt) {
        if (glfwInit()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return glfwInit();
}

}  // namespace

bool open_gl_context(std::string* why) {
    Context& c = context();
    if (!c.tried) {
        c.tried = true;
        const char* display = std::getenv("DISPLAY");
        if (!display || !*display) {
            c.why =
                "DISPLAY is not set: the gui tests need an X display; run them under `xvfb-run -a` "
                "(e.g. xvfb-run -a ctest -L gui)";
        } else if (!init_glfw()) {
            c.why = std::string("GLFW cannot initialise on DISPLAY=") + display;
        } else {
            glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
            glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
            glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
            GLFWwindow* window = glfwCreateWindow(64, 64, "scanviz render test", nullptr, nullptr);
            if (!window) {
                c.why = "no OpenGL 3.3 core context on this display";
            } else {
                glfwMakeContextCurrent(window);
                if (!gladLoadGL(glfwGetProcAddress)) {
                    c.why = "glad could not load OpenGL";
                } else {
                    c.ok = true;
                }
            }
        }
    }
    if (why) *why = c.why;
    return c.ok;
}

}  // namespace scanviz::render::gltest
