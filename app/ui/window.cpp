#include "window.hpp"

// glad before GLFW: glad provides the GL declarations.
// clang-format off
#include <glad/gl.h>
#include <GLFW/glfw3.h>
// clang-format on
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <thread>

namespace scanviz::ui {

Window::~Window() { close(); }

bool Window::open(int width, int height, const std::string& title, std::string* error) {
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((!display || !*display) && (!wayland || !*wayland)) {
        *error = "no display (DISPLAY is not set); use a subcommand (scanviz --help) or run under xvfb-run";
        return false;
    }
    // An X server that resets when its last client leaves (Xvfb's default) refuses the
    // connections made during the reset: try again for half a second before giving up.
    bool initialised = glfwInit();
    for (int attempt = 0; !initialised && attempt < 10; ++attempt) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        initialised = glfwInit();
    }
    if (!initialised) {
        *error = "cannot open a window: GLFW failed to initialise the display";
        return false;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (!window_) {
        *error = "cannot open a window: no OpenGL 3.3 core context on this display";
        glfwTerminate();
        return false;
    }
    glfwMakeContextCurrent(window_);
    if (!gladLoadGL(glfwGetProcAddress)) {
        *error = "cannot load the OpenGL 3.3 functions (glad)";
        close();
        return false;
    }
    glfwSwapInterval(1);
    glfwSetWindowUserPointer(window_, this);
    glfwSetDropCallback(window_, [](GLFWwindow* w, int count, const char** paths) {
        auto* self = static_cast<Window*>(glfwGetWindowUserPointer(w));
        for (int i = 0; i < count; ++i) self->dropped_.emplace_back(paths[i]);
    });
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is computed, nothing to remember
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    imgui_ready_ = true;
    return true;
}

void Window::close() {
    if (imgui_ready_) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
        imgui_ready_ = false;
    }
    if (window_) {
        glfwDestroyWindow(window_);
        window_ = nullptr;
        glfwTerminate();
    }
}

bool Window::should_close() const { return glfwWindowShouldClose(window_); }

void Window::begin_frame(const ScriptedInput* input) {
    glfwPollEvents();
    if (font_rebuild_) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        std::function<void()> rebuild = std::move(font_rebuild_);
        font_rebuild_ = nullptr;
        rebuild();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // ImGui clears every held key on the frame after a focus loss (ImGuiIO::AppFocusLost).
    if (ignore_focus_changes_) ImGui::GetIO().AppFocusLost = false;
    if (input) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(input->x, input->y);
        io.MouseDown[0] = input->mouse_down;
        if (input->release_key >= 0) io.KeysDown[input->release_key] = false;
        if (input->key >= 0) io.KeysDown[input->key] = true;
    }
    ImGui::NewFrame();
}

void Window::render() {
    ImGui::Render();
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    int w, h;
    glfwGetFramebufferSize(window_, &w, &h);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, w, h);
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void Window::swap() { glfwSwapBuffers(window_); }

void Window::wait_events(double seconds) { glfwWaitEventsTimeout(seconds); }

void Window::set_fullscreen(bool on) {
    if (on == fullscreen_) return;
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    if (on) {
        if (!monitor) return;
        glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
        glfwGetWindowSize(window_, &windowed_w_, &windowed_h_);
        const GLFWvidmode* mode = glfwGetVideoMode(monitor);
        glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    } else {
        glfwSetWindowMonitor(window_, nullptr, windowed_x_, windowed_y_, windowed_w_, windowed_h_, 0);
    }
    fullscreen_ = on;
}

std::vector<uint8_t> Window::read_pixels(int& w, int& h) const {
    glfwGetFramebufferSize(window_, &w, &h);
    std::vector<uint8_t> bottom_up(static_cast<size_t>(w) * h * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
    std::vector<uint8_t> top_down(bottom_up.size());
    const size_t row = static_cast<size_t>(w) * 4;
    for (int y = 0; y < h; ++y)
        std::copy_n(bottom_up.data() + static_cast<size_t>(h - 1 - y) * row, row, top_down.data() + y * row);
    return top_down;
}

std::vector<std::string> Window::take_dropped() {
    std::vector<std::string> out;
    out.swap(dropped_);
    return out;
}

}  // namespace scanviz::ui
