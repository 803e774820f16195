// Look-back timeline view: what every tile of a real single-pass scan did and
// when (from an instrumented run, core/bench/lookback_timeline.hpp): one row per
// tile, its load-and-reduce, its look-back and its scan-and-store as bars on
// a time axis, the moments it published its aggregate and its inclusive
// prefix; hovering a tile lists the predecessors it read, what each had
// published and how long the tile waited for it. Data from a capture on the
// GPU (a job of the App's JobRunner), or from a saved timeline (the committed assets/bench/*.json).
#pragma once

#include <string>

#include "app.hpp"
#include "core/bench/lookback_timeline.hpp"

namespace scanviz::ui {

struct LookbackView {
    void Draw(App& app);
    // Reads a saved timeline (JSON); false and `error` set on failure.
    bool Load(const std::string& path);
    // Submits a capture on the GPU (n elements) to app.jobs; the timeline replaces the
    // one on screen when it finishes (`error` set on failure). False when another job is in hand.
    bool Capture(App& app, int64_t n);

    LookbackTimeline timeline;
    LookbackSummary summary;
    bool loaded = false;
    std::string source;
    std::string error;
    std::string path_text;
    int capture_log2_n = 22;
    bool colour_by_sm = false;
    float row_height = 6.0f;

private:
    void DrawTimeline(const App& app);
    bool tried_default_ = false;
};

// The committed timeline: $SCANVIZ_TIMELINE_FILE, else
// assets/bench/h100_lookback_timeline.json in the assets folder
// (core/common/assets.hpp); empty when none is found.
std::string default_timeline_file();

}  // namespace scanviz::ui
