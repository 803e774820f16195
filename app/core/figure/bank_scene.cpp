// The bank picture (trace_scene.hpp, build_bank_scene): every bank-conflict lecture's
// drawing, from the trace's own accesses (core/analysis/metrics.hpp groups them).
#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "core/analysis/metrics.hpp"
#include "core/figure/scene_parts.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"

namespace scanviz::figure {

Scene build_bank_scene(const Trace& trace, int step, int warp, const SceneStyle& style) {
    Scene scene;
    scene.background_rgba = style.background;
    const float margin = style.cell_w * 0.4f;
    // Lane numbers have at most two digits: cells just wide enough, so the 32 banks fit a slide.
    const float cell_w = style.text_size * 0.9f * (0.62f * 2.0f + 0.25f), cell_h = style.cell_h;
    const float pitch_x = cell_w + style.cell_w * 0.06f, pitch_y = cell_h + style.cell_h * 0.12f;
    const float x0 = margin + style.small_text * 0.62f * 5.5f;
    float y = margin;
    float max_x = x0 + kSharedBanks * pitch_x;
    const int steps = static_cast<int>(trace.steps.size());
    if (step < 0 || step >= steps) {
        scene.labels.push_back(TextLabel{margin, y, i18n::tr("banks: choose a step that touches shared memory"),
                                         style.muted_text, style.text_size, false});
        scene.width = max_x + margin;
        scene.height = y + style.text_size * 2;
        return scene;
    }
    std::vector<SharedAccessGroup> groups;
    for (SharedAccessGroup& g : shared_access_groups(trace, step))
        if (g.warp == warp) groups.push_back(std::move(g));
    scene.labels.push_back(TextLabel{margin, y,
                                     i18n::format(i18n::tr("banks of warp %d (threads %d to %d), step %d: %s"), warp,
                                                 32 * warp, 32 * warp + 31, step + 1,
                                                 i18n::step_label(trace.steps[step].label).c_str()),
                                     style.text, style.text_size, false});
    y += style.text_size * 1.6f;
    if (groups.empty()) {
        scene.labels.push_back(TextLabel{margin, y, i18n::tr("this warp does not touch shared memory in this step"),
                                         style.muted_text, style.small_text, false});
        y += style.small_text * 1.5f;
    }
    for (const SharedAccessGroup& g : groups) {
        const std::string what =
            g.degree == 1
                ? i18n::format(g.is_write ? i18n::tr("write %d of each thread: conflict degree %d (one pass)")
                                         : i18n::tr("read %d of each thread: conflict degree %d (one pass)"),
                              g.index + 1, g.degree)
                : i18n::format(g.is_write ? i18n::tr("write %d of each thread: conflict degree %d (%d passes)")
                                         : i18n::tr("read %d of each thread: conflict degree %d (%d passes)"),
                              g.index + 1, g.degree, g.degree);
        scene.labels.push_back(TextLabel{margin, y, what, g.degree > 1 ? style.edge_hazard : style.text,
                                         style.small_text * 1.1f, false});
        y += style.small_text * 1.5f;
        for (int b = 0; b < kSharedBanks; ++b)
            scene.labels.push_back(TextLabel{x0 + b * pitch_x + cell_w * 0.5f, y + style.small_text * 0.5f,
                                             std::to_string(b), style.muted_text, style.small_text * 0.9f,
                                             true});
        scene.labels.push_back(
            TextLabel{margin, y, i18n::trc("bank scene", "bank"), style.muted_text, style.small_text * 0.9f, false});
        y += style.small_text * 1.2f;
        // Per bank: the distinct words, in order, each with the lanes that touch it.
        std::map<int, std::map<int, std::vector<int>>> banks;  // bank -> word -> lanes
        for (const SharedAccess& a : g.accesses) banks[a.bank][a.word].push_back(a.thread - 32 * warp);
        int depth = 1;
        for (const auto& [bank, words] : banks) depth = std::max(depth, static_cast<int>(words.size()));
        for (int b = 0; b < kSharedBanks; ++b) {
            const float x = x0 + b * pitch_x;
            // The empty bank column, then the words stacked in it.
            scene.nodes.push_back(NodeInstance{x, y, cell_w, depth * pitch_y - (pitch_y - cell_h),
                                               style.pass_fill, style.pass_border, style.border_px, step, -1,
                                               0.1f});
            const auto it = banks.find(b);
            if (it == banks.end()) continue;
            int row = 0;
            const bool conflict = it->second.size() > 1;
            for (const auto& [word, lanes] : it->second) {
                const float cy = y + row * pitch_y;
                const uint32_t fill = conflict ? style.edge_hazard : style.written_fill;
                NodeInstance cell{x, cy, cell_w, cell_h, fill, style.written_border, style.border_px, step};
                cell.role = conflict ? Role::Hazard : Role::None;
                scene.nodes.push_back(cell);
                std::string text = std::to_string(lanes.front());
                if (lanes.size() > 1) text += "+";  // several lanes, one word: a broadcast, no conflict
                TextLabel l{x + cell_w * 0.5f,
                            cy + cell_h * 0.5f,
                            text,
                            conflict ? style.background : style.text,
                            style.text_size * 0.9f,
                            true};
                l.node = static_cast<int>(scene.nodes.size()) - 1;
                scene.labels.push_back(std::move(l));
                ++row;
            }
        }
        // The degree beside the grid, large.
        scene.labels.push_back(TextLabel{
            x0 + kSharedBanks * pitch_x + cell_w * 0.4f, y + cell_h * 0.5f, "x" + std::to_string(g.degree),
            g.degree > 1 ? style.edge_hazard : style.text, style.text_size * 1.3f, false});
        max_x = std::max(max_x, x0 + kSharedBanks * pitch_x + style.text_size * 3.0f);
        scene.labels.push_back(TextLabel{margin, y + cell_h * 0.5f - style.small_text * 0.5f, i18n::trc("bank scene", "lanes"),
                                         style.muted_text, style.small_text * 0.9f, false});
        y += depth * pitch_y + style.small_text * 1.2f;
    }
    scene.width = max_x + margin;
    scene.height = y + margin;
    return scene;
}

}  // namespace scanviz::figure
