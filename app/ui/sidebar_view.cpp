#include "sidebar_view.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>

#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"
#include "theme.hpp"
#include "view_common.hpp"

namespace scanviz::ui {
using i18n::tr;
namespace {

// The program's name, the same in every language (the panel's title).
constexpr const char* kSidebarTitle = "scanviz###sidebar";

// A widget's label in the reader's language, with an id that stays the same in every language.
std::string label(const char* shown, const char* id) { return std::string(shown) + id; }

void FieldError(const App& app, const std::string& message) {
    if (message.empty()) return;
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(error_colour(app.settings.presentation)));
    TextWrappedCJK("%s", message.c_str());
    ImGui::PopStyleColor();
}

const char* level_heading(Level l) {
    switch (l) {
        case Level::Warp:
            return i18n::N_("Warp (32 lanes)");
        case Level::Block:
            return i18n::N_("Block (one thread block)");
        case Level::Device:
            return i18n::N_("Whole array (many blocks)");
    }
    return "?";
}

}  // namespace

bool SidebarView::DrawPicker(App& app) {
    bool changed = false;
    for (Level level : {Level::Warp, Level::Block, Level::Device}) {
        ImGui::SetNextItemOpen(true, ImGuiCond_Once);
        const std::string heading = label(tr(level_heading(level)), ("###level" + std::to_string(static_cast<int>(level))).c_str());
        if (!ImGui::TreeNodeEx(heading.c_str(), ImGuiTreeNodeFlags_NoTreePushOnOpen)) continue;
        for (const VariantInfo& v : all_variants()) {
            if (v.level != level) continue;
            const bool selected = app.form.variant == v.id;
            ImGui::PushID(v.id.data(), v.id.data() + v.id.size());
            // The title in the reader's language; the id stays the same in every language.
            const std::string title = variant_text(v.title) + "###pick";
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
            ImGui::TextDisabled("%s  [%s; %s]", variant_text(v.description).c_str(),
                                std::string(v.id).c_str(), variant_text(v.accepts).c_str());
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
        ImGui::TextDisabled("%s", i18n::format(tr("(%s)"), variant_text(info->accepts).c_str()).c_str());
    }
    ImGui::SetNextItemWidth(field_w);
    changed |= ImGui::InputInt(label(tr("threads"), "###threads").c_str(), &f.threads, 0, 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("threads per block; 0 = the variant's default for n"));
    if (info && info->has_items_per_thread) {
        ImGui::SetNextItemWidth(field_w);
        changed |= ImGui::InputInt(label(tr("items/thread"), "###items").c_str(), &f.items_per_thread, 0, 0);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("items per thread; 0 = the variant's default"));
    }
    const char* ops[] = {"add", "max", "min"};
    int op = static_cast<int>(f.op);
    ImGui::SetNextItemWidth(field_w);
    if (ImGui::Combo(label(tr("operator"), "###op").c_str(), &op, ops, 3)) {
        f.op = static_cast<Op>(op);
        changed = true;
    }
    const char* types[] = {"int32", "float32"};
    int type = static_cast<int>(f.type);
    ImGui::SetNextItemWidth(field_w);
    if (ImGui::Combo(label(tr("type"), "###type").c_str(), &type, types, 2)) {
        f.type = static_cast<ElemType>(type);
        changed = true;
    }
    changed |= ImGui::Checkbox(label(tr("exclusive"), "###exclusive").c_str(), &f.exclusive);
    FieldError(app, app.errors.size);

    ImGui::TextUnformatted(tr("values"));
    int kind = static_cast<int>(f.input);
    changed |= ImGui::RadioButton(label(tr("random"), "###random").c_str(), &kind, static_cast<int>(InputKind::Random));
    ImGui::SameLine();
    changed |= ImGui::RadioButton(label(tr("ones"), "###ones").c_str(), &kind, static_cast<int>(InputKind::Ones));
    ImGui::SameLine();
    changed |= ImGui::RadioButton(label(tr("ramp"), "###ramp").c_str(), &kind, static_cast<int>(InputKind::Ramp));
    ImGui::SameLine();
    changed |= ImGui::RadioButton(label(tr("typed"), "###typed").c_str(), &kind, static_cast<int>(InputKind::Given));
    f.input = static_cast<InputKind>(kind);
    if (f.input == InputKind::Random) {
        ImGui::SetNextItemWidth(field_w);
        changed |= ImGui::InputInt(label(tr("seed"), "###seed").c_str(), &f.seed);
        f.seed = std::max(f.seed, 0);
    }
    if (f.input == InputKind::Given) {
        changed |= ImGui::InputTextMultiline("##values", &f.values_text,
                                             ImVec2(-1, ImGui::GetTextLineHeight() * 3.5f));
        ImGui::TextDisabled("%s", tr("n values, separated by commas or spaces"));
        FieldError(app, app.errors.values);
    }
    if (info && info->segmented) {
        ImGui::SetNextItemWidth(-1);
        changed |= ImGui::InputTextWithHint("##heads", tr("segment heads, e.g. 0, 5, 12"), &f.heads_text);
        ImGui::TextDisabled("%s", tr("positions where a segment starts (empty = lane 0 only)"));
        FieldError(app, app.errors.heads);
    }
    return changed;
}

void SidebarView::Draw(App& app) {
    ImGui::Begin(kSidebarTitle, nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
    // Where the trace comes from: always visible, above everything that scrolls.
    ImGui::TextUnformatted(tr("Trace from:"));
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
        ImGui::TextDisabled(tr("showing the last good trace: %s, n = %d"), app.trace.spec.variant.c_str(),
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
        TextWrappedCJK("%s", app.status.c_str());
    }
    ImGui::EndChild();
    if (changed) app.apply_form();
    ImGui::End();
}

}  // namespace scanviz::ui
