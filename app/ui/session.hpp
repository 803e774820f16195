// GuiSession: the App and its views, the layout that places them, and the
// state dump (what the window holds, as JSON) that scripts and tests read.
#pragma once

#include "core/i18n/i18n.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app.hpp"
#include "core/recording/catalog.hpp"
#include "bench_view.hpp"
#include "controls_view.hpp"
#include "diagram_view.hpp"
#include "kernel_view.hpp"
#include "lesson_view.hpp"
#include "lookback_view.hpp"
#include "metrics_view.hpp"
#include "race_view.hpp"
#include "sass_view.hpp"
#include "sidebar_view.hpp"
#include "source_view.hpp"
#include "state_view.hpp"
#include "theme.hpp"
#include "window.hpp"

namespace scanviz::ui {

struct GuiSession {
    App app;
    Fonts fonts;
    SidebarView sidebar;
    ControlsView controls;
    StateView state;
    DiagramView diagram;
    MetricsView metrics;
    BenchView bench;
    LookbackView lookback;
    RaceView race;
    SourceView source;
    SassView sass;
    LessonView lesson;
    KernelView kernel;  // your kernel: the file watched, its panel and its entry
    uint64_t frames = 0;  // frames drawn (the state dump shows the window kept drawing)
    std::vector<ScriptedInput> scripted_input;  // one per frame, front first (scripts: click, key)
    bool show_open_popup = false;
    // The shipped recordings (assets/recordings), each with its card; read when the menu
    // first opens.
    std::vector<RecordingEntry> recordings;
    bool recordings_listed = false;
    std::string open_path;

    // Needs the ImGui context and a current GL context (Window::open). Loads the
    // fonts, compiles the shaders, shows the first trace.
    bool Init(std::string* error);
    // One frame of UI, between Window::begin_frame and Window::render.
    void Frame(Window& window, double seconds);
    // True while the window must keep drawing without new input: playing, the
    // chart being computed, a text field or a drag in progress.
    bool Busy() const;
    // How long the window may wait for an event when nothing moves: shorter while a kernel
    // file is watched: until its next look (a save is seen within KernelView::kPollSeconds).
    double IdleWaitSeconds(double longest) const;
    // Busy only because a job (a kernel's run, a benchmark) is in flight: its progress moves,
    // nothing else does.
    bool OnlyAJobMoves() const;
    // What the window holds after the last frame.
    nlohmann::json StateDump() const;
    // Switches the language before the next frame, as the View > Language menu does.
    void RequestLanguage(i18n::Language lang) { pending_language_ = lang; }
    // Opens a file: a lesson (.lesson) in the lesson view, a kernel (.cu) in the kernel view,
    // anything else in the App.
    bool OpenPath(const std::string& path);
    // A capture asked for by a script: written after the frames it waits for.
    std::string capture_png, capture_json;

private:
    void DrawMenu(Window& window);
    // The language menu: the switch happens before the next frame (the fonts change with it).
    void SwitchLanguage(Window& window, i18n::Language lang);
    std::optional<i18n::Language> pending_language_;  // asked for by a script, switched by Frame
    bool language_changed_ = false;                  // switched: the lesson reloads in its language
    void ApplyLanguage(i18n::Language lang);
    // The catalog's lookups since the last call, into the sets below.
    void CollectShownTexts() const;
    mutable std::set<std::pair<std::string, std::string>> texts_shown_, texts_untranslated_;
    mutable std::set<std::string> texts_drawn_;  // every string drawn with a Latin letter (drawn_text.hpp)
    struct Drawn {
        bool state = false, diagram = false, metrics = false, source = false;
    };
    Drawn drawn_;  // the views the last frame's layout placed
    bool presentation_applied_ = false;
    bool style_applied_ = false;
    bool place_sass_ = false;
};

}  // namespace scanviz::ui
