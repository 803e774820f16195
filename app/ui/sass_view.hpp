// SASS view: the machine code the compiler made of each scan routine, for two
// or more variants side by side, instructions coloured by opcode class; the
// count table by class for one architecture and a bar chart of the region
// totals for every architecture; a tooltip per class in plain words. The
// instructions that came from the lines of the current step's phase are
// highlighted; clicking an instruction goes to the first step of its phase.
// Data: core/sass/sass.hpp (this build's disassembly, or the committed snapshot
// when its cubin hashes match; a stale snapshot is reported, not shown).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app.hpp"
#include "core/models/variants.hpp"
#include "core/sass/sass.hpp"
#include "theme.hpp"

namespace scanviz::ui {

struct SassColumn {
    std::string variant;
    sass::Provenance provenance = sass::Provenance::Missing;
    std::string message;  // where the listing came from, or why none is shown
    std::optional<sass::Listing> listing;
    int kernel = -1;  // index of iso_<variant> in listing->functions
    const sass::Function* function() const {
        return listing && kernel >= 0 ? &listing->functions[static_cast<size_t>(kernel)] : nullptr;
    }
    sass::Region region;
    std::vector<bool> in_region;      // per instruction
    std::vector<sass::StepTag> tags;  // of the files the kernel came from (embedded sources)
};

struct SassView {
    bool open = false;  // shown as a floating window (View menu, or F7)
    std::string arch;   // the architecture shown side by side and in the table
    std::vector<std::string> variants = sass_view_first();  // VariantInfo::sass_view_first
    // While a lesson is open the count table and the chart list only the variants of the columns
    // (the ones its question names), so that no row answers a later question before it is asked.
    bool lesson_only = false;
    bool lesson_measured = false;  // ... and the measured "executed / warp" column (a profile question)
    bool Listed(const std::string& row_variant) const;
    std::vector<SassColumn> columns;
    std::vector<sass::Row> rows;  // every architecture, every variant with a kernel
    std::string error;            // a listing that could not be read
    std::string phase;            // the phase whose instructions are highlighted

    // The menu item, the key and the window; call once per frame.
    void Window(App& app, const Fonts& fonts);
    void Draw(App& app);
    // Reloads the listings (after a change of architecture or variants).
    void Reload();

private:
    void DrawTable(const App& app);
    void DrawChart(const App& app);
    void DrawColumns(App& app);

    const Fonts* fonts_ = nullptr;
    bool loaded_ = false;
    std::vector<std::string> archs_;
    std::vector<std::string> all_variants_;  // with an isolation kernel
};

}  // namespace scanviz::ui
