// Shared by the race lab's kernels (one .cu per variant): fresh inputs, the
// check against a sequential scan, and the measurement loop.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "../barriers.cuh"
#include "../cuda_check.hpp"
#include "core/race/hazards.hpp"
#include "race.hpp"
#include "race_kernels.hpp"

namespace scanviz::kern::race {

// What one launch looks like: `blocks` blocks of `threads`, each block holding
// `units_per_block` independent scans of `unit_elems` elements.
struct Shape {
    int threads = 0;
    int units_per_block = 1;
    int unit_elems = 0;
    int blocks = 0;
    const char* unit = "block";
};

// Device side of the measurement (race.cu): fills the inputs of launch
// `launch`, checks the outputs unit by unit (counting wrong units, keeping
// the first wrong one as the example). The launch in between is the case's.
class Measurement {
public:
    Measurement(const Shape& shape, const gpu::RaceRunConfig& cfg);
    ~Measurement();
    Measurement(const Measurement&) = delete;
    Measurement& operator=(const Measurement&) = delete;
    const int* in() const { return d_in_; }
    int* out() const { return d_out_; }
    void before(int launch);  // fresh inputs, poisoned outputs
    void after(int launch);   // check this launch's outputs
    RaceRow finish(const RaceCase& c);

private:
    Shape shape_;
    gpu::RaceRunConfig cfg_;
    int* d_in_ = nullptr;
    int* d_out_ = nullptr;
    unsigned long long* d_wrong_ = nullptr;  // [0] wrong units, [1] wrong launches
    int* d_example_ = nullptr;               // [0] taken, [1] launch, [2] unit, then in, out
};

// Calls f(std::integral_constant<uint32_t, mask>) for barrier k (-1: all kept),
// with a mask instantiated for each k < kCount.
template <int kCount, class F>
void with_barrier_mask(int k, F&& f) {
    if (k < 0) return f(std::integral_constant<uint32_t, kAllBarriers>{});
    if (k >= kCount) throw std::invalid_argument("barrier " + std::to_string(k) + " is out of range");
    [&]<int... K>(std::integer_sequence<int, K...>) {
        ((k == K ? (f(std::integral_constant<uint32_t, without_barrier(K)>{}), 0) : 0), ...);
    }
    (std::make_integer_sequence<int, kCount>{});
}

// Runs `launch()` cfg.launches times between before() and after().
template <class LaunchFn>
RaceRow measure(const RaceCase& c, const Shape& shape, const gpu::RaceRunConfig& cfg, LaunchFn launch) {
    Measurement m(shape, cfg);
    for (int l = 0; l < cfg.launches; ++l) {
        m.before(l);
        launch(m.in(), m.out(), shape.blocks);
        SCANVIZ_CUDA_CHECK(cudaGetLastError());
        m.after(l);
    }
    return m.finish(c);
}

// A divergent branch the compiler cannot fold away: each side is its own
// function, so lanes that took different sides run the scan from different
// call sites (and independent thread scheduling may run them apart).
template <int kSide, class Scan>
__device__ __noinline__ int on_side(Scan scan) {
    asm volatile("// race lab: divergent side %0" ::"n"(kSide));
    return scan();
}

template <bool kDiverge, class Scan>
__device__ __forceinline__ int maybe_diverged(int x, Scan scan) {
    if constexpr (kDiverge) {
        if (x & 1) return on_side<1>(scan);
        return on_side<0>(scan);
    } else {
        return scan();
    }
}

inline int default_blocks(const Shape& s, int asked) { return asked > 0 ? asked : s.blocks; }

// A warp scan's race case: `threads` per block, each warp its own scan of 32,
// barrier `c.barrier` (of kBarriers) left out, converged or after a divergent
// branch. launch(mask, diverge, in, out, blocks) starts the variant's kernel
// instantiated for the two constants (std::integral_constant values).
template <int kBarriers, class LaunchFn>
RaceRow measure_warp(const RaceCase& c, const gpu::RaceRunConfig& cfg, int threads, LaunchFn launch) {
    Shape shape{threads, threads / 32, 32, 256, "warp"};
    shape.blocks = default_blocks(shape, cfg.blocks);
    RaceRow row;
    with_barrier_mask<kBarriers>(c.barrier, [&](auto mask) {
        row = measure(c, shape, cfg, [&](const int* in, int* out, int blocks) {
            if (c.diverged)
                launch(mask, std::true_type{}, in, out, blocks);
            else
                launch(mask, std::false_type{}, in, out, blocks);
        });
    });
    return row;
}

}  // namespace scanviz::kern::race
