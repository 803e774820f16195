// Hillis-Steele scan of one block, double-buffered (GPU Gems 3, 39.2.1; CMU
// 15-418 "data-parallel inclusive scan"): one element per thread; in the step
// of distance d every thread t >= d writes op(in[t-d], in[t]) into the other
// buffer and the threads below d copy their element. Work n*log2(n) - (n - 1)
// operator applications for a power of two n, span log2(n) steps.
// Exclusive: the load shifts the input right by one with the identity first
// (as GPU Gems 3 does), so the same steps give the exclusive scan.
//
// Slots: s_temp, one shared array of 2n words as the kernel declares it:
// buffer 0 in words 0..n-1, buffer 1 in words n..2n-1.
#include "core/i18n/i18n.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {
namespace {


Trace model(const RunSpec& spec) {
    const int n = spec.n;
    TraceBuilder b(spec, n);
    const int s = b.add_region(i18n::N_("s_temp (2 buffers)"), Space::Shared, 2 * n, 0, n);
    const auto in = make_input(spec);
    for (int t = 0; t < n; ++t) b.init(s + t, spec.exclusive ? (t > 0 ? in[t - 1] : b.identity()) : in[t]);
    int pout = 0;
    for (int d = 1; d < n; d *= 2) {
        pout = 1 - pout;
        const int pin = 1 - pout;
        b.begin_step(BlockHillisSteelePhases::kNames[0], d, BarrierKind::SyncThreads);
        for (int t = 0; t < n; ++t) {
            if (t >= d)
                b.combine(t, s + pout * n + t, s + pin * n + t - d, s + pin * n + t);
            else
                b.copy(t, s + pout * n + t, s + pin * n + t);
        }
        b.end_step();
    }
    return b.finish(read_slots(b, s + pout * n, n));
}

std::optional<std::string> check(const RunSpec& spec) {
    return check_block_n(spec, kBlockMaxThreads, spec.n);
}

void resolve(RunSpec& spec) {
    spec.threads = spec.n;
    spec.items_per_thread = 1;
}

}  // namespace

VariantInfo variant_block_hillis_steele() {
    return VariantInfo{
        .id = "block_hillis_steele",
        .level = Level::Block,
        .title = i18n::N_("Hillis-Steele block scan, double-buffered"),
        .description = i18n::N_("One element per thread, two shared buffers; work n log n, span log n"),
        .accepts = i18n::N_("1 <= n <= 1024 (threads = n)"),
        .source_file = "kernels/block/block_hillis_steele/block_hillis_steele.cuh",
        .phases = phase_list(BlockHillisSteelePhases::kNames),
        .default_n = 32,
        .model = model,
        .check = check,
        .resolve = resolve,
        .race = {.order = 0, .one_buffer = true},
        .work_span_default = true,
        .learner_baseline = true,
    };
}

}  // namespace scanviz
