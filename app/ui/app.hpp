// App: what is on screen. The views read it and change it through its methods;
// no view keeps a copy of the trace, the step or the selection.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/analysis/diagram.hpp"
#include "core/analysis/metrics.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"
#include "core/recording/recording.hpp"
#include "core/run/runner.hpp"
#include "core/trace/run_spec.hpp"
#include "core/trace/trace.hpp"
#include "jobs.hpp"

namespace scanviz::ui {

// Which views are shown and how (one plain struct, as Tracy's m_show flags).
struct Settings {
    bool show_state = true;
    bool show_diagram = true;
    bool show_metrics = true;
    bool show_source = true;
    bool show_bench = false;     // benchmark view (floating window)
    bool show_lookback = false;  // look-back timeline view (floating window)
    bool show_race = false;      // race lab view (floating window)
    bool show_banks = false;     // the state view shows the bank picture of one warp (lesson 4)
    bool show_instrumentation = false;  // the source view shows the probe calls and race-lab switches
    bool hide_step_count = false;  // the controls say "k / ?" (a lesson question asks for the steps)
    bool hide_step_work = false;   // the state view's header leaves out the step's work (a work question)
    bool lock_selection = false;   // clicks select nothing (a cone question: the click would answer it)
    // The views an open lesson question keeps closed (its `hide` panels, and the race lab): the View
    // menu, F7 and the banks checkbox cannot open them until it is answered.
    std::set<std::string> locked;
    bool is_locked(const char* panel) const { return locked.count(panel) > 0; }
    // A lesson is open: the dependency diagram, the work-and-span view and the step counter show
    // the run only as far as the step shown, so no later step answers a question before it is asked.
    bool lesson_so_far = false;
    // A lesson is open: the benchmark table lists only these variants' rows (the ones the step's
    // question names); empty with lesson_so_far set: none.
    std::vector<std::string> bench_rows;
    long long bench_size = 0;  // ... at this size (a tile row: this tile); 0: any
    bool bench_cub = false;    // ... with the "x CUB" column (the question compares with CUB)
    // A lesson is open and its step's question reads Nsight Compute's table: the measured figures
    // (executed per warp, the ncu conflict line) are shown; otherwise a lesson keeps them back.
    bool show_measured = false;
    bool presentation = false;   // lecture layout: figures fill the screen, large type, high contrast
    bool fullscreen = false;
    float speed = 2.0f;  // steps per second while playing
};

// The sidebar's fields as the person left them; a spec is made from them only
// when they are all valid (the last good trace stays on screen otherwise).
struct InputForm {
    std::string variant = std::string(all_variants().front().id);  // the registry's first
    int n = 32;
    int threads = 0;           // 0 = the variant's default
    int items_per_thread = 0;  // 0 = the variant's default
    Op op = Op::Add;
    ElemType type = ElemType::I32;
    bool exclusive = false;
    InputKind input = InputKind::Random;
    int seed = 1;
    std::string values_text;  // typed-in values (input == Given)
    std::string heads_text;   // segment head positions, "0, 5, 12" (segmented scan)
};

// One message per field group, shown beside the field; empty = fine.
struct FieldErrors {
    std::string variant;
    std::string size;  // n, threads, items per thread, operator / type
    std::string values;
    std::string heads;
    std::string run;  // the model or the GPU failed
    bool any() const {
        return !variant.empty() || !size.empty() || !values.empty() || !heads.empty() || !run.empty();
    }
    std::string first() const;
};

// A learner's own kernel file open in the window (kernel_view.hpp watches and runs it). While
// `shown`, the window is about it: the source view shows its text (not the built-in twin's) with
// its step lines, and marks the line its last error names.
struct LearnerFile {
    bool shown = false;     // its trace is on screen, or its last run failed and the old picture stays
    bool on_screen = false;  // the trace on screen is its run's
    std::string path;    // as the person named it
    std::string text;    // as last read
    uint64_t revision = 0;  // bumps when `text` changes (the source view reloads)
    std::string error;      // the last run's error, one line; "" when it ran
    int error_line = 0;     // the line of the file `error` names; 0 when none
    // A lesson's question on the kernel's hazards keeps them closed until it is answered: the
    // Your-kernel panel's checks, and the hazards drawn on the state view and the diagram.
    bool hazards_hidden = false;
};

// The device found at start (none on most laptops and on CI).
struct DeviceState {
    bool checked = false;
    bool present = false;
    std::string name;
    std::string sm;
    std::string why_not;
};

// Reads a trace from a file; throws std::exception with one line on failure.
// Default: a trace JSON file (core/trace/json.hpp). Recordings are told apart
// by their magic bytes and opened by App::open_file itself.
using FileLoader = std::function<Trace(const std::string& path)>;

// The recording shipped with scanviz (made on a GPU machine by `scanviz record`),
// opened at start when there is no GPU and no file was named. Empty when none.
std::string shipped_recording_path();

struct App {
    App();

    InputForm form;
    FieldErrors errors;

    // The trace on screen (the last good one) and what is derived from it.
    bool has_trace = false;
    Trace trace;
    DependencyGraph graph;
    Metrics metrics;
    uint64_t trace_generation = 0;  // bumps when the trace changes (views drop caches)

    int step = -1;  // -1 = the initial state; 0 .. steps-1
    figure::Selection selection;
    bool playing = false;
    double play_accum = 0.0;

    Settings settings;
    DeviceState device;
    // Where traces come from (core/run/runner.hpp): the GPU lent by the kernels
    // library (check_device), else the open recording, else the model; a failed
    // capture shows the model with a note.
    Runner runner;
    // Long GPU work started from the window (benchmark, race measurement, look-back
    // capture): one job at a time, polled each frame (GuiSession::Frame).
    JobRunner jobs;

    // Where files come from, and the badge shown on every view while a
    // recording is open ("recorded on <GPU> on <date>", or that the input on
    // screen is not in it and the reference model stands in).
    FileLoader load_file;
    std::optional<TraceSource> badge;
    // The recording open now (null when none): apply_form() shows its traces
    // for the inputs it holds and the reference model for the rest.
    std::shared_ptr<const Recording> recording;
    std::string recording_path;
    // ncu's figures beside ours (core/profile/profile.hpp): from the recording's
    // profile section, or a table file scanviz profile wrote; none otherwise.
    std::optional<ProfileTable> profile;
    ProfileOrigin profile_origin = ProfileOrigin::None;
    std::string profile_path;
    std::string profile_status() const;
    // True when the controls that need a live GPU (capture, live benchmark) can work.
    bool live_gpu() const { return device.present; }

    // Zoom asked for by a key or a button this frame; each scene view applies it.
    float zoom_request = 1.0f;
    bool fit_request = false;

    std::string status;  // last action's result (export written, file opened, ...)
    // Sets status from a maker that can write it again in another language: the language menu
    // rewrites it (status_again) unless something has set status since.
    void set_status(std::function<std::string()> make);
    void status_again();

    LearnerFile learner;
    // Your kernel's hazards, placed on the trace on screen (kernel_view.cpp, when its checks come;
    // a new trace clears them), and the one picked in its panel: the state view and the diagram
    // draw them (figure::HazardPairs). hazards_generation bumps when they change.
    figure::HazardPairs learner_hazards;
    uint64_t hazards_generation = 0;
    void set_learner_hazards(std::vector<Hazard> pairs);
    // Picks hazard i (-1: none): goes to its step, clears the selection, and draws its pair alone.
    void pick_hazard(int i);
    // The hazards the views draw: none while a lesson keeps them back (LearnerFile::hazards_hidden)
    // or another trace is on screen; hazards_key() changes whenever that changes.
    const figure::HazardPairs* hazards_shown() const {
        return learner.on_screen && !learner.hazards_hidden && !learner_hazards.empty() ? &learner_hazards
                                                                                         : nullptr;
    }
    uint64_t hazards_key() const { return hazards_generation * 2 + (learner.hazards_hidden ? 1 : 0); }

private:
    std::function<std::string()> status_maker_;
    std::string status_made_;

public:

    // Validates the form; on success runs it through `runner` (GPU capture when a device
    // and a kernel exist, else the open recording's trace, else the reference model) and
    // shows the new trace.
    // On failure sets `errors` and keeps the last good trace. Returns success.
    bool apply_form();
    // Opens a trace file (through load_file) or a recording. Returns success;
    // on failure the message is in errors.run and the last good trace stays.
    bool open_file(const std::string& path);
    bool open_recording(const std::string& path);
    // A recorded GPU trace as the window shows it (source: the recording).
    Trace from_recording(const Trace& recorded) const;
    // The sidebar shows a spec (a file's, a recording's).
    void fill_form(const RunSpec& spec);
    // Shows a trace (from a run or a file).
    void show_trace(Trace t);
    // Shows the trace of a run of the learner's file (source kind "cpu" or "gpu"), with its badge.
    void show_learner_trace(Trace t);

    int steps() const { return has_trace ? static_cast<int>(trace.steps.size()) : 0; }
    void set_step(int s);
    void step_by(int delta) { set_step(step + delta); }
    void first() { set_step(-1); }
    void last() { set_step(steps() - 1); }
    void toggle_play();
    void tick(double seconds);        // advances while playing
    void select(int step, int slot);  // slot < 0 clears

    // The phase name of the current step ("" for the initial state).
    std::string current_phase() const;
    std::string current_label() const;
    // Slots written by the current step, sorted, unique.
    std::vector<int> written_slots() const;
    // One line: where the trace on screen comes from.
    std::string source_line() const;

    void check_device();
};


// Segment head positions "0, 5, 12" -> n flags. Error message on failure.
std::optional<std::string> parse_head_positions(const std::string& text, int n, std::vector<uint8_t>& flags);

}  // namespace scanviz::ui
