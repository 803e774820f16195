#include "core/models/variants.hpp"

#include <stdexcept>

#include "core/models/models.hpp"

namespace scanviz {

std::string_view to_string(Level l) {
    switch (l) {
        case Level::Warp: return "warp";
        case Level::Block: return "block";
        case Level::Device: return "device";
    }
    return "?";
}

std::span<const VariantInfo> all_variants() {
    // Built once; immutable afterwards.
    static const std::vector<VariantInfo> table = {
        variant_warp_conditional(),
        variant_warp_zeropad(),
        variant_warp_templated(),
        variant_warp_shfl_ptx(),
        variant_warp_shfl_intrinsic(),
        variant_warp_segmented(),
        variant_warp_legacy_volatile(),
        variant_block_hillis_steele(),
        variant_block_blelloch(),
        variant_block_blelloch_padded(),
        variant_block_warp_scans_smem(),
        variant_block_warp_scans_shfl(),
        variant_block_raking(),
        variant_block_raking_memoize(),
        variant_block_warp_scans(),
        variant_device_scan_then_propagate(),
        variant_device_reduce_then_scan(),
        variant_device_decoupled_lookback(),
    };
    return table;
}

const VariantInfo* find_variant(std::string_view id) {
    for (const auto& v : all_variants())
        if (v.id == id) return &v;
    return nullptr;
}

int shared_word_of_element(const VariantInfo& v, int element) {
    return v.shared_word ? v.shared_word(element) : element;
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
