// The operator, type and mode matrix the model and GPU tests run every variant
// through: add, max and min on int32 and add on float32, inclusive and exclusive.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/models/variants.hpp"
#include "core/trace/run_spec.hpp"

namespace scanviz::test {

struct OpType {
    Op op;
    ElemType type;
};
inline constexpr OpType kOpTypes[] = {
    {Op::Add, ElemType::I32}, {Op::Max, ElemType::I32}, {Op::Min, ElemType::I32}, {Op::Add, ElemType::F32}};

struct Case {
    Op op;
    ElemType type;
    bool exclusive;
};

// Every operator and type, inclusive first, then exclusive.
inline std::vector<Case> all_cases() {
    std::vector<Case> v;
    for (bool ex : {false, true})
        for (const OpType& ot : kOpTypes) v.push_back({ot.op, ot.type, ex});
    return v;
}

// A spec of `variant` at `n` with the case's operator, type and mode.
inline RunSpec spec_of(const std::string& variant, int n, const Case& c = {Op::Add, ElemType::I32, false},
                       uint64_t seed = 7) {
    RunSpec s;
    s.variant = variant;
    s.n = n;
    s.op = c.op;
    s.type = c.type;
    s.exclusive = c.exclusive;
    s.seed = seed;
    return s;
}

// The reference model's trace of `variant` at `n` on the ramp 1, 2, 3, ... (inclusive or exclusive add).
inline Trace ramp_model(const std::string& variant, int n, bool exclusive = false) {
    RunSpec spec;
    spec.variant = variant;
    spec.n = n;
    spec.exclusive = exclusive;
    spec.input = InputKind::Ramp;
    return run_model(spec);
}

}  // namespace scanviz::test
