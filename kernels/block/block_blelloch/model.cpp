// Blelloch's work-efficient exclusive scan of one block (GPU Gems 3, 39.2.2;
// CMU 15-418 "work-efficient parallel exclusive scan"): each of m/2 threads
// owns two elements of a power-of-two tile m (the input, then the identity).
//   up-sweep    a reduction tree in place: m - 1 operator applications;
//   clear last  the last thread keeps the tile total in a register and puts
//               the identity in the root;
//   down-sweep  back down the tree, each node swapping: the left child takes
//               the parent's value, the right child parent op left; m - 1
//               applications (OpKind::Swap).
// Work 2(m - 1), span 2 log2(m) steps. The result is exclusive. Inclusive
// needs one more step, "inclusive shift": every element takes its right
// neighbour's exclusive value, and the last one the saved total (copies only,
// no operator application).
//
// The padded variant (block_blelloch_padded/model.cpp) uses the same steps with
// element i at word blelloch_word(i, true) = i + (i >> LOG_NUM_BANKS) (GPU
// Gems 3, 39.2.3; blelloch_layout.hpp): one padding word after every 32,
// marked as padding in the layout.
#include "core/i18n/i18n.hpp"
#include "core/models/block_common.hpp"
#include "phases.hpp"

namespace scanviz {

int blelloch_tile(int n) {
    int m = 2;
    while (m < n) m *= 2;
    return m;
}

Trace blelloch_model(const RunSpec& spec, bool padded) {
    const int m = blelloch_tile(spec.n), threads = m / 2;
    const int words = blelloch_words(m, padded);
    TraceBuilder b(spec, threads);
    const int s = b.add_region("s_temp", Space::Shared, words, 0, padded ? kNumBanks + 1 : kNumBanks);
    const int total = b.add_region(i18n::N_("total (register, last thread)"), Space::Registers, 1);
    auto at = [&](int i) { return s + blelloch_word(i, padded); };
    std::vector<bool> used(words, false);
    for (int i = 0; i < m; ++i) used[blelloch_word(i, padded)] = true;
    for (int w = 0; w < words; ++w)
        if (!used[w]) b.mark_padding(s + w);
    const auto in = make_input(spec);
    for (int i = 0; i < m; ++i) b.init(at(i), i < spec.n ? in[i] : b.identity());

    int offset = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        b.begin_step(BlockBlellochPhases::kNames[BlockBlellochPhases::kUpSweep], offset,
                     BarrierKind::SyncThreads);
        for (int t = 0; t < d; ++t) {
            const int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            b.combine(t, at(bi), at(ai), at(bi));
        }
        b.end_step();
        offset *= 2;
    }

    b.begin_step(BlockBlellochPhases::kNames[BlockBlellochPhases::kClearLast], -1, BarrierKind::SyncThreads);
    b.copy(threads - 1, total, at(m - 1));
    b.set(threads - 1, at(m - 1), b.identity());
    b.end_step();

    for (int d = 1; d < m; d *= 2) {
        offset >>= 1;
        b.begin_step(BlockBlellochPhases::kNames[BlockBlellochPhases::kDownSweep], offset, BarrierKind::SyncThreads);
        for (int t = 0; t < d; ++t) {
            const int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            b.swap_combine(t, at(ai), at(bi));
        }
        b.end_step();
    }

    if (!spec.exclusive) {
        b.begin_step(BlockBlellochPhases::kNames[BlockBlellochPhases::kInclusiveShift], -1, BarrierKind::SyncThreads);
        for (int t = 0; t < threads; ++t) {
            b.copy(t, at(2 * t), at(2 * t + 1));
            b.copy(t, at(2 * t + 1), 2 * t + 2 < m ? at(2 * t + 2) : total);
        }
        b.end_step();
    }

    std::vector<double> out(spec.n);
    for (int i = 0; i < spec.n; ++i) out[i] = b.value(at(i));
    return b.finish(out);
}

std::optional<std::string> check_blelloch(const RunSpec& spec) {
    if (spec.n < 1 || spec.n > kBlellochMaxN)
        return "variant '" + spec.variant + "' scans one block: n must be 1 to " +
               std::to_string(kBlellochMaxN) + ", got " + std::to_string(spec.n);
    return check_block_n(spec, kBlellochMaxN, blelloch_tile(spec.n) / 2);
}

void resolve_blelloch(RunSpec& spec) {
    spec.threads = blelloch_tile(spec.n) / 2;
    spec.items_per_thread = 1;
}

VariantInfo variant_block_blelloch() {
    return VariantInfo{
        .id = "block_blelloch",
        .level = Level::Block,
        .title = i18n::N_("Blelloch work-efficient scan (up-sweep, down-sweep)"),
        .description =
            i18n::N_("GPU Gems 3 ch. 39: two elements per thread, reduction tree up, swaps down; work 2n"),
        .accepts = i18n::N_("1 <= n <= 2048 (tile: next power of two, threads = tile / 2)"),
        .source_file = "kernels/block/block_blelloch.cuh",
        .phases = phase_list(BlockBlellochPhases::kNames),
        .default_n = 64,
        .model = [](const RunSpec& spec) { return blelloch_model(spec, false); },
        .check = check_blelloch,
        .resolve = resolve_blelloch,
        .shared_word = [](int e) { return blelloch_word(e, false); },
        .race = {.order = 1,
                 .split_phases = {BlockBlellochPhases::kNames[BlockBlellochPhases::kInclusiveShift]},
                 .lab_first = true,
                 .stores_two_per_thread = true},
        .profile = {.effects = {{CompilerEffect::SwapRereads, ""},
                                {CompilerEffect::PairedStores, "inclusive shift"}}},
        .work_span_default = true,
    };
}

}  // namespace scanviz
