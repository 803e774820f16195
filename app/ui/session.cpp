#include "session.hpp"

#include "core/race/placed_hazards.hpp"

#include "core/i18n/i18n.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // FindWindowByName: where the floating windows are (state dump)
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "core/common/assets.hpp"
#include "core/sass/table.hpp"
#include "core/trace/json.hpp"
#include "kernels/sass/sass_paths.hpp"
#include "drawn_text.hpp"
#include "window.hpp"

namespace scanviz::ui {
namespace {

// Floating windows (the SASS view's is app/ui/sass_view.cpp's title), placed by a lesson step that shows
// them. The windows' ids: a title is shown in the reader's language, followed by its id, so
// FindWindowByName(id) and SetWindowPos(id) find a window whatever the language.
constexpr const char* kSassWindowTitle = "###sass";
constexpr const char* kBenchWindowTitle = "###bench";
constexpr const char* kLookbackWindowTitle = "###lookback";
constexpr const char* kKernelWindowTitle = "###kernel";
constexpr const char* kRaceWindowTitle = "###race";

// A window's title: its words in the reader's language, then its id ("###bench").
std::string titled(const char* msgid, const char* id) { return std::string(i18n::tr(msgid)) + id; }

// Share of the upper area's height the state view takes above the diagram.
constexpr float kStateShare = 0.4f;

struct Rect {
    float x, y, w, h;
};

void Place(const Rect& r) {
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(std::max(r.w, 1.0f), std::max(r.h, 1.0f)), ImGuiCond_Always);
}

nlohmann::json colour_json(uint32_t c) {
    return {c & 0xffu, (c >> 8) & 0xffu, (c >> 16) & 0xffu, (c >> 24) & 0xffu};
}

nlohmann::json rect_json(const CellRect& r, float scale_x, float scale_y) {
    return {r.x0 * scale_x, r.y0 * scale_y, r.x1 * scale_x, r.y1 * scale_y};
}

// What a figure canvas drew, for the legibility checks: every cell with its
// rectangle on screen (window px, clipped), its row (the step; -1 = the initial state),
// whether it is on screen, the height of its drawn value (0 when none was drawn) and its
// role (figure::role_name); with `edges`, every edge with the rows it joins, its ends on
// screen and its role.
nlohmann::json figure_dump(const SceneCanvas& canvas, const figure::Scene& scene, float sx, float sy,
                           bool edges) {
    using nlohmann::json;
    json cells = json::array();
    for (size_t i = 0; i < scene.nodes.size(); ++i) {
        const figure::NodeInstance& n = scene.nodes[i];
        if (n.slot < 0) continue;
        const CellRect r = canvas.rect_of(n);
        cells.push_back({{"slot", n.slot},
                         {"step", n.step},
                         {"row", n.step},
                         {"pass", n.pass != 0},
                         {"rect", rect_json(r, sx, sy)},
                         {"visible", r.visible},
                         {"text_px", canvas.text_px(i) * sy},
                         {"fill", colour_json(n.fill_rgba)},
                         {"role", figure::role_name(n.role)}});
    }
    json out = {{"cells", cells}};
    if (!edges) return out;
    json lines = json::array();
    const figure::Camera& cam = canvas.camera();
    const ImVec2 o = canvas.image_min(), sz = canvas.image_size();
    for (const figure::EdgeInstance& e : scene.edges) {
        const float x0 = o.x + cam.to_px_x(e.x0), y0 = o.y + cam.to_px_y(e.y0);
        const float x1 = o.x + cam.to_px_x(e.x1), y1 = o.y + cam.to_px_y(e.y1);
        const bool visible = std::max(x0, x1) > o.x && std::min(x0, x1) < o.x + sz.x &&
                             std::max(y0, y1) > o.y && std::min(y0, y1) < o.y + sz.y;
        lines.push_back({{"from_row", e.from_row},
                         {"to_row", e.to_row},
                         {"line", {x0 * sx, y0 * sy, x1 * sx, y1 * sy}},
                         {"visible", visible},
                         {"role", figure::role_name(e.role)}});
    }
    out["edges"] = lines;
    return out;
}

nlohmann::json overview_json(const OverviewDrawn& o, float sx, float sy) {
    return {{"shown", o.shown},
            {"rect", {o.rect[0] * sx, o.rect[1] * sy, o.rect[2] * sx, o.rect[3] * sy}},
            {"frame", {o.frame[0] * sx, o.frame[1] * sx}},
            {"slots", {o.first_slot, o.end_slot}}};
}

}  // namespace

bool GuiSession::Init(std::string* error) {
    fonts = load_fonts();
    if (i18n::language() == i18n::Language::Zh && !fonts.chinese) {
        i18n::set_language(i18n::Language::En);
        fonts = load_fonts();
        app.status = fonts.cjk_missing + i18n::tr(": the window stays English");
    }
    apply_style(false);
    if (!state.Init(&fonts, error)) return false;
    if (!diagram.Init(&fonts, error)) return false;
    if (!race.Init(&fonts, error)) return false;
    race.your_launches = &kernel.repeated;  // the race lab shows a racy kernel of yours with its count
    metrics.Init(&fonts);
    source.Init(&fonts);
    app.check_device();
    app.apply_form();
    if (!fonts.warning.empty()) app.status = fonts.warning;
    return true;
}

bool GuiSession::Busy() const {
    const ImGuiIO& io = ImGui::GetIO();
    return app.playing || !metrics.Done() || app.jobs.busy() || kernel.Busy(app) || io.WantTextInput ||
           ImGui::IsAnyMouseDown();
}

bool GuiSession::OnlyAJobMoves() const {
    const ImGuiIO& io = ImGui::GetIO();
    return (app.jobs.busy() || kernel.Busy(app)) && !app.playing && metrics.Done() && !io.WantTextInput &&
           !ImGui::IsAnyMouseDown();
}

double GuiSession::IdleWaitSeconds(double longest) const {
    return std::min(longest, kernel.SecondsToNextLook());
}

void GuiSession::SwitchLanguage(Window& window, i18n::Language lang) {
    if (lang == i18n::language()) return;
    window.rebuild_fonts_before_next_frame([this, lang] { ApplyLanguage(lang); });
}

void GuiSession::ApplyLanguage(i18n::Language lang) {
    const std::string error = i18n::set_language(lang);
    fonts = load_fonts();
    if (!error.empty()) {
        app.status = error;
    } else if (lang == i18n::Language::Zh && !fonts.chinese) {
        // Boxes for every word would help nobody: English, and the one line that says why.
        i18n::set_language(i18n::Language::En);
        fonts = load_fonts();
        app.status = fonts.cjk_missing + i18n::tr(": the window stays English");
    }
    app.status_again();  // "opened ...", "watching ...": the last action's line in the new language
    // The state dump's texts are those of the language shown: what was drawn before is dropped.
    take_drawn_text();
    texts_drawn_.clear();
    // The device's "why not" line was written in the old language: ask again.
    app.device.checked = false;
    app.check_device();
    kernel.LanguageChanged(app);  // your kernel's error line or checks, again
    language_changed_ = true;     // the lesson reloads in the next frame
}

void GuiSession::DrawMenu(Window& window) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu(i18n::trc("menu", "File"))) {
        if (ImGui::MenuItem(i18n::tr("Open trace, recording or lesson..."))) show_open_popup = true;
        if (ImGui::MenuItem(i18n::tr("Your kernel (.cu)..."))) kernel.entry_open = true;
        if (ImGui::BeginMenu(i18n::tr("Recordings"))) {
            // One per card: opening one shows its traces, bench, race and profile tables.
            if (!recordings_listed) {
                recordings = list_recordings(asset_path("recordings"));
                recordings_listed = true;
            }
            if (recordings.empty()) ImGui::TextDisabled(i18n::tr("no recordings in %s"), asset_path("recordings").c_str());
            for (const auto& r : recordings) {
                const bool open = app.recording_path == r.path;
                if (ImGui::MenuItem(r.label().c_str(), nullptr, open, r.problem.empty())) app.open_recording(r.path);
            }
            ImGui::EndMenu();
        }
        if (ImGui::MenuItem(i18n::tr("Lessons..."))) {
            lesson.LoadCatalog();
            lesson.picker_open = true;
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(i18n::trc("menu", "View"))) {
        Settings& s = app.settings;
        ImGui::MenuItem(i18n::tr("State"), nullptr, &s.show_state, !s.is_locked("state"));
        ImGui::MenuItem(i18n::tr("Dependency diagram"), nullptr, &s.show_diagram, !s.is_locked("diagram"));
        ImGui::MenuItem(i18n::tr("Work and span"), nullptr, &s.show_metrics, !s.is_locked("metrics"));
        ImGui::MenuItem(i18n::tr("Source"), nullptr, &s.show_source, !s.is_locked("source"));
        ImGui::MenuItem(i18n::tr("Source: show instrumentation"), nullptr, &s.show_instrumentation, s.show_source);
        ImGui::MenuItem(i18n::tr("Benchmark (ours, CUB, Thrust, memcpy)"), nullptr, &s.show_bench, !s.is_locked("bench"));
        ImGui::MenuItem(i18n::tr("Look-back timeline"), nullptr, &s.show_lookback, !s.is_locked("lookback"));
        ImGui::MenuItem(i18n::tr("Race lab (remove a barrier)"), nullptr, &s.show_race, !s.is_locked("race"));
        ImGui::Separator();
        ImGui::MenuItem(i18n::tr("Presentation mode"), nullptr, &s.presentation);
        ImGui::MenuItem(i18n::tr("Full screen"), "F11", &s.fullscreen);
        ImGui::Separator();
        // untranslated: each language is named in itself, so a reader finds theirs whatever is shown.
        if (ImGui::BeginMenu("Language / 语言")) {
            const i18n::Language now = i18n::language();
            if (ImGui::MenuItem("English", nullptr, now == i18n::Language::En))  // untranslated: its own name
                SwitchLanguage(window, i18n::Language::En);
            if (ImGui::MenuItem("中文 (简体)", nullptr, now == i18n::Language::Zh))
                SwitchLanguage(window, i18n::Language::Zh);
            ImGui::EndMenu();
        }
        ImGui::EndMenu();
    }
    ImGui::TextDisabled("  %s", app.source_line().c_str());
    ImGui::EndMainMenuBar();
    if (show_open_popup) {
        ImGui::OpenPopup("###open_file");
        show_open_popup = false;
    }
    if (ImGui::BeginPopupModal(titled(i18n::N_("Open file"), "###open_file").c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted(
            i18n::tr("A trace (.json, scanviz trace --format json), a recording or a lesson (.lesson); files can "
                     "also be dropped on the window."));
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30);
        const bool enter = ImGui::InputText((std::string(i18n::tr("path")) + "###path").c_str(), &open_path, ImGuiInputTextFlags_EnterReturnsTrue);
        if (ImGui::Button(titled(i18n::N_("Open"), "###open").c_str()) || enter) {
            OpenPath(open_path);
            ImGui::CloseCurrentPopup();
        }
        ImGui::SameLine();
        if (ImGui::Button(titled(i18n::N_("Cancel"), "###cancel").c_str())) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
    kernel.DrawEntryPopup(app);
}

void GuiSession::Frame(Window& window, double seconds) {
    CollectShownTexts();  // the frame before's lookups (recorded only for a scripted run's dump)
    begin_frame_drawn_text();
    if (pending_language_) {
        SwitchLanguage(window, *pending_language_);
        pending_language_.reset();
    }
    if (language_changed_) {
        lesson.LanguageChanged(app);
        language_changed_ = false;
    }
    Settings& s = app.settings;
    if (!style_applied_ || presentation_applied_ != s.presentation) {
        apply_style(s.presentation);
        presentation_applied_ = s.presentation;
        style_applied_ = true;
    }
    if (s.fullscreen != window.fullscreen()) window.set_fullscreen(s.fullscreen);
    for (const std::string& path : window.take_dropped()) OpenPath(path);

    ImGui::PushFont(fonts.ui(s.presentation));
    controls.HandleKeys(app);
    lesson.HandleKeys(app);
    app.tick(seconds);
    app.jobs.poll();  // a finished job's result (or error) goes to the view that asked
    if (lesson.kernel_request) {  // a lesson step opens its kernel file (the learner's copy) or changes its schedule
        lesson.kernel_request = false;
        const bool schedule_changed = kernel.interleaved != lesson.kernel_interleaved;
        kernel.interleaved = lesson.kernel_interleaved;
        if (kernel.path != lesson.kernel_file)
            kernel.Open(app, lesson.kernel_file);
        else if (schedule_changed)
            kernel.RunAgain();
    }
    kernel.Poll(app);  // a saved kernel file runs again
    lesson.FollowKernel(app, kernel.path, kernel.LastRun(), kernel.runs, kernel.Busy(app));
    ++frames;
    metrics.ComputeSome(4.0);

    DrawMenu(window);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float top = vp->WorkPos.y;
    const float W = vp->WorkSize.x, H = vp->WorkSize.y;
    // Presentation is the lecture layout: no sidebar (a lesson keeps its narration
    // panel), no tables or source unless a lesson step asks for them; the state and the
    // diagram fill the screen.
    const bool lecture = s.presentation;
    const bool sidebar_on = !lecture || lesson.active();
    const float sidebar_w = !sidebar_on ? 0.0f
                                        : std::clamp(W * (lesson.active() ? (lecture ? 0.24f : 0.28f) : 0.2f),
                                                     260.0f, lesson.active() ? 640.0f : 520.0f);
    const float controls_h = ImGui::GetFrameHeight() * controls.rows +
                             ImGui::GetStyle().ItemSpacing.y * (controls.rows - 1) +
                             ImGui::GetStyle().WindowPadding.y * 2;
    const float main_x = sidebar_w, main_y = top + controls_h;
    const float main_w = W - sidebar_w, main_h = H - controls_h;

    if (sidebar_on) {
        // A watched kernel's panel takes the top of the sidebar's column.
        // (In a lesson, only where its step shows the kernel panel.)
        const float kernel_h =
            !kernel.path.empty() && (!lesson.active() || lesson.shows_kernel) ? std::round(H * 0.36f) : 0.0f;
        if (kernel_h > 0) {
            Place({0, top, sidebar_w, kernel_h});
            ImGui::Begin(titled(i18n::N_("Your kernel"), kKernelWindowTitle).c_str(), nullptr,
                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
            kernel.Draw(app);
            ImGui::End();
        }
        Place({0, top + kernel_h, sidebar_w, H - kernel_h});
        if (lesson.active())
            lesson.Draw(app, fonts);  // the lesson panel takes the sidebar's place
        else
            sidebar.Draw(app);
    }
    Place({main_x, top, main_w, controls_h});
    controls.Draw(app);

    // Metrics across the bottom; state and diagram on the left, source on the right.
    drawn_.metrics = s.show_metrics && (!lecture || lesson.active());
    drawn_.source = s.show_source && (!lecture || lesson.active());
    drawn_.state = s.show_state;
    drawn_.diagram = s.show_diagram;
    const float metrics_h = drawn_.metrics ? std::round(main_h * (lecture ? 0.22f : 0.3f)) : 0.0f;
    const float upper_h = main_h - metrics_h;
    const bool left = s.show_state || s.show_diagram;
    const float source_w =
        drawn_.source ? (left ? std::round(main_w * (lecture ? 0.22f : 0.26f)) : main_w) : 0.0f;
    const float left_w = main_w - source_w;
    // The state view gets the height its picture needs at a legible size (as last built),
    // within bounds; the diagram the rest.
    float state_share = kStateShare;
    if (state.scene.height > 0 && upper_h > 0) {
        const float chrome =
            ImGui::GetFrameHeightWithSpacing() * 4.0f + ImGui::GetStyle().WindowPadding.y * 2;
        const float need = state.scene.height * state.canvas.min_zoom() + chrome;
        state_share = std::clamp(need / upper_h, 0.25f, 0.58f);
    }
    if (s.show_state) {
        const float h = s.show_diagram ? std::round(upper_h * state_share) : upper_h;
        Place({main_x, main_y, left_w, h});
        state.Draw(app);
    }
    if (s.show_diagram) {
        const float y0 = s.show_state ? std::round(upper_h * state_share) : 0.0f;
        Place({main_x, main_y + y0, left_w, upper_h - y0});
        diagram.Draw(app);
    }
    if (drawn_.source) {
        Place({main_x + left_w, main_y, source_w, upper_h});
        source.Draw(app);
    }
    if (drawn_.metrics) {
        Place({main_x, main_y + upper_h, main_w, metrics_h});
        metrics.Draw(app);
    }
    // The benchmark and the look-back timeline float over the layout.
    if (s.show_bench) {
        ImGui::SetNextWindowSize(ImVec2(W * 0.62f, H * 0.7f), ImGuiCond_FirstUseEver);
        if (ImGui::Begin(titled(i18n::N_("Benchmark: ours, CUB, Thrust and the memcpy roof"), kBenchWindowTitle).c_str(), &s.show_bench)) bench.Draw(app);
        ImGui::End();
    }
    if (s.show_lookback) {
        ImGui::SetNextWindowSize(ImVec2(W * 0.62f, H * 0.7f), ImGuiCond_FirstUseEver);
        if (ImGui::Begin(titled(i18n::N_("Look-back timeline"), kLookbackWindowTitle).c_str(), &s.show_lookback)) lookback.Draw(app);
        ImGui::End();
    }
    if (s.show_race && !s.is_locked("race")) {
        ImGui::SetNextWindowSize(ImVec2(W * 0.8f, H * 0.75f), ImGuiCond_FirstUseEver);
        if (ImGui::Begin(titled(i18n::N_("Race lab: remove a barrier"), kRaceWindowTitle).c_str(), &s.show_race)) race.Draw(app);
        ImGui::End();
    }
    // The lesson's SASS figures come from the architecture the SASS view shows.
    if (sass.arch.empty()) sass.arch = sass::default_arch(kern::available_sass_archs());
    if (!sass.arch.empty()) kernel.sass_arch = sass.arch;  // your kernel's SASS at the view's architecture
    lesson.FollowArch(app, sass.arch);
    sass.lesson_only = lesson.active();
    sass.lesson_measured = app.settings.show_measured || (lesson.active() && lesson.revealed);
    if (lesson.sass_request) {  // a lesson step opens (or closes) the SASS view with its columns
        lesson.sass_request = false;
        if (lesson.want_sass && !lesson.sass_variants.empty() && sass.variants != lesson.sass_variants) {
            sass.variants = lesson.sass_variants;
            sass.Reload();
        }
        sass.open = lesson.want_sass;
        place_sass_ = true;
    }
    lesson.DrawPicker(app);
    sass.Window(app, fonts);
    if (place_sass_ && lesson.active()) {
        // A lesson step's floating views go beside the lesson panel, over the state and diagram views.
        place_sass_ = false;
        const ImVec2 pos(main_x, main_y);
        const ImVec2 size(main_w - source_w, upper_h);
        const std::pair<bool, const char*> floating[] = {{sass.open, kSassWindowTitle},
                                                         {s.show_bench, kBenchWindowTitle},
                                                         {s.show_lookback, kLookbackWindowTitle}};
        for (const auto& [shown, title] : floating) {
            if (!shown) continue;
            ImGui::SetWindowPos(title, pos, ImGuiCond_Always);
            ImGui::SetWindowSize(title, size, ImGuiCond_Always);
        }
    }
    if (lecture && !lesson.active() && kernel.HasNews(app)) {
        // The lecture layout has no sidebar: a run in progress or a failed run shows across the
        // bottom of the figures.
        const float h = ImGui::GetFrameHeightWithSpacing() * 2.0f + ImGui::GetStyle().WindowPadding.y * 2;
        Place({main_x, top + H - h, main_w, h});
        ImGui::Begin(titled(i18n::N_("Your kernel"), kKernelWindowTitle).c_str(), nullptr,
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                         ImGuiWindowFlags_NoTitleBar);
        kernel.DrawCompact(app);
        ImGui::End();
    }
    app.zoom_request = 1.0f;
    app.fit_request = false;
    ImGui::PopFont();
}

bool GuiSession::OpenPath(const std::string& path) {
    if (std::filesystem::path(path).extension() == lessons::kLessonExtension) return lesson.Open(app, path);
    if (std::filesystem::path(path).extension() == ".cu") return kernel.Open(app, path);
    return app.open_file(path);
}

void GuiSession::CollectShownTexts() const {
    for (const auto& l : i18n::take_lookups())
        if (l.translated || i18n::language() == i18n::Language::En) texts_shown_.insert({l.context, l.id});
        else texts_untranslated_.insert({l.context, l.id});
    texts_drawn_.merge(take_drawn_text());
}

nlohmann::json GuiSession::StateDump() const {
    using nlohmann::json;
    CollectShownTexts();
    const ImGuiIO& io = ImGui::GetIO();
    const float sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
    const figure::SceneStyle style = scene_style(app.settings.presentation);
    json j;
    j["variant"] = app.has_trace ? app.trace.spec.variant : "";
    j["n"] = app.has_trace ? app.trace.spec.n : 0;
    j["spec"] = app.has_trace ? run_spec_to_json(app.trace.spec) : json();
    j["step"] = app.step;
    j["steps"] = app.steps();
    j["label"] = app.current_label();
    // The words shown since the window opened (a scripted run records them): how many came from
    // the catalog, and which had no translation in the language shown.
    j["language"] = i18n::language_code(i18n::language());
    j["status"] = app.status;
    j["catalog"] = i18n::catalog_source();
    j["fonts"] = {{"chinese", fonts.chinese}, {"cjk_glyphs", fonts.cjk_glyphs}};
    json untranslated = json::array();
    for (const auto& [ctx, id] : texts_untranslated_) untranslated.push_back(ctx.empty() ? id : ctx + "|" + id);
    j["texts"] = {{"from_catalog", texts_shown_.size() + texts_untranslated_.size()},
                  {"untranslated", untranslated},
                  {"drawn", texts_drawn_},
                  {"on_screen", drawn_text_this_frame()}};
    j["phase"] = app.current_phase();
    j["playing"] = app.playing;
    j["presentation"] = app.settings.presentation;
    j["window"] = {io.DisplaySize.x * sx, io.DisplaySize.y * sy};
    j["source"] = {{"kind", app.has_trace ? app.trace.source.kind : ""},
                   {"device", app.has_trace ? app.trace.source.device : ""},
                   {"line", app.source_line()},
                   {"badge", app.badge.has_value()}};
    j["errors"] = {{"variant", app.errors.variant},
                   {"size", app.errors.size},
                   {"values", app.errors.values},
                   {"heads", app.errors.heads},
                   {"run", app.errors.run}};
    j["error"] = app.errors.first();
    j["form"] = {{"variant", app.form.variant},
                 {"n", app.form.n},
                 {"values_text", app.form.values_text},
                 {"heads_text", app.form.heads_text}};
    j["colours"] = {{"written_fill", colour_json(style.written_fill)},
                    {"cell_fill", colour_json(style.cell_fill)},
                    {"cone_fill", colour_json(style.cone_fill)},
                    {"reach_fill", colour_json(style.reach_fill)},
                    {"selected_border", colour_json(style.selected_border)},
                    {"background", colour_json(style.background)}};
    j["written_slots"] = app.written_slots();
    j["frames"] = frames;
    j["learner"] = {{"file", kernel.path},
                    {"shown", app.learner.shown},
                    {"kind", app.learner.on_screen ? app.trace.source.kind : ""},
                    {"engine", kernel.EngineKind()},
                    {"why_not_gpu", kernel.WhyNotGpu()},
                    {"running", kernel.Running(app)},
                    {"busy", kernel.Busy(app)},
                    {"runs", kernel.runs},
                    {"seconds", kernel.last_run_s},
                    {"error", app.learner.error},
                    {"error_line", app.learner.error_line},
                    {"checks_done", kernel.checks_done},
                    {"sass", kernel.sass_line},
                    {"sass_rows",
                     [&] {
                         json rows = json::array();
                         for (const auto& r : kernel.sass_rows)
                             rows.push_back({{"variant", r.variant}, {"arch", r.arch}, {"whole", r.whole.total()}});
                         return rows;
                     }()},
                    {"passed", kernel.passed},
                    {"failed", kernel.failed},
                    {"notes", kernel.notes},
                    {"hazards", [&] {
                         // Your kernel's hazards as the views draw them (placed on the trace shown), the one
                         // picked in the panel, and the GPU's wrong outputs over its launches.
                         json pairs = json::array();
                         const auto& placed = app.learner_hazards.pairs;
                         auto access = [](const Access& a) {
                             return json{{"step", a.step}, {"thread", a.thread}, {"op", a.op}, {"write", a.write}};
                         };
                         for (size_t i = 0; i < placed.size() && i < 256; ++i)
                             pairs.push_back({{"kind", std::string(to_string(placed[i].kind))},
                                              {"slot", placed[i].slot},
                                              {"step", hazard_step(app.trace, placed[i])},
                                              {"read", access(placed[i].read)},
                                              {"write", access(placed[i].write)}});
                         json rects = json::array();
                         for (const auto& r : kernel.hazard_rects) rects.push_back({r[0] * sx, r[1] * sy, r[2] * sx, r[3] * sy});
                         return json{{"count", kernel.hazard_count},
                                     {"listed", kernel.hazard_sentences.size()},
                                     {"drawn", app.hazards_shown() != nullptr},
                                     {"picked", app.learner_hazards.picked},
                                     {"pairs", pairs},
                                     {"line_rects", rects},
                                     {"launches", kernel.launches},
                                     {"blocks", kernel.repeated.runs},
                                     {"wrong_blocks", kernel.repeated.wrong}};
                     }()}};

    json sel = {{"step", app.selection.step}, {"slot", app.selection.slot}, {"valid", app.selection.valid()}};
    if (app.selection.valid()) {
        sel["cone_inputs"] = app.graph.cone_inputs(app.selection.step, app.selection.slot);
        sel["reach_outputs"] = app.graph.reach_outputs(app.selection.step, app.selection.slot);
        sel["cone_nodes"] = app.graph.cone(app.selection.step, app.selection.slot).size();
        sel["reach_nodes"] = app.graph.reach(app.selection.step, app.selection.slot).size();
    }
    j["selection"] = sel;

    auto image_json = [&](const SceneCanvas& c) {
        return json{c.image_min().x * sx, c.image_min().y * sy, (c.image_min().x + c.image_size().x) * sx,
                    (c.image_min().y + c.image_size().y) * sy};
    };
    json views;
    if (drawn_.state) {
        json st = figure_dump(state.canvas, state.scene, sx, sy, true);
        st["image"] = image_json(state.canvas);
        st["zoom"] = state.canvas.camera().zoom;
        st["min_zoom"] = state.canvas.min_zoom();
        st["labels_drawn"] = state.canvas.labels_drawn();
        st["error"] = state.error;
        st["banks"] = app.settings.show_banks;
        st["window"] = {state.window.first, state.window.count};
        st["overview"] = overview_json(state.overview, sx, sy);
        st["min_cell_px"] = style.min_cell_px * sy;
        st["min_text_px"] = style.min_text_px * sy;
        views["state"] = std::move(st);
    }
    if (drawn_.diagram) {
        // The cells of the current step's row, the selected cell and its cone.
        json row = json::array(), lit = json::array();
        std::vector<int> cone;
        if (app.selection.valid()) cone = app.graph.cone(app.selection.step, app.selection.slot);
        for (const figure::NodeInstance& n : diagram.scene.nodes) {
            if (n.slot < 0 || n.pass) continue;
            const bool in_row = n.step == app.step && app.step >= 0;
            const int id = app.graph.node_at(n.step, n.slot);
            const bool in_cone = id >= 0 && std::binary_search(cone.begin(), cone.end(), id);
            if (!in_row && !in_cone) continue;
            const CellRect r = diagram.canvas.rect_of(n);
            json cell = {{"slot", n.slot},
                         {"step", n.step},
                         {"rect", rect_json(r, sx, sy)},
                         {"visible", r.visible},
                         {"fill", colour_json(n.fill_rgba)}};
            (in_row ? row : lit).push_back(cell);
            if (in_row && in_cone) lit.push_back(cell);
        }
        json dg = figure_dump(diagram.canvas, diagram.scene, sx, sy, true);
        dg["nodes"] = std::move(dg["cells"]);
        dg.erase("cells");
        dg["image"] = image_json(diagram.canvas);
        dg["zoom"] = diagram.canvas.camera().zoom;
        dg["min_zoom"] = diagram.canvas.min_zoom();
        dg["current_row"] = row;
        dg["cone_cells"] = lit;
        dg["error"] = diagram.error;
        dg["window"] = {diagram.window.first, diagram.window.count};
        dg["overview"] = overview_json(diagram.overview, sx, sy);
        views["diagram"] = std::move(dg);
    }
    if (drawn_.metrics && app.has_trace) {
        const Metrics& m = app.metrics;
        json step_json;
        if (app.step >= 0 && app.step < static_cast<int>(m.per_step.size())) {
            const StepMetrics& s = m.per_step[static_cast<size_t>(app.step)];
            step_json = {{"work", s.work},
                         {"active_lanes", s.active_lanes},
                         {"ops", s.ops},
                         {"max_conflict_degree", s.max_conflict_degree}};
        }
        json curves = json::array();
        for (const VariantCurve& c : metrics.curves) {
            json pts = json::array();
            for (const WorkSpanPoint& p : c.points)
                pts.push_back({{"n", p.n}, {"work", p.work}, {"span", p.span}});
            curves.push_back({{"variant", c.id}, {"points", pts}, {"error", c.error}, {"shown", c.shown}});
        }
        views["metrics"] = {{"work", m.work},
                            {"span", m.span},
                            {"steps", m.steps},
                            {"sequential_work", m.sequential_work},
                            {"current_step", step_json},
                            {"curves", curves},
                            // A lesson shows the run only as far as the step shown (Settings::lesson_so_far).
                            {"so_far", app.settings.lesson_so_far},
                            {"rows_shown", app.settings.lesson_so_far ? std::max(app.step + 1, 0)
                                                                      : static_cast<int>(m.per_step.size())}};
        // ncu beside our figures: where they come from, and this variant's line.
        const std::string conflicts = app.profile ? conflicts_line(*app.profile, app.trace.spec.variant) : "";
        views["metrics"]["profile"] = {{"status", app.profile_status()}, {"conflicts", conflicts}};
    }
    if (drawn_.source) {
        json lines = json::array();
        for (int i : source.highlighted) lines.push_back(i + 1);
        // What is drawn: the file's line numbers and their text (folded or not).
        json shown_lines = json::array();
        std::string shown_text;
        for (size_t k = 0; k < source.shown.size(); ++k) {
            shown_lines.push_back(source.shown[k] + 1);
            shown_text += source.shown_text[k] + "\n";
        }
        views["source"] = {{"path", source.path},
                           {"missing", source.missing},
                           {"highlighted_lines", lines},
                           {"line_count", source.lines.size()},
                           {"folded", source.folded},
                           {"shown_lines", shown_lines},
                           {"shown_text", shown_text}};
    }
    if (app.settings.show_race && !app.settings.is_locked("race")) {
        std::string source;
        const RaceRow* row = race.MeasuredRow(&source);
        json measured = nullptr;
        if (row)
            measured = {{"source", source},
                        {"wrong", row->wrong},
                        {"total", row->total},
                        {"unit", row->unit},
                        {"example", row->example.has_value()}};
        views["race"] = {{"case", race.current_case().key()},
                         {"yours", race.yours},
                         {"what", race.hazards.what},
                         {"hazards", race.hazards.count()},
                         {"between_warps", race.hazards.between_warps},
                         {"hazard_edges", race.edges.size()},
                         {"barriers", race.barriers.size()},
                         {"error", race.error},
                         {"measured", measured}};
        const nlohmann::json fig = figure_dump(race.canvas(), race.scene(), sx, sy, true);
        views["race"]["nodes"] = fig["cells"];
        views["race"]["edges"] = fig["edges"];
        views["race"]["overview"] = overview_json(race.overview, sx, sy);
        views["race"]["image"] = image_json(race.canvas());
    }
    j["views"] = views;

    json lj = {{"active", lesson.active()}, {"error", lesson.error}, {"picker_open", lesson.picker_open}};
    if (lesson.active()) {
        const auto& st = lesson.lesson->steps[static_cast<size_t>(lesson.index)];
        lj["name"] = lesson.lesson->name;
        lj["title"] = lesson.lesson->title;
        lj["index"] = lesson.index;
        lj["steps"] = lesson.lesson->steps.size();
        lj["narration"] = lesson.revealed ? lesson.narration_revealed : lesson.narration;
        lj["revealed"] = lesson.revealed;
        lj["step"] = app.step;
        lj["show_metrics"] = app.settings.show_metrics;
        lj["show_diagram"] = app.settings.show_diagram;
        lj["narration_error"] = lesson.narration_error;
        lj["narration_rect"] = {lesson.narration_rect[0] * sx, lesson.narration_rect[1] * sy,
                                lesson.narration_rect[2] * sx, lesson.narration_rect[3] * sy};
        lj["panels"] = st.view.panels;
        // Floating windows on screen (they must leave the narration uncovered).
        json floating = json::array();
        for (const char* title : {kSassWindowTitle, kBenchWindowTitle, kLookbackWindowTitle}) {
            const ImGuiWindow* w = ImGui::FindWindowByName(title);
            if (!w || !w->WasActive) continue;
            floating.push_back(
                {{"title", title},
                 {"rect",
                  {w->Pos.x * sx, w->Pos.y * sy, (w->Pos.x + w->Size.x) * sx, (w->Pos.y + w->Size.y) * sy}}});
        }
        lj["floating"] = floating;
        lj["sass_open"] = sass.open;
        if (st.question) {
            lj["question"] = {{"kind", st.question->quantity.kind},
                              {"ask", st.question->ask},
                              {"answerable", lesson.answer && lesson.answer->ok},
                              {"answer", lesson.answer ? lesson.answer->text() : ""}};
            if (lesson.verdict)
                lj["verdict"] = {{"correct", lesson.verdict->correct}, {"message", lesson.verdict->message}};
        }
        if (!st.view.kernel.empty())  // a kernel step: the learner's copy, its schedule, the goal
            lj["kernel"] = {{"file", lesson.kernel_file},
                            {"interleaved", lesson.kernel_interleaved},
                            {"panel", lesson.shows_kernel},
                            {"hazards_hidden", app.learner.hazards_hidden},
                            {"goal", st.goal_fixed},
                            {"goal_passed", lesson.goal_passed},
                            {"goal_why", lesson.goal_why}};
    }
    j["lesson"] = lj;
    return j;
}

}  // namespace scanviz::ui
