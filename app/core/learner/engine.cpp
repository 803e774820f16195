#include "core/learner/engine.hpp"

namespace scanviz {

std::string_view to_string(Schedule s) { return s == Schedule::Interleaved ? "interleaved" : "lockstep"; }

RunSpec settings_spec(const KernelSettings& settings) {
    RunSpec spec = settings.spec;
    spec.threads = settings.block;
    spec.items_per_thread = 0;
    spec.variant = settings.like.empty() ? std::string(kOwnKernelPrefix) + settings.kernel : settings.like;
    return spec;
}

LearnerRun run_learner(const LearnerEngine& engine, const LearnerRequest& request,
                       std::string_view source_kind) {
    LearnerRun out;
    EngineOutput eo = engine(request);
    out.log = eo.log;
    out.more_outputs = std::move(eo.more_outputs);
    out.more_counts = std::move(eo.more_counts);
    if (!eo.error.empty()) {
        out.error = eo.error;
        return out;
    }
    ParsedRecords parsed = parse_records(eo.records);
    if (!parsed.error.empty() && parsed.records.error.empty()) {
        out.error = parsed.error;
        return out;
    }
    RecordsRun run;
    run.spec = request.spec;
    run.threads = request.settings.block;
    run.input = make_input(request.spec);
    if (request.settings.segmented) run.heads = make_heads(request.spec);
    run.source_kind = std::string(source_kind);
    run.device = eo.device;
    // untranslated: the note is kept in the trace's file; note_shown (core/run/badge.hpp) shows it.
    run.note = "your kernel: " + request.file + " (" + std::string(to_string(request.schedule)) + ")";
    AssembledTrace a = assemble_trace(parsed.records, run);
    if (!a.error.empty()) {
        out.error = a.error;
        return out;
    }
    out.trace = std::move(a.trace);
    out.accesses = access_trace(parsed.records, run);
    return out;
}

}  // namespace scanviz
