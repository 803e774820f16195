// Race lab view: pick a variant and a what-if (one barrier left
// out, or one buffer instead of two, or after a divergent branch); the
// dependency diagram of its race-lab run with the edges the missing barrier
// puts at risk drawn in red and counted (core/race/hazards.hpp, from the trace), and
// beside it what the GPU did: measured now on this GPU, or the recorded
// figures (the open recording's race section, else the committed table under
// assets/race/) with their badge, one example of a wrong output, and the
// narration computed from the whole measured table (core/race/report.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app.hpp"
#include "core/analysis/diagram.hpp"
#include "core/learner/check.hpp"
#include "core/figure/scene.hpp"
#include "core/race/hazards.hpp"
#include "core/race/report.hpp"
#include "core/race/table.hpp"
#include "scene_canvas.hpp"
#include "theme.hpp"
#include "view_common.hpp"

namespace scanviz::ui {

struct RaceView {
    bool Init(const Fonts* fonts, std::string* err);
    void Draw(App& app);

    // The case on screen. choice: -1 = as written, 0.. = that barrier removed, kOneBuffer = one buffer.
    static constexpr int kOneBuffer = 1000;
    std::string variant = std::string(race_lab_first());
    int choice = 0;
    bool diverged = false;
    int launches = 50;

    // Your kernel: while a racy kernel of yours is on screen (App::hazards_shown) the race lab shows
    // it, its hazards drawn as a built-in's are and the wrong outputs over the GPU engine's launches
    // (the Your-kernel panel's count, which the session lends), until a built-in case is picked.
    bool yours = false;
    const RepeatedRuns* your_launches = nullptr;

    // Selects a case (also from scripts and tests); false and `error` set when it does not exist.
    bool Select(const std::string& variant, int choice, bool diverged);
    // Submits the measurement of the case on screen on this GPU to app.jobs (its row of
    // the live table is replaced when it finishes); false when another job is in hand.
    bool MeasureLive(App& app);
    // Loads recorded figures (a race table JSON or a recording); false and `error` on failure.
    bool LoadTable(const std::string& path);

    RaceCase current_case() const;
    // The measured row of the case on screen (live first, then recorded) and where it comes from; null when
    // none.
    const RaceRow* MeasuredRow(std::string* source) const;
    // Derived from the case on screen (rebuilt by Select).
    HazardReport hazards;
    std::vector<int> edges;
    OverviewDrawn overview;  // the strip over the diagram when it shows a window of the columns
    std::vector<BarrierSite> barriers;
    // The measured figures shown: live rows measured here, else the recorded table.
    std::optional<RaceTable> recorded;
    std::string recorded_source;  // file it came from
    RaceTable live;
    std::string error;
    std::string status;

    // The diagram on screen (the state dump reports its cells and edges).
    const SceneCanvas& canvas() const { return canvas_; }
    const figure::Scene& scene() const { return scene_; }

private:
    void Rebuild(const App& app);
    void DrawMeasured(App& app);
    void FindRecorded(const App& app);
    void DrawYours(App& app);
    bool yours_declined_ = false;  // a built-in case was picked while this file was on screen
    std::string yours_file_;
    uint64_t yours_key_[4] = {~0ull, ~0ull, ~0ull, ~0ull};  // trace, hazards, step, mode of the scene shown

    const Fonts* fonts_ = nullptr;
    SceneCanvas canvas_;
    figure::Scene scene_;
    DependencyGraph graph_;
    int step_ = -1;  // the step whose barrier the what-if removes (-1: none, or the one-buffer form)
    bool changed_ = true;
    bool dirty_ = true;
    bool presentation_ = false;
    bool looked_for_recorded_ = false;
    const void* recording_seen_ = nullptr;
};

}  // namespace scanviz::ui
