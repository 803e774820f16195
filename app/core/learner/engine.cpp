#include "core/learner/engine.hpp"

#include "core/i18n/i18n.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

namespace scanviz {

std::string_view to_string(Schedule s) { return s == Schedule::Interleaved ? "interleaved" : "lockstep"; }

RunSpec settings_spec(const KernelSettings& settings) {
    RunSpec spec = settings.spec;
    spec.threads = settings.block;
    spec.items_per_thread = 0;
    spec.variant = settings.like.empty() ? std::string(kOwnKernelPrefix) + settings.kernel : settings.like;
    return spec;
}

std::string one_block_too_few(const Records& records, int n, int block) {
    if (!records.error.empty() || n <= block) return "";
    int written = 0;  // out[0 .. written-1] all written
    while (written < n && written < static_cast<int>(records.output_seen.size()) &&
           records.output_seen[static_cast<size_t>(written)])
        ++written;
    if (written >= n || written < block) return "";  // all written, or a hole inside the block's own threads
    if (written % block == 0)
        return i18n::format(i18n::tr("the kernel wrote no out[%d]: scanviz runs one block, and its %d threads wrote "
                                     "out[0] to out[%d] (%d each); with block = %d, n can be at most %d"),
                            written, block, written - 1, written / block, block, written);
    return i18n::format(i18n::tr("the kernel wrote no out[%d]: scanviz runs one block, and its %d threads wrote "
                                 "out[0] to out[%d]; with block = %d, n can be at most %d"),
                        written, block, written - 1, block, written);
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
    if (std::string e = one_block_too_few(parsed.records, request.spec.n, request.settings.block); !e.empty()) {
        out.error = e;
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

std::vector<LearnerRun> run_learner_all(const LearnerEngine& engine, const std::vector<LearnerRequest>& requests,
                                        std::string_view source_kind) {
    std::vector<LearnerRun> out(requests.size());
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
#if defined(__EMSCRIPTEN__)
    const size_t workers = 1;  // the browser runs no engine, and has no threads without -pthread
    (void)cores;
#else
    const size_t workers = source_kind == "cpu" ? std::min<size_t>(std::min(cores, 8u), requests.size()) : 1;
#endif
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i; (i = next.fetch_add(1)) < requests.size();)
            out[i] = run_learner(engine, requests[i], source_kind);
    };
    std::vector<std::thread> pool;
    for (size_t w = 1; w < workers; ++w) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    return out;
}

}  // namespace scanviz
