#include "sass_view.hpp"

#include "drawn_text.hpp"
#include "view_common.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <exception>

#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "embedded_sources.hpp"
#include "kernels/sass/sass_paths.hpp"

namespace scanviz::ui {
using i18n::tr;
namespace {

// One colour per opcode class (readable on the dark and the light theme).
ImU32 class_colour(sass::OpClass c) {
    switch (c) {
        case sass::OpClass::Shared:
            return IM_COL32(86, 180, 233, 255);
        case sass::OpClass::Shuffle:
            return IM_COL32(0, 158, 115, 255);
        case sass::OpClass::Global:
            return IM_COL32(0, 114, 178, 255);
        case sass::OpClass::IntArith:
            return IM_COL32(230, 159, 0, 255);
        case sass::OpClass::FloatArith:
            return IM_COL32(213, 94, 0, 255);
        case sass::OpClass::CompareSelect:
            return IM_COL32(204, 121, 167, 255);
        case sass::OpClass::Control:
            return IM_COL32(220, 60, 60, 255);
        case sass::OpClass::Barrier:
            return IM_COL32(170, 60, 200, 255);
        case sass::OpClass::VoteBit:
            return IM_COL32(240, 228, 66, 255);
        case sass::OpClass::Move:
            return IM_COL32(150, 150, 150, 255);
        case sass::OpClass::Nop:
            return IM_COL32(100, 100, 100, 255);
    }
    return IM_COL32(150, 150, 150, 255);
}

// How a listing's region was counted, as the reader's words (the ids stay the command line's
// and the JSON's: sass::method_name). Where it came from: sass::provenance_shown.
using sass::provenance_shown;

const char* method_shown(sass::RegionMethod m) {
    return m == sass::RegionMethod::SourceLines ? i18n::trc("sass region method", "lines")
                                                : i18n::trc("sass region method", "minus-base");
}

void class_tooltip(sass::OpClass c) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(tr(sass::class_title(c).data()));
    ImGui::Separator();
    ImGui::TextUnformatted(tr(sass::class_explanation(c).data()));
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

sass::Locations locations() {
    const auto& p = kern::sass_paths();
    return sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built};
}

std::vector<sass::StepTag> embedded_tags(const sass::Function& f) {
    std::vector<sass::StepTag> tags;
    for (const auto& file : sass::source_files(f)) {
        if (const char* text = find_embedded(file)) {
            auto t = sass::parse_step_tags(file, text);
            tags.insert(tags.end(), t.begin(), t.end());
        }
    }
    return tags;
}

}  // namespace

void SassView::Reload() {
    loaded_ = true;
    error.clear();
    columns.clear();
    rows.clear();
    archs_ = kern::available_sass_archs();
    if (archs_.empty()) {
        error = tr("no SASS: this build compiles no cubins and assets/sass has no snapshot");
        return;
    }
    // The one default the lessons share (their SASS figures come from the architecture shown here).
    if (arch.empty() || std::find(archs_.begin(), archs_.end(), arch) == archs_.end()) arch = sass::default_arch(archs_);
    try {
        rows = sass::count_table(locations(), archs_, {});
        all_variants_.clear();
        for (const auto& r : rows)
            if (std::find(all_variants_.begin(), all_variants_.end(), r.variant) == all_variants_.end())
                all_variants_.push_back(r.variant);
        for (const auto& v : variants) {
            SassColumn col;
            col.variant = v;
            const std::string base = v.substr(0, v.find("__"));
            auto loaded = sass::load(locations(), arch, "iso_" + base);
            col.provenance = loaded.provenance;
            col.message = loaded.message;
            col.listing = std::move(loaded.listing);
            if (col.listing) {
                const auto& fns = col.listing->functions;
                for (size_t i = 0; i < fns.size(); ++i)
                    if (fns[i].name == "iso_" + v) col.kernel = static_cast<int>(i);
                if (const sass::Function* f = col.function()) {
                    col.region =
                        sass::scan_region(*f, col.listing->find("base_" + base), sass::region_file_of(v));
                    col.in_region.assign(f->code.size(), false);
                    for (int i : col.region.instructions) col.in_region[static_cast<size_t>(i)] = true;
                    col.tags = embedded_tags(*f);
                } else {
                    col.message = tr("the listing has no kernel") + (" iso_" + v);
                }
            }
            columns.push_back(std::move(col));
        }
    } catch (const std::exception& e) {
        error = e.what();
    }
}

void SassView::Window(App& app, const Fonts& fonts) {
    fonts_ = &fonts;
    if (ImGui::BeginMainMenuBar()) {  // appends to the window's menu bar
        if (ImGui::BeginMenu(i18n::trc("menu", "View"))) {
            ImGui::MenuItem(tr("SASS: instructions per variant"), "F7", &open, !app.settings.is_locked("sass"));
            ImGui::EndMenu();
        }
        ImGui::EndMainMenuBar();
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_F7, false) && !ImGui::GetIO().WantTextInput && !app.settings.is_locked("sass"))
        open = !open;
    if (!open) return;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x * 0.7f, vp->WorkSize.y * 0.75f), ImGuiCond_FirstUseEver);
    // The id "###sass" is the one session.cpp finds the window by (a lesson places it; the state dump).
    const std::string title = std::string(tr("SASS: what the compiler made of each scan")) + "###sass";
    if (ImGui::Begin(title.c_str(), &open)) Draw(app);
    ImGui::End();
}

void SassView::Draw(App& app) {
    if (!loaded_) Reload();
    if (fonts_) ImGui::PushFont(fonts_->ui(app.settings.presentation));
    if (!error.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", error.c_str());

    // Architecture and the variants shown side by side.
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    if (ImGui::BeginCombo((std::string(tr("architecture")) + "###arch").c_str(), arch.c_str())) {
        for (const auto& a : archs_)
            if (ImGui::Selectable(a.c_str(), a == arch)) {
                arch = a;
                Reload();
            }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button((std::string(tr("variants side by side...")) + "###variants").c_str()))
        ImGui::OpenPopup("##sass_variants");
    if (ImGui::BeginPopup("##sass_variants")) {
        bool changed = false;
        for (const auto& v : all_variants_) {
            bool on = std::find(variants.begin(), variants.end(), v) != variants.end();
            if (ImGui::Checkbox(v.c_str(), &on)) {
                changed = true;
                if (on)
                    variants.push_back(v);
                else
                    variants.erase(std::remove(variants.begin(), variants.end(), v), variants.end());
            }
        }
        if (changed) Reload();
        ImGui::EndPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button((std::string(tr("reload")) + "###reload").c_str())) Reload();

    // The phase whose instructions light up: the step-through's, unless an
    // instruction was clicked since.
    const std::string step_phase = app.current_phase();
    if (!step_phase.empty()) phase = step_phase;
    ImGui::SameLine();
    if (phase.empty())
        ImGui::TextDisabled("%s", tr("highlighted: (no step selected)"));
    else
        ImGui::TextDisabled(tr("highlighted: phase \"%s\""), i18n::step_label(phase).c_str());

    if (ImGui::BeginTabBar("##sass_tabs")) {
        if (ImGui::BeginTabItem((std::string(tr("side by side")) + "###side").c_str())) {
            DrawColumns(app);
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem((std::string(tr("counts")) + "###counts").c_str())) {
            DrawTable(app);
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem((std::string(tr("chart, every architecture")) + "###chart").c_str())) {
            DrawChart(app);
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    if (fonts_) ImGui::PopFont();
}

void SassView::DrawColumns(App& app) {
    if (columns.empty()) {
        ImGui::TextUnformatted(tr("Pick two or more variants (variants side by side...)."));
        return;
    }
    const int n = static_cast<int>(columns.size());
    if (!ImGui::BeginTable("##sass_columns", n, ImGuiTableFlags_Resizable | ImGuiTableFlags_BordersInnerV))
        return;
    for (const auto& c : columns) ImGui::TableSetupColumn(c.variant.c_str());
    ImGui::TableHeadersRow();
    ImGui::TableNextRow();
    const float height = ImGui::GetContentRegionAvail().y;
    for (int ci = 0; ci < n; ++ci) {
        ImGui::TableSetColumnIndex(ci);
        const SassColumn& col = columns[static_cast<size_t>(ci)];
        const sass::Function* f = col.function();
        ImGui::PushID(ci);
        if (!f) {
            TextWrappedCJK("%s", col.message.c_str());
            ImGui::PopID();
            continue;
        }
        TextWrappedCJK(tr("region %d (method %s), kernel %d; %s"), col.region.counts.total(),
                           method_shown(col.region.method), sass::count(*f).total(),
                           provenance_shown(col.provenance));
        ImGui::BeginChild("##listing", ImVec2(0, height - ImGui::GetTextLineHeightWithSpacing() * 2), false,
                          ImGuiWindowFlags_HorizontalScrollbar);
        if (fonts_) ImGui::PushFont(fonts_->code(app.settings.presentation));
        const ImU32 lit = IM_COL32(255, 220, 90, 60);
        for (size_t i = 0; i < f->code.size(); ++i) {
            const auto& ins = f->code[i];
            if (ins.cls == sass::OpClass::Nop && !col.in_region[i] && i > 0 &&
                f->code[i - 1].cls == sass::OpClass::Nop)
                continue;  // the padding after EXIT
            const auto steps = sass::steps_of(ins, col.tags);
            const bool in_phase = sass::instruction_in_step(ins, phase, col.tags);
            const ImVec2 p = ImGui::GetCursorScreenPos();
            if (in_phase)
                ImGui::GetWindowDrawList()->AddRectFilled(
                    p, ImVec2(p.x + ImGui::GetContentRegionAvail().x, p.y + ImGui::GetTextLineHeight()), lit);
            char head[24];
            std::snprintf(head, sizeof head, "%c %04x ", col.in_region[i] ? '>' : ' ', ins.address);
            bool clicked = false;
            {
                const NotRecorded code;  // the listing itself: addresses and SASS, the same in every language
                ImGui::TextDisabled("%s", head);
                ImGui::SameLine(0, 0);
                ImGui::PushStyleColor(ImGuiCol_Text, class_colour(ins.cls));
                ImGui::PushID(static_cast<int>(i));
                clicked = ImGui::Selectable(ins.text.c_str(), in_phase);
            }
            if (clicked && !steps.empty()) {
                // The reverse link: go to the first step of this instruction's phase (a phase
                // name may hold parentheses: the tag names it either way).
                phase = steps.front();
                if (app.has_trace &&
                    app.trace.spec.variant == col.variant.substr(0, col.variant.find("__"))) {
                    for (size_t s = 0; s < app.trace.steps.size(); ++s)
                        if (sass::instruction_in_step(ins, app.trace.steps[s].phase, col.tags)) {
                            phase = app.trace.steps[s].phase;
                            app.set_step(static_cast<int>(s));
                            break;
                        }
                }
            }
            ImGui::PopID();
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
                ImGui::TextUnformatted(tr(sass::class_title(ins.cls).data()));
                ImGui::TextUnformatted(tr(sass::class_explanation(ins.cls).data()));
                ImGui::Separator();
                for (const auto& fr : ins.frames) {
                    const NotRecorded code;
                    ImGui::Text("%s:%d", fr.file.c_str(), fr.line);
                }
                for (const auto& s : steps) ImGui::Text(tr("step: %s (click to go there)"), i18n::step_label(s).c_str());
                ImGui::PopTextWrapPos();
                ImGui::EndTooltip();
            }
        }
        if (fonts_) ImGui::PopFont();
        ImGui::EndChild();
        ImGui::PopID();
    }
    ImGui::EndTable();
}

void SassView::DrawTable(const App& app) {
    TextWrappedCJK(
        tr("%s: scan region by opcode class (int32 add, inclusive). Method 'lines': the instructions "
           "from the routine's own file; 'minus-base': kernel minus its load/store baseline. NOPs are not "
           "in the totals. Hover a class for what it means."),
        arch.c_str());
    // Work done beside code size: warp instructions the whole app kernel executed, per warp.
    // A lesson shows the measured column only for a question about it.
    const bool measured = !lesson_only || lesson_measured;
    if (measured) ImGui::TextDisabled(tr("executed / warp: %s"), app.profile_status().c_str());
    const ProfileTable* profile = measured && app.profile ? &*app.profile : nullptr;
    const int ncols = 3 + sass::kClassCount + 2;
    if (!ImGui::BeginTable(
            "##sass_counts", ncols,
            ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX))
        return;
    ImGui::TableSetupColumn(i18n::trc("table header", "variant"));
    ImGui::TableSetupColumn(i18n::trc("table header", "region"));
    ImGui::TableSetupColumn(i18n::trc("table header", "method"));
    for (auto c : sass::kAllClasses) ImGui::TableSetupColumn(std::string(sass::class_name(c)).c_str());
    ImGui::TableSetupColumn(i18n::trc("table header", "kernel"));
    ImGui::TableSetupColumn(tr("executed / warp"));
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int i = 0; i < ncols; ++i) {
        ImGui::TableSetColumnIndex(i);
        const bool is_class = i >= 3 && i < 3 + sass::kClassCount;
        if (is_class)
            ImGui::PushStyleColor(ImGuiCol_Text, class_colour(sass::kAllClasses[static_cast<size_t>(i - 3)]));
        ImGui::TableHeader(ImGui::TableGetColumnName(i));
        if (is_class) {
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered()) class_tooltip(sass::kAllClasses[static_cast<size_t>(i - 3)]);
        }
    }
    for (const auto& r : rows) {
        if (r.arch != arch || !Listed(r.variant)) continue;
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(r.variant.c_str());
        if (!r.method) {
            ImGui::TableSetColumnIndex(1);
            ImGui::TextColored(ImVec4(1, 0.5f, 0.3f, 1), "%s",
                               provenance_shown(r.provenance));
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.message.c_str());
            continue;
        }
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("%d", r.region.total());
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(method_shown(*r.method));
        for (int k = 0; k < sass::kClassCount; ++k) {
            ImGui::TableSetColumnIndex(3 + k);
            const int v = r.region.by_class[static_cast<size_t>(k)];
            if (v)
                ImGui::Text("%d", v);
            else
                ImGui::TextDisabled("0");
        }
        ImGui::TableSetColumnIndex(3 + sass::kClassCount);
        ImGui::Text("%d", r.whole.total());
        ImGui::TableSetColumnIndex(4 + sass::kClassCount);
        const ProfileRow* pr = profile ? find_row(*profile, r.variant) : nullptr;
        if (pr && pr->ours.warps > 0) {
            ImGui::Text("%lld", static_cast<long long>(pr->ncu.inst_executed / pr->ours.warps));
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(
                    tr("ncu: %lld warp instructions executed by the app's kernel (%s, %d warps), %lld "
                       "thread instructions; the kernel includes the tile's load and store"),
                    static_cast<long long>(pr->ncu.inst_executed), pr->case_name.c_str(), pr->ours.warps,
                    static_cast<long long>(pr->ncu.thread_inst_executed));
        } else {
            ImGui::TextDisabled("%s", !measured ? tr("after the question") : profile ? tr("not profiled") : "n/a");
        }
    }
    ImGui::EndTable();
}

bool SassView::Listed(const std::string& row_variant) const {
    if (!lesson_only) return true;
    const std::string base = row_variant.substr(0, row_variant.find("__"));
    for (const auto& v : variants)
        if (v == row_variant || v == base) return true;
    return false;
}

void SassView::DrawChart(const App&) {
    TextWrappedCJK(
        "%s", tr("Scan region per variant, one block per architecture; each bar is split by opcode class "
                 "(hover a segment). The CUDA Handbook (13.5.4) counted 30, 17 and 11 instructions for the "
                 "conditional, zero-padded and shuffle scans on SM 3.0."));
    int max_total = 1;
    size_t name_w = 0;
    for (const auto& r : rows) {
        if (r.method) max_total = std::max(max_total, r.region.total());
        name_w = std::max(name_w, r.variant.size());
    }
    ImGui::BeginChild("##sass_chart", ImVec2(0, 0), false);
    const float label_w = ImGui::CalcTextSize(std::string(name_w + 1, 'x').c_str()).x;
    const float bar_h = ImGui::GetTextLineHeight();
    const float full_w = std::max(50.0f, ImGui::GetContentRegionAvail().x - label_w - 60.0f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (const auto& a : archs_) {
        ImGui::Separator();
        ImGui::TextUnformatted(a.c_str());
        for (const auto& r : rows) {
            if (r.arch != a || !Listed(r.variant)) continue;
            ImGui::TextUnformatted(r.variant.c_str());
            ImGui::SameLine(label_w);
            if (!r.method) {
                ImGui::TextDisabled("%s", provenance_shown(r.provenance));
                continue;
            }
            ImVec2 p = ImGui::GetCursorScreenPos();
            for (auto c : sass::kAllClasses) {
                if (c == sass::OpClass::Nop) continue;
                const int v = r.region[c];
                if (!v) continue;
                const float w = full_w * static_cast<float>(v) / static_cast<float>(max_total);
                dl->AddRectFilled(p, ImVec2(p.x + w, p.y + bar_h), class_colour(c));
                if (ImGui::IsMouseHoveringRect(p, ImVec2(p.x + w, p.y + bar_h))) {
                    ImGui::BeginTooltip();
                    ImGui::Text(tr("%s on %s: %d %s"), r.variant.c_str(), a.c_str(), v,
                                tr(sass::class_title(c).data()));
                    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
                    ImGui::TextUnformatted(tr(sass::class_explanation(c).data()));
                    ImGui::PopTextWrapPos();
                    ImGui::EndTooltip();
                }
                p.x += w;
            }
            ImGui::Dummy(
                ImVec2(full_w * static_cast<float>(r.region.total()) / static_cast<float>(max_total), bar_h));
            ImGui::SameLine();
            ImGui::Text("%d", r.region.total());
        }
    }
    ImGui::EndChild();
}

}  // namespace scanviz::ui
