#include "source_view.hpp"

#include "drawn_text.hpp"

#include <imgui.h>

#include <algorithm>

#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "core/learner/source_steps.hpp"
#include "core/models/variants.hpp"
#include "embedded_sources.hpp"
#include "view_common.hpp"
#include "core/common/strings.hpp"
#include "core/sass/source_fold.hpp"
#include "core/sass/source_lines.hpp"

namespace scanviz::ui {
std::vector<SourceLine> parse_source(const char* text) {
    std::vector<SourceLine> out;
    std::string_view all(text);
    size_t start = 0;
    while (start <= all.size()) {
        size_t end = all.find('\n', start);
        if (end == std::string_view::npos) end = all.size();
        SourceLine line;
        line.text = std::string(all.substr(start, end - start));
        for (const auto& entry : sass::step_tag_entries(line.text)) line.tags.push_back(entry.second);
        out.push_back(std::move(line));
        if (end == all.size()) break;
        start = end + 1;
    }
    if (!out.empty() && out.back().text.empty()) out.pop_back();
    return out;
}

void SourceView::Update(const App& app) {
    // The learner's own file while the window is about it (its trace's variant is its `like`
    // twin's), else the variant's file.
    const bool learner = app.learner.shown;
    const std::string variant =
        learner ? "\x02" + app.learner.path + "#" + std::to_string(app.learner.revision)
                : app.has_trace ? app.trace.spec.variant : app.form.variant;
    if (variant != variant_) {
        variant_ = variant;
        lines.clear();
        missing.clear();
        path.clear();
        const VariantInfo* info = learner ? nullptr : find_variant(variant);
        if (learner) {
            path = app.learner.path;
            lines = parse_source(app.learner.text.c_str());
            const std::vector<std::string> phases = learner_step_phases(app.learner.text);
            for (size_t i = 0; i < lines.size() && i < phases.size(); ++i)
                if (!phases[i].empty()) lines[i].tags.push_back(phases[i]);
        } else if (!info || info->source_file.empty()) {
            missing = i18n::tr("no kernel file is named for this variant yet:") + (" " + variant);
        } else {
            path = std::string(info->source_file);
            if (const char* text = find_embedded(path))
                lines = parse_source(text);
            else
                missing = path + i18n::tr(" was not embedded in this build (not in kernels/ when it was built)");
        }
        phase_ = "\x01";
    }
    // The line a learner's error names is marked in place of the step's lines.
    const int error_line = learner ? app.learner.error_line : 0;
    const std::string phase =
        error_line > 0 ? "\x03" + std::to_string(error_line) : app.current_phase();
    if (phase != phase_) {
        phase_ = phase;
        highlighted.clear();
        if (error_line > 0 && error_line <= static_cast<int>(lines.size()))
            highlighted.push_back(error_line - 1);
        for (size_t i = 0; i < lines.size() && error_line == 0; ++i)
            if (std::any_of(lines[i].tags.begin(), lines[i].tags.end(),
                            [&](const std::string& t) { return sass::tag_names_phase(t, phase); }))
                highlighted.push_back(static_cast<int>(i));
        scroll_pending_ = !highlighted.empty();
    }
    const bool fold = !app.settings.show_instrumentation;
    const std::string shown_for = variant_ + (fold ? "#folded" : "#all");
    if (shown_for != shown_for_) {
        shown_for_ = shown_for;
        std::string text;
        for (const SourceLine& l : lines) text += l.text + "\n";
        const sass::FoldedSource view = fold ? sass::fold_instrumentation(text) : sass::unfolded(text);
        shown = view.original;
        shown_text = view.lines;
        folded = fold && shown.size() < lines.size();
        scroll_pending_ = !highlighted.empty();
    }
}

void SourceView::Draw(App& app) {
    ImGui::Begin((std::string(i18n::tr("Source")) + "###source").c_str(), nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
    DrawBadge(app);
    Update(app);
    if (!missing.empty()) {
        TextWrappedCJK("%s", missing.c_str());
        ImGui::End();
        return;
    }
    const std::string phase = app.current_phase();
    ImGui::Text("%s", path.c_str());
    if (ImGui::Checkbox((std::string(i18n::tr("show instrumentation")) + "###instrumentation").c_str(),
                        &app.settings.show_instrumentation)) Update(app);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", i18n::tr("The probe calls that record each step and the race lab's barrier switches.\n"
                                         "Off: the kernel as it reads without them (the code the SASS view shows)."));
    if (folded) {
        ImGui::SameLine();
        ImGui::TextDisabled(i18n::trn("(%zu line folded)", "(%zu lines folded)", lines.size() - shown.size()),
                            lines.size() - shown.size());
    }
    const auto lit = [&](int file_line) {
        return std::binary_search(highlighted.begin(), highlighted.end(), file_line);
    };
    const size_t lit_shown = static_cast<size_t>(std::count_if(shown.begin(), shown.end(), lit));
    if (app.learner.shown && app.learner.error_line > 0) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(error_colour(app.settings.presentation)));
        TextWrappedCJK("%s", app.learner.error.c_str());
        ImGui::PopStyleColor();
    } else if (!phase.empty())
        ImGui::Text(i18n::trn("phase \"%s\": %zu line", "phase \"%s\": %zu lines", lit_shown),
                    i18n::step_label(phase).c_str(), lit_shown);
    ImGui::BeginChild("##source_lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(fonts_->code(app.settings.presentation));
    const ImU32 mark = highlight_line_colour(app.settings.presentation);
    for (size_t k = 0; k < shown.size(); ++k) {
        const int i = shown[k];
        const std::string& text = shown_text[k];
        if (lit(i)) {
            const ImVec2 p = ImGui::GetCursorScreenPos();
            const float w =
                std::max(ImGui::GetContentRegionAvail().x, ImGui::CalcTextSize(text.c_str()).x + 60);
            ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + w, p.y + ImGui::GetTextLineHeight()),
                                                      mark);
            if (scroll_pending_) {  // the first lit line shown
                ImGui::SetScrollHereY(0.3f);
                scroll_pending_ = false;
            }
        }
        ImGui::TextDisabled("%4d", i + 1);  // the file's line number, folded or not
        ImGui::SameLine();
        const NotRecorded code;  // the kernel's own text, comments included
        ImGui::TextUnformatted(text.c_str());
    }
    ImGui::PopFont();
    ImGui::EndChild();
    ImGui::End();
}

}  // namespace scanviz::ui
