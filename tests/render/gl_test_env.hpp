// A hidden GLFW window with an OpenGL 3.3 core context, for the render tests and
// the render benchmark. Needs a display: run under `xvfb-run -a`.
#pragma once

#include <string>

namespace scanviz::render::gltest {

// Opens the context once per process (later calls return the first result).
// False with the reason in `why` (no DISPLAY, GLFW or GL failure).
bool open_gl_context(std::string* why);

}  // namespace scanviz::render::gltest
