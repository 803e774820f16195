// The platform behind one header: GLFW window, OpenGL 3.3 core context through
// glad, Dear ImGui's GLFW and OpenGL 3 backends.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

struct GLFWwindow;

namespace scanviz::ui {

// Mouse and keyboard state a script imposes on one frame (tests drive the real
// input path: hit tests, key handling), applied after the platform's own.
struct ScriptedInput {
    float x = 0, y = 0;  // mouse position, window pixels
    bool mouse_down = false;
    int key = -1;          // a GLFW key code held in this frame; -1 = none
    int release_key = -1;  // a key released in this frame
};

class Window {
public:
    Window() = default;
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    // Opens the window and creates the ImGui context. False with one line in
    // `error` (no display, no OpenGL 3.3 core context).
    bool open(int width, int height, const std::string& title, std::string* error);
    void close();

    bool should_close() const;
    void begin_frame(const ScriptedInput* input = nullptr);  // polls events, starts an ImGui frame
    // A scripted run owns its input: another window taking the display's focus (a
    // test beside it on the same Xvfb) must not clear a scripted key in mid-press.
    void ignore_focus_changes(bool on) { ignore_focus_changes_ = on; }
    // Clears to the style's window background (the canvases' windows draw none of their own,
    // so their frame shows the same ground) and draws the ImGui frame (no swap).
    void render();
    void swap();
    // Sleeps until an event arrives or `seconds` pass (an idle window costs no CPU).
    void wait_events(double seconds);
    void set_fullscreen(bool on);
    bool fullscreen() const { return fullscreen_; }
    // Pixels of the frame just rendered (back buffer), RGBA8, top row first.
    std::vector<uint8_t> read_pixels(int& w, int& h) const;
    GLFWwindow* handle() const { return window_; }

    // Files dropped on the window since the last call.
    std::vector<std::string> take_dropped();

    // Runs `rebuild` at the start of the next frame, before ImGui's (the font atlas may change
    // only outside a frame), and uploads the atlas it leaves: a switch of language.
    void rebuild_fonts_before_next_frame(std::function<void()> rebuild) { font_rebuild_ = std::move(rebuild); }

private:
    GLFWwindow* window_ = nullptr;
    bool imgui_ready_ = false;
    bool fullscreen_ = false;
    bool ignore_focus_changes_ = false;
    int windowed_x_ = 0, windowed_y_ = 0, windowed_w_ = 0, windowed_h_ = 0;
    std::vector<std::string> dropped_;
    std::function<void()> font_rebuild_;
};

}  // namespace scanviz::ui
