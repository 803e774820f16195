// The operator, type and mode matrix the model and GPU tests run every variant
// through: add, max and min on int32 and add on float32, inclusive and exclusive.
#pragma once

#include <vector>

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

}  // namespace scanviz::test
