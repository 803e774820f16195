#include "core/models/variants.hpp"

#include <stdexcept>

#include "core/i18n/i18n.hpp"


namespace scanviz {

std::string_view to_string(Level l) {
    switch (l) {
        case Level::Warp: return "warp";
        case Level::Block: return "block";
        case Level::Device: return "device";
    }
    return "?";
}

std::span<const VariantInfo> all_variants() { return registered_variants(); }

const VariantInfo* find_variant(std::string_view id) {
    for (const auto& v : all_variants())
        if (v.id == id) return &v;
    return nullptr;
}

std::string_view learner_baseline_variant() {
    for (const auto& v : all_variants())
        if (v.learner_baseline) return v.id;
    return "";
}

std::vector<std::string> sass_view_first() {
    std::vector<std::string> ids;
    for (const auto& v : all_variants())
        if (v.sass_view_first) ids.emplace_back(v.id);
    return ids;
}

int shared_word_of_element(const VariantInfo& v, int element) {
    return v.shared_word ? v.shared_word(element) : element;
}

std::string variant_text(std::string_view text) {
    if (text.empty()) return {};
    return i18n::tr(std::string(text).c_str());  // copied before the temporary goes
}

std::optional<std::string> validate_and_resolve(RunSpec& spec) {
    const VariantInfo* v = find_variant(spec.variant);
    if (!v) return "unknown variant '" + spec.variant + "' (scanviz list shows them all)";
    if (spec.type == ElemType::F32 && spec.op != Op::Add)
        return "float32 supports only --op add (max and min are int32 only), got --op " +
               std::string(to_string(spec.op));
    if (spec.input == InputKind::Given && spec.values.size() != static_cast<size_t>(spec.n))
        return "expected " + std::to_string(spec.n) + " input values for n = " + std::to_string(spec.n) +
               ", got " + std::to_string(spec.values.size());
    if (!spec.heads.empty() && !v->segmented)
        return "--heads applies only to the segmented scan, not to '" + spec.variant + "'";
    if (!spec.heads.empty() && spec.heads.size() != static_cast<size_t>(spec.n))
        return "expected " + std::to_string(spec.n) + " segment head flags, got " +
               std::to_string(spec.heads.size());
    if (auto err = v->check(spec)) return err;
    v->resolve(spec);
    return std::nullopt;
}

Trace run_model(RunSpec spec) {
    if (auto err = validate_and_resolve(spec)) throw std::invalid_argument(*err);
    return find_variant(spec.variant)->model(spec);
}

}  // namespace scanviz
