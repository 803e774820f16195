// Kogge-Stone warp scan through register shuffles, the step in inline PTX.
//
// The CUDA Handbook's scanWarpShuffle (13.5.3, listing 13.17): shfl.up hands
// each lane the value of the lane d below it and sets a predicate that is
// false where no such lane exists (lane < d); the operator runs predicated on
// it (`@p add`), so there is no lane test at all. The Handbook wrote it in PTX
// because the compiler of its day could not use the shuffle's predicate from
// C++. Here the shuffle is shfl.sync.up (Volta and later need the .sync form
// and its member mask), and each operator has its predicated instruction:
// add.s32, max.s32, min.s32 for int32, add.f32 for float32.
#pragma once

#include "../../ops.cuh"
#include "../../probe.cuh"
#include "../warp_common.cuh"
#include "phases.hpp"

namespace scanviz::kern {

// WarpShflPtxPhases (phases.hpp): the exclusive shift after this routine is in
// warp_common.cuh.  // step: exclusive shift

// One step: returns op(value of lane - offset, partial), or partial where
// lane < offset. step_probed() is the same PTX that also hands back the
// shuffle's predicate (for the trace); step() is what the kernel runs.
template <class ScanOp>
struct ShflUpStep;

// clang-format off
#define SCANVIZ_SHFL_UP_STEP(SCAN_OP, CTYPE, PTX_TYPE, CONSTRAINT, PTX_OP)                               \
    template <>                                                                                           \
    struct ShflUpStep<SCAN_OP> {                                                                          \
        __device__ __forceinline__ static CTYPE step(CTYPE partial, int offset) {                         \
            CTYPE result;                                                                                 \
            asm("{\n\t"                                                                                   \
                ".reg ." PTX_TYPE " r0;\n\t"                                                              \
                ".reg .pred p;\n\t"                                                                       \
                "shfl.sync.up.b32 r0|p, %1, %2, 0, 0xffffffff;\n\t"                                       \
                "@p " PTX_OP "." PTX_TYPE " r0, r0, %1;\n\t"                                              \
                "mov." PTX_TYPE " %0, r0;\n\t"                                                            \
                "}"                                                                                       \
                : "=" CONSTRAINT(result)                                                                  \
                : CONSTRAINT(partial), "r"(offset));                                                      \
            return result;                                                                                \
        }                                                                                                 \
        __device__ __forceinline__ static CTYPE step_probed(CTYPE partial, int offset, int& pred) {       \
            CTYPE result;                                                                                 \
            asm("{\n\t"                                                                                   \
                ".reg ." PTX_TYPE " r0;\n\t"                                                              \
                ".reg .pred p;\n\t"                                                                       \
                "shfl.sync.up.b32 r0|p, %2, %3, 0, 0xffffffff;\n\t"                                       \
                "@p " PTX_OP "." PTX_TYPE " r0, r0, %2;\n\t"                                              \
                "mov." PTX_TYPE " %0, r0;\n\t"                                                            \
                "selp.s32 %1, 1, 0, p;\n\t"                                                               \
                "}"                                                                                       \
                : "=" CONSTRAINT(result), "=r"(pred)                                                      \
                : CONSTRAINT(partial), "r"(offset));                                                      \
            return result;                                                                                \
        }                                                                                                 \
    };
// clang-format on

SCANVIZ_SHFL_UP_STEP(OpAdd<int>, int, "s32", "r", "add")
SCANVIZ_SHFL_UP_STEP(OpMax<int>, int, "s32", "r", "max")
SCANVIZ_SHFL_UP_STEP(OpMin<int>, int, "s32", "r", "min")
SCANVIZ_SHFL_UP_STEP(OpAdd<float>, float, "f32", "f", "add")

#undef SCANVIZ_SHFL_UP_STEP

// x: this lane's value (one register; trace slot `lane`). Returns the
// lane's inclusive scan after five shuffle steps, d = 1, 2, 4, 8, 16.
template <class T, class ScanOp, class Probe>
__device__ __forceinline__ T warp_scan_shfl_ptx(T x, int lane, ScanOp, Probe& probe) {
    for (int d = 1; d < 32; d *= 2) {
        if constexpr (Probe::kOn) {
            int pred = 0;
            x = ShflUpStep<ScanOp>::step_probed(x, d, pred);  // step: shuffle up
            if (pred) probe.combine(lane, lane - d, lane);    // the hardware's predicate, not lane >= d
            probe.reg(lane, x);
            probe.end_step(WarpShflPtxPhases::kShuffleUp, d, kShflSync);
        } else {
            x = ShflUpStep<ScanOp>::step(x, d);  // step: shuffle up
        }
    }
    return x;
}

}  // namespace scanviz::kern
