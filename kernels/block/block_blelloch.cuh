// Blelloch's work-efficient scan of one block (GPU Gems 3, 39.2.2), and with
// PADDED the conflict-free offset of 39.2.3: element i lives at word
// i + CONFLICT_FREE_OFFSET(i), CONFLICT_FREE_OFFSET(i) = i >> LOG_NUM_BANKS.
// m / 2 threads scan a power-of-two tile of m elements:
//   up-sweep    log2(m) steps of a reduction tree in place (m - 1 applications);
//   clear last  the last thread keeps the tile total and writes the identity at the root;
//   down-sweep  log2(m) steps back down, each node a swap: left takes the
//               parent's value, right takes op(left, parent) (m - 1 applications);
//   inclusive shift (inclusive scans only) every element takes its right
//               neighbour's exclusive value, the last one the total.
// GPU Gems 3 puts __syncthreads() at the top of each loop iteration; here it
// ends each step (the caller's load is followed by one), the same barriers.
//
// Slots (kernels/block/block_blelloch/model.cpp): word w of s.temp is slot w for
// w < words(m); the last thread's total register is slot words(m).
// Returns the tile total in the last thread (m/2 - 1): what GPU Gems 3 39.2.4
// stores as the block sum of a large-array scan.
// Race lab (kernels/barriers.cuh): kKeep drops a barrier, counted in program
// order (one per step; the inclusive shift has two); the default keeps all.
#pragma once

#include "../barriers.cuh"
#include "block_common.cuh"
#include "core/models/blelloch_layout.hpp"
#include "block_blelloch/phases.hpp"

namespace scanviz::kern {

// The layout is scanviz's (core/models/blelloch_layout.hpp), one definition
// for this kernel, its model (kernels/block/block_blelloch/model.cpp) and the race
// analysis:
//   kNumBanks, kLogNumBanks    32 banks of 4-byte words (GPU Gems 3, 39.2.3);
//   kBlellochMaxTile           the largest tile (2048 elements, 1024 threads);
//   conflict_free_offset(i)    i >> kLogNumBanks: one spare word after every 32;
//   blelloch_word(i, padded)   the word of element i;
//   blelloch_words(m, padded)  the words a tile of m elements occupies.
// PADDED is a template parameter here, so each call folds to i or i + (i >> 5).
static_assert(blelloch_words(kBlellochMaxTile, false) == kBlellochMaxTile);
static_assert(blelloch_words(kBlellochMaxTile, true) == kBlellochMaxTile + kBlellochMaxTile / kNumBanks - 1);

// One tile of shared memory, sized for the largest tile: a tile of m elements
// uses its first blelloch_words(m, PADDED) words. With PADDED, word w holds
// no element (padding) when w % (kNumBanks + 1) == kNumBanks: words 32, 65, 98...
// (the model marks them as padding in the layout).
template <class T, bool PADDED>
struct BlockBlellochStorage {
    T temp[blelloch_words(kBlellochMaxTile, PADDED)];
};

template <bool PADDED, class T, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers>
__device__ __forceinline__ T block_scan_blelloch(BlockBlellochStorage<T, PADDED>& s, int m, bool exclusive,
                                                 ScanOp op, Probe& probe) {
    const int thid = static_cast<int>(threadIdx.x);
    const int last_thread = m / 2 - 1;
    const int words = blelloch_words(m, PADDED);
    const int total_slot = words;
    T total = ScanOp::identity();
    bool have_total = false;
    int barrier = 0;  // race lab: the index of the next barrier
    auto snapshot = [&](int phase, int param) {
        if constexpr (Probe::kOn) {
            if (have_total) probe.reg(total_slot, total);
            probe.shared(s.temp, 0, words);
            probe.end_step(phase, param, kSyncThreads);
        }
    };

    int offset = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {  // build sum in place up the tree
        if (thid < d) {
            const int ai = blelloch_word(offset * (2 * thid + 1) - 1, PADDED);
            const int bi = blelloch_word(offset * (2 * thid + 2) - 1, PADDED);
            s.temp[bi] = op(s.temp[ai], s.temp[bi]);  // step: up-sweep
            probe.combine(bi, ai, bi);
        }
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        snapshot(BlockBlellochPhases::kUpSweep, offset);
        offset *= 2;
    }

    if (thid == last_thread) {  // clear the last element
        const int root = blelloch_word(m - 1, PADDED);
        total = s.temp[root];  // step: clear last
        s.temp[root] = ScanOp::identity();  // step: clear last
        have_total = true;
        probe.copy(total_slot, root);
        probe.set(root);
    }
    if (barrier_kept<kKeep>(barrier++)) __syncthreads();
    snapshot(BlockBlellochPhases::kClearLast, -1);

    for (int d = 1; d < m; d *= 2) {  // traverse down the tree and build the scan
        offset >>= 1;
        if (thid < d) {
            const int ai = blelloch_word(offset * (2 * thid + 1) - 1, PADDED);
            const int bi = blelloch_word(offset * (2 * thid + 2) - 1, PADDED);
            const T t = s.temp[ai];  // step: down-sweep
            s.temp[ai] = s.temp[bi];  // step: down-sweep
            s.temp[bi] = op(t, s.temp[bi]);  // step: down-sweep
            probe.swap(ai, bi);
        }
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        snapshot(BlockBlellochPhases::kDownSweep, offset);
    }

    if (!exclusive) {  // inclusive: shift left by one, the total last
        const int a = blelloch_word(2 * thid, PADDED), b = blelloch_word(2 * thid + 1, PADDED);
        const bool has_right = 2 * thid + 2 < m;
        const int c = has_right ? blelloch_word(2 * thid + 2, PADDED) : total_slot;
        const T va = s.temp[b];
        const T vb = has_right ? s.temp[c] : total;
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        s.temp[a] = va;  // step: inclusive shift
        s.temp[b] = vb;  // step: inclusive shift
        probe.copy(a, b);
        probe.copy(b, c);
        if (barrier_kept<kKeep>(barrier++)) __syncthreads();
        snapshot(BlockBlellochPhases::kInclusiveShift, -1);
    }
    return total;
}

}  // namespace scanviz::kern
