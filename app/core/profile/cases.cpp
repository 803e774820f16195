#include "core/profile/cases.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/models/variants.hpp"

namespace scanviz {

std::vector<ProfileCase> profile_cases(std::span<const std::string> variants) {
    for (const std::string& v : variants) {
        const VariantInfo* info = find_variant(v);
        if (!info) throw std::invalid_argument("unknown variant '" + v + "' (scanviz list shows them all)");
        if (info->level == Level::Device)
            throw std::invalid_argument(
                "'" + v + "' is a whole-array scan: the profile covers warp and block variants");
    }
    std::vector<ProfileCase> out;
    for (const VariantInfo& info : all_variants()) {
        if (info.level == Level::Device) continue;
        if (!variants.empty() && std::find(variants.begin(), variants.end(), info.id) == variants.end())
            continue;
        RunSpec spec;
        spec.variant = std::string(info.id);
        spec.n = info.level == Level::Warp ? 32 : kProfileBlockN;
        spec.op = Op::Add;
        spec.type = ElemType::I32;
        spec.exclusive = false;
        spec.input = InputKind::Random;
        spec.seed = 1;
        if (auto err = validate_and_resolve(spec)) throw std::logic_error("profile case: " + *err);
        ProfileCase c;
        c.name = spec.variant + " n=" + std::to_string(spec.n) + " add i32 inclusive";
        c.spec = std::move(spec);
        out.push_back(std::move(c));
    }
    return out;
}

std::string kernel_name_of(std::string_view variant) { return std::string(variant) + "_kernel"; }

}  // namespace scanviz
