#include "core/i18n/step_label.hpp"

#include <algorithm>
#include <cctype>

#include "core/i18n/i18n.hpp"

namespace scanviz::i18n {
namespace {

// Every phase a model or a kernel names its steps with (kernels/*/*/phases.hpp's kNames, the
// learner's examples), in English: the msgids.
constexpr const char* kPhrases[] = {
    N_("kogge-stone"),
    N_("kogge-stone (warp shuffles)"),
    N_("segmented kogge-stone"),
    N_("exclusive shift"),
    N_("inclusive shift"),
    N_("up-sweep"),
    N_("down-sweep"),
    N_("upsweep (raking)"),
    N_("downsweep (raking)"),
    N_("upsweep (registers)"),
    N_("downsweep (registers)"),
    N_("clear last"),
    N_("double-buffered step"),
    N_("one-buffer step"),
    N_("reduction tree"),
    N_("distribution tree"),
    N_("fan-out"),
    N_("head distance"),
    N_("shuffle up"),
    N_("warp scan"),
    N_("warp shuffle scan"),
    N_("warp totals"),
    N_("scan warp totals"),
    N_("add warp base"),
    N_("propagate warp prefixes"),
    N_("add prefixes"),
    N_("reduce tiles"),
    N_("scan tiles"),
    N_("scan tile sums"),
    N_("look back"),
    N_("publish aggregates"),
    N_("publish inclusive"),
    // A learner's step with no name of its own: "step 3".
    N_("step"),
};

// How steps end (core/trace/trace.cpp's barrier_name), less the ones that are code.
constexpr const char* kBarriers[] = {
    N_("lockstep (no barrier)"),
    N_("kernel end"),
    N_("flag published"),
    N_("shfl.sync (the shuffle converges the warp)"),
};

const char* find_phrase(std::string_view phrase) {
    for (const char* p : kPhrases)
        if (phrase == p) return p;
    return nullptr;
}

bool is_number(std::string_view w) {
    return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// A trailing word kept as it is: a number, or d=<number>.
bool is_kept(std::string_view w) { return is_number(w) || (w.size() > 2 && w.substr(0, 2) == "d=" && is_number(w.substr(2))); }

// Where the kept tail starts: the phrase is label[0, split).
size_t split_of(std::string_view label) {
    size_t end = label.size();
    while (end > 0) {
        const size_t space = label.rfind(' ', end - 1);
        const size_t start = space == std::string_view::npos ? 0 : space + 1;
        if (!is_kept(label.substr(start, end - start))) break;
        if (space == std::string_view::npos) return 0;
        end = space;
    }
    return end;
}

bool only_code(std::string_view s) {
    return std::none_of(s.begin(), s.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}

}  // namespace

std::string_view step_phrase(std::string_view label) { return label.substr(0, split_of(label)); }

bool step_label_known(std::string_view label) {
    const std::string_view phrase = step_phrase(label);
    return find_phrase(phrase) != nullptr || only_code(phrase);
}

std::string step_label(std::string_view label) {
    const size_t split = split_of(label);
    const char* phrase = find_phrase(label.substr(0, split));
    if (!phrase) return std::string(label);
    return tr(phrase) + std::string(label.substr(split));
}

std::string region_label(std::string_view name) {
    // Only names the catalog translates go through tr(): code names are not the catalog's.
    if (language() == Language::En || !has_translation("", name)) return std::string(name);
    return tr(std::string(name).c_str());
}

std::string barrier_label(std::string_view barrier) {
    for (const char* b : kBarriers)
        if (barrier == b) return tr(b);
    return std::string(barrier);
}

}  // namespace scanviz::i18n
