// Lesson view: the lesson picker (on the opening screen) and the lesson panel
// (narration, next/back, the question box, progress). It drives the other
// views only through the App: each lesson step sets the App's form (variant,
// n, operator, type, mode, input), step, selection, visible panels and zoom,
// then reads the trace the App shows (GPU, recording or model) to compute the
// narration's figures and the question's answer (core/lessons).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app.hpp"
#include "core/lessons/checker.hpp"
#include "gpu_jobs.hpp"
#include "core/lessons/catalog.hpp"
#include "core/lessons/quantity.hpp"
#include "theme.hpp"

namespace scanviz::ui {

struct LessonView {
    bool picker_open = false;  // the picker window (opening screen, File > Lessons...)
    std::optional<lessons::Lesson> lesson;
    int index = 0;                       // the lesson step shown (0-based)
    std::vector<std::string> narration;  // the step's paragraphs, figures computed ({hidden} as "(?)")
    std::vector<std::string> narration_revealed;  // the same with the hidden figures filled in
    bool revealed = false;  // the question was answered right, or its answer asked for
    // The architecture the SASS view shows: the lesson's SASS figures come from it (GuiSession
    // passes the view's choice every frame; a change recomputes the narration).
    std::string sass_arch;
    std::string narration_error;         // a placeholder that could not be computed on this trace
    std::optional<lessons::Value> answer;
    std::string answer_text;  // what the learner typed
    std::optional<lessons::Verdict> verdict;
    std::string error;                       // a lesson refused (the checker's first problem)
    bool want_sass = false;                  // the step shows the SASS view (GuiSession opens it)
    bool sass_request = false;               // a step was entered: GuiSession applies want_sass once
    std::vector<std::string> sass_variants;  // ... with these columns
    float narration_rect[4] = {0, 0, 0, 0};  // where the narration was drawn (window pixels)
    lessons::Progress progress;
    std::string progress_error;
    // A step with a kernel (kernel = NAME): the learner's copy (lessons::learner_copy) the Your-kernel
    // panel opens, its schedule, and whether the step shows that panel. GuiSession applies a request.
    std::string kernel_file;
    bool kernel_interleaved = false;
    bool kernel_request = false;
    bool shows_kernel = false;
    // goal = fixed: the learner's last run has no hazard and its output right; else what is still wrong.
    bool goal_passed = false;
    std::string goal_why;

    bool active() const { return lesson.has_value(); }
    // Checks and opens a lesson file; a broken one is refused with the checker's
    // first problem (in `error` and the App's status). Goes to the saved step.
    // Opens a lesson in the window's language: the Chinese translation beside the English file
    // (zh_CN/NAME.lesson) where there is one, else the file itself; either file may be named.
    bool Open(App& app, const std::string& path);
    // After a switch of language: the catalogue's titles, and the open lesson again, at its step.
    void LanguageChanged(App& app);
    void Close();
    // Shows lesson step k (0-based): sets the App, computes the narration and the answer.
    void Enter(App& app, int k);
    void Next(App& app) { Enter(app, index + 1); }
    void Back(App& app) { Enter(app, index - 1); }
    // Judges `text` against the step's question; a right answer reveals (Reveal).
    void Submit(App& app, const std::string& text);
    // Shows what the question kept hidden: the {hidden} figures, the hidden panels and
    // selection, and for `reveal = next` the step the learner predicted.
    void Reveal(App& app);
    // Recomputes the narration and the answer when the SASS view's architecture changed.
    void FollowArch(App& app, const std::string& arch);
    // Each frame, for a kernel step: the Your-kernel panel's file, its last run that gave a trace, its
    // runs so far (a failed one counts) and whether a run is due. A new run of the step's file and
    // schedule gives the narration its figures, and judges the step's goal.
    void FollowKernel(App& app, const std::string& path, std::shared_ptr<const LearnerJobResult> run, int runs,
                      bool busy);

    void HandleKeys(App& app);                // PageDown / PageUp: next / back (a presenter's clicker)
    void Draw(App& app, const Fonts& fonts);  // the panel, in the rectangle set by the caller
    void DrawPicker(App& app);                // a window over the layout while picker_open

    // The folder of shipped lessons and their catalogue (read when first needed).
    std::string dir;
    std::vector<lessons::CatalogEntry> catalog;
    void LoadCatalog();

private:
    std::string original_path_;  // the English file of the open lesson
    lessons::Sources& Sources(App& app);
    void Figure(App& app);  // the narration and the answer of the step shown
    void ShowPanels(App& app, bool all);
    void SaveProgress();
    std::optional<lessons::Sources> sources_;
    std::optional<lessons::ShownStep> kernel_shown_;  // the step's kernel run, as the narration reads it
    std::shared_ptr<const LearnerJobResult> kernel_seen_;
    int kernel_runs_ = -1;
    const Recording* sources_recording_ = nullptr;
    int pending_zoom_frames_ = 0;
    int shown_step_ = -1;  // the App's step the lesson step set (before a reveal moved it on)
    float pending_zoom_ = 1.0f;
};

// The shipped lessons' folder (SCANVIZ_LESSONS_DIR, else assets/lessons of the source tree).
std::string shipped_lessons_dir();

}  // namespace scanviz::ui
