#include "recording_seed.hpp"

#include "core/models/variants.hpp"

namespace scanviz::testing {

Recording seed_recording() {
    Recording r;
    r.device = {"Test GPU (seed)", "sm_90", 132, 80ull << 30, "13.0", "13.0"};
    r.date = "2026-11-21T00:00:00Z";
    r.scanviz_version = "test";
    r.command = "seed_recording()";
    RunSpec s;
    s.variant = "warp_conditional";
    s.n = 32;
    s.seed = 7;
    r.traces.push_back(run_model(s));
    s.op = Op::Max;
    s.exclusive = true;
    r.traces.push_back(run_model(s));
    ValidationReport v;
    v.device = r.device.name;
    v.sm = r.device.sm;
    v.driver = r.device.driver;
    v.date = r.date;
    v.cases.push_back({"warp_conditional", 32, Op::Add, ElemType::I32, false, 7, "trace+output", true, ""});
    v.cases.push_back({"warp_conditional", 32, Op::Max, ElemType::I32, true, 8, "trace+output", false,
                       "step 2 (kogge-stone d=4): slot 5 is 3, expected 4"});
    r.validation = v;
    BenchReport b;
    b.meta = {"Test GPU (seed)", "13.0", "13.0", "2026-11-21T00:00:00Z", "seed"};
    BenchResult row;
    row.variant = "memcpy";
    row.n = 1 << 20;
    row.bytes = 8 << 20;
    row.runs = 20;
    row.median_ms = 0.01;
    row.min_ms = 0.009;
    row.gbps = 838.8608;
    row.checked = true;
    b.rows.push_back(row);
    r.bench = b;
    return r;
}

}  // namespace scanviz::testing
