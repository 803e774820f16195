// Your kernel: a learner's own .cu file, opened in the window and watched. Saving it in the
// learner's own editor runs it again: its modification time and size are looked at every
// kPollSeconds, and a change (once two looks in a row agree) starts a run on the window's job
// runner (gpu_jobs.hpp: learner_run_job), so the window keeps drawing while it compiles and
// runs. The GPU engine runs it where there is one, else the CPU engine. A run's trace becomes the
// window's trace (every view works on it); a failed run leaves the picture as it was and shows
// its one line here (a compile error names FILE:LINE, which the source view marks). The checks
// (output, like-model, hazards) come after the picture, as a second job.
#pragma once

#include <array>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/sass/table.hpp"
#include "app.hpp"
#include "gpu_jobs.hpp"
#include "kernel_measure.hpp"

namespace scanviz::ui {

struct KernelView {
    static constexpr double kPollSeconds = 0.1;
    static constexpr double kSettleSeconds = 0.03;  // the second look after a change

    std::string path;        // the file watched; empty when none
    double timeout_s = 2.0;  // one run's time limit (the child process is stopped past it)
    int runs = 0;            // runs finished (with a trace or an error) since the file was opened
    double last_run_s = 0;   // the last run's time, compile included
    std::vector<std::string> passed, failed;  // the checks of the trace on screen
    std::vector<std::string> notes;           // the differences of form the like comparison allowed
    bool checks_done = false;
    std::string sass_arch = "sm_90";  // the SASS view's architecture (the session keeps it so)
    std::string sass_line;            // "SASS of your kernel (sm_90): 57 instructions", or why there is none
    std::string sass_listing;
    std::vector<sass::Row> sass_rows;  // the twin's counts beside yours (LearnerChecks::sass_rows)
    // --bench and --profile from the panel (kernel_measure.hpp): a button each, a job each.
    KernelMeasure measure;
    std::string open_path;  // the entry's text field
    bool entry_open = false;
    bool interleaved = false;  // the CPU engine's schedule (a lesson step sets it); else lockstep
    // Your kernel's hazards, placed on its trace when the checks come (App::learner_hazards): the
    // panel lists them as the checks do, each line a button that picks its pair (App::pick_hazard).
    std::vector<std::string> hazard_sentences;  // hazard_lines() of the access trace: one per hazard listed
    int hazard_count = 0;
    // Where each listed hazard's line was drawn this frame (screen pixels x0, y0, x1, y1; all 0 when
    // not drawn): a script clicks it there (click-hazard).
    std::vector<std::array<float, 4>> hazard_rects;
    // The GPU engine's launches of each run: the first is traced, the others counted (wrong outputs
    // by block, as the race lab counts them: `repeated`).
    int launches = 1;
    RepeatedRuns repeated;

    // Starts watching `file` and runs it. False (and a message) when it cannot be read.
    bool Open(App& app, const std::string& file);
    // Each frame: looks at the file (every kPollSeconds) and starts a run when it changed and the
    // job runner is free.
    void Poll(App& app);
    // Seconds until the next look at the file (the window may wait that long for an event).
    double SecondsToNextLook() const;
    // A run or its checks is in flight, or a change waits for the job runner.
    bool Busy(const App& app) const;
    bool Running(const App& app) const;  // the run itself (compiling/running)
    // "cpu" or "gpu": the engine the runs use (after the first), with why not the GPU.
    std::string EngineKind() const { return engine_ ? engine_->kind : ""; }
    std::string WhyNotGpu() const { return engine_ ? engine_->why_not_gpu : ""; }
    // The last run that gave a trace (null before it); a lesson reads its figures from it.
    std::shared_ptr<const LearnerJobResult> LastRun() const { return last_; }
    // Runs the file again (a lesson changed the schedule).
    void RunAgain() { pending_ = !path.empty(); }

    // The panel: the file, the engine, the progress, the error and the checks.
    void Draw(App& app);
    // A one-line version for the lecture layout: progress and errors only (nothing when fine).
    bool HasNews(const App& app) const;
    void DrawCompact(App& app);
    // After a language switch: the error line or the checks are made again in the new language.
    void LanguageChanged(App& app);
    // The File menu's entry and its path prompt.
    void DrawSassRows();  // yours beside the twin, by opcode class
    void DrawEntryPopup(App& app);

private:
    struct Stamp {
        bool exists = false;
        std::filesystem::file_time_type mtime{};
        uintmax_t size = 0;
        bool operator==(const Stamp&) const = default;
    };
    static Stamp StampOf(const std::string& file);
    void Start(App& app);
    void Finished(App& app, std::shared_ptr<const LearnerJobResult> r);
    void StartChecks(App& app);  // the checks of last_ (a second job, after the picture)
    void PlaceHazards(App& app);  // last_'s hazards on the trace on screen
    void DrawHazardLine(App& app, int index, const std::string& line);
    void DrawWrongCount(App& app);

    std::shared_ptr<const LearnerEngineChoice> engine_;
    Stamp stamp_;  // of the text the last run read
    Stamp seen_;   // at the last look
    bool pending_ = false;
    bool checks_again_ = false;  // the checks of last_ wait for the job runner (a language switch)
    std::shared_ptr<const LearnerJobResult> last_;  // the last run that gave a trace
    double next_poll_ = 0;
};

}  // namespace scanviz::ui
