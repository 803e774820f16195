#include "sidebar_view.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>

#include "core/models/variants.hpp"
#include "theme.hpp"
#include "view_common.hpp"

namespace scanviz::ui {
namespace {

void FieldError(const App& app, const std::string& message) {
    if (message.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(error_colour(app.settings.presentation)));
    ImGui::TextWrapped("%s", message.c_str());
    ImGui::PopStyleColor();
}

const char* level_heading(Level l) {
    switch (l) {
        case Level::Warp:
            return "Warp (32 lanes)";
        case Level::Block:
            return "Block (one thread block)";
        case Level::Device:
            return "Whole array (many blocks)";
    }
    return "?";
}

}  // namespace

bool SidebarView::DrawPicker(App& app) {
    bool changed = false;
    for (Level level : {Level::Warp, Level::Block, Level::Device}) {
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
        if (!ImGui::TreeNodeEx(level_heading(level), ImGuiTreeNodeFlags_NoTreePushOnOpen)) continue;
        for (const VariantInfo& v : all_variants()) {
            if (v.level != level) continue;
            const bool selected = app.form.variant == v.id;
            ImGui::PushID(v.id.data(), v.id.data() + v.id.size());
            const std::string title = std::string(v.title) + "##pick";
            if (ImGui::Selectable(title.c_str(), selected)) {
                if (!selected) {
                    app.form.variant = std::string(v.id);
                    app.form.n = v.default_n;
                    app.form.threads = 0;
                    app.form.items_per_thread = 0;
                    changed = true;
                }
            }
            if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY(0.3f);
            ImGui::Indent();
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextDisabled("%s  [%s; %s]", std::string(v.description).c_str(), std::string(v.id).c_str(),
                                std::string(v.accepts).c_str());
            ImGui::PopTextWrapPos();
            ImGui::Unindent();
            ImGui::PopID();
        }
    }
    return changed;
}

bool SidebarView::DrawInput(App& app) {
    InputForm& f = app.form;
    const VariantInfo* info = find_variant(f.variant);
    bool changed = false;
    const float field_w = ImGui::GetFontSize() * 7.0f;

    ImGui::SetNextItemWidth(field_w);
    changed |= ImGui::InputInt("n", &f.n, 0, 0);
    if (info) {
        ImGui::SameLine();
        ImGui::TextDisabled("(%s)", std::string(info->accepts).c_str());
    }
    ImGui::SetNextItemWidth(field_w);
    changed |= ImGui::InputInt("threads", &f.threads, 0, 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("threads per block; 0 = the variant's default for n");
    if (info && info->has_items_per_thread) {
        ImGui::SetNextItemWidth(field_w);
        changed |= ImGui::InputInt("items/thread", &f.items_per_thread, 0, 0);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("items per thread; 0 = the variant's default");
    }
    const char* ops[] = {"add", "max", "min"};
    int op = static_cast<int>(f.op);
    ImGui::SetNextItemWidth(field_w);
    if (ImGui::Combo("operator", &op, ops, 3)) {
        f.op = static_cast<Op>(op);
        changed = true;
    }
    const char* types[] = {"int32", "float32"};
    int type = static_cast<int>(f.type);
    ImGui::SetNextItemWidth(field_w);
    if (ImGui::Combo("type", &type, types, 2)) {
        f.type = static_cast<ElemType>(type);
        changed = true;
    }
    changed |= ImGui::Checkbox("exclusive", &f.exclusive);
    FieldError(app, app.errors.size);

    ImGui::TextUnformatted("values");
    int kind = static_cast<int>(f.input);
    changed |= ImGui::RadioButton("random", &kind, static_cast<int>(InputKind::Random));
    ImGui::SameLine();
    changed |= ImGui::RadioButton("ones", &kind, static_cast<int>(InputKind::Ones));
    ImGui::SameLine();
    changed |= ImGui::RadioButton("ramp", &kind, static_cast<int>(InputKind::Ramp));
    ImGui::SameLine();
    changed |= ImGui::RadioButton("typed", &kind, static_cast<int>(InputKind::Given));
    f.input = static_cast<InputKind>(kind);
    if (f.input == InputKind::Random) {
        ImGui::SetNextItemWidth(field_w);
        changed |= ImGui::InputInt("seed", &f.seed);
        f.seed = std::max(f.seed, 0);
    }
    if (f.input == InputKind::Given) {
        changed |= ImGui::InputTextMultiline("##values", &f.values_text,
                                             ImVec2(-1, ImGui::GetTextLineHeight() * 3.5f));
        ImGui::TextDisabled("n values, separated by commas or spaces");
        FieldError(app, app.errors.values);
    }
    if (info && info->segmented) {
        ImGui::SetNextItemWidth(-1);
        changed |= ImGui::InputTextWithHint("##heads", "segment heads, e.g. 0, 5, 12", &f.heads_text);
        ImGui::TextDisabled("positions where a segment starts (empty = lane 0 only)");
        FieldError(app, app.errors.heads);
    }
    return changed;
}

void SidebarView::Draw(App& app) {
    ImGui::Begin("scanviz", nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
    // Where the trace comes from: always visible, above everything that scrolls.
    ImGui::TextUnformatted("Trace from:");
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    const std::string source = app.source_line();
    if (app.has_trace && app.trace.source.kind != "model")
        ImGui::TextColored(badge_colour(app.settings.presentation), "%s", source.c_str());
    else
        ImGui::TextUnformatted(source.c_str());
    ImGui::PopTextWrapPos();
    DrawBadge(app);
    FieldError(app, app.errors.variant);
    FieldError(app, app.errors.run);
    if (app.errors.any() && app.has_trace)
        ImGui::TextDisabled("showing the last good trace: %s, n = %d", app.trace.spec.variant.c_str(),
                            app.trace.spec.n);
    ImGui::Separator();

    const float avail = ImGui::GetContentRegionAvail().y;
    bool changed = false;
    ImGui::BeginChild("##picker", ImVec2(0, avail * 0.5f), true);
    changed |= DrawPicker(app);
    ImGui::EndChild();
    ImGui::BeginChild("##input", ImVec2(0, 0), false);
    changed |= DrawInput(app);
    if (!app.status.empty()) {
        ImGui::Separator();
        ImGui::TextWrapped("%s", app.status.c_str());
    }
    ImGui::EndChild();
    if (changed) app.apply_form();
    ImGui::End();
}

}  // namespace scanviz::ui
