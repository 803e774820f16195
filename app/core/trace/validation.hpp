// The result of `scanviz validate`: every case run on the GPU and compared
// with the reference model step by step (or, for whole-array sizes past the
// trace limit, with a sequential scan). Kept in recordings.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/trace/run_spec.hpp"

namespace scanviz {

struct ValidationCase {
    std::string variant;
    int64_t n = 0;
    Op op = Op::Add;
    ElemType type = ElemType::I32;
    bool exclusive = false;
    uint64_t seed = 0;
    std::string check;     // "trace+output" (capture vs model, run vs model) or "output" (run vs sequential)
    bool passed = false;
    std::string mismatch;  // first difference, one line; empty when passed
};

struct ValidationReport {
    std::string device;    // GPU name
    std::string sm;
    std::string driver;
    std::string date;      // ISO 8601
    std::vector<ValidationCase> cases;

    int passed() const;
    int failed() const;
};

nlohmann::json to_json(const ValidationReport& r);
ValidationReport validation_from_json(const nlohmann::json& j);  // throws std::runtime_error naming the problem

}  // namespace scanviz
