#include "core/run/spec_text.hpp"

#include <stdexcept>

#include "core/models/variants.hpp"

namespace scanviz {

RunSpec spec_from_text(const SpecText& a, const std::string& flag) {
    RunSpec spec;
    if (a.variant.empty())
        throw std::invalid_argument("trace needs " + flag + "variant (scanviz list shows them) or " + flag +
                                    "from FILE");
    spec.variant = a.variant;
    const auto op = parse_op(a.op);
    if (!op) throw std::invalid_argument(flag + "op '" + a.op + "' is not add, max or min");
    const auto type = parse_type(a.type);
    if (!type) throw std::invalid_argument(flag + "type '" + a.type + "' is not i32 or f32");
    spec.op = *op;
    spec.type = *type;
    spec.exclusive = a.exclusive;
    spec.seed = a.seed;
    spec.threads = a.threads;
    spec.items_per_thread = a.items;
    if (!a.input.empty()) {
        ParsedValues pv = parse_values(a.input, spec.type);
        if (!pv.error.empty()) throw std::invalid_argument(flag + "input: " + pv.error);
        if (pv.values.empty()) throw std::invalid_argument(flag + "input holds no values");
        spec.input = InputKind::Given;
        spec.values = std::move(pv.values);
        spec.n = a.n ? *a.n : static_cast<int>(spec.values.size());
    } else {
        if (!a.fill.empty()) {
            const auto k = parse_input_kind(a.fill);
            if (!k || *k == InputKind::Given)
                throw std::invalid_argument(flag + "fill '" + a.fill + "' is not random, ones or ramp");
            spec.input = *k;
        }
        const VariantInfo* v = find_variant(spec.variant);
        spec.n = a.n ? *a.n : (v ? v->default_n : 32);
    }
    if (!a.heads.empty()) {
        ParsedValues pv = parse_values(a.heads, ElemType::I32);
        if (!pv.error.empty()) throw std::invalid_argument(flag + "heads: " + pv.error);
        for (size_t i = 0; i < pv.values.size(); ++i)
            if (pv.values[i] != 0 && pv.values[i] != 1)
                throw std::invalid_argument(flag + "heads: flag " + std::to_string(i + 1) + " is " +
                                            std::to_string(static_cast<long long>(pv.values[i])) +
                                            ", expected 0 or 1");
        for (double h : pv.values) spec.heads.push_back(static_cast<uint8_t>(h));
    }
    if (auto err = validate_and_resolve(spec)) throw std::invalid_argument(*err);
    return spec;
}

}  // namespace scanviz
