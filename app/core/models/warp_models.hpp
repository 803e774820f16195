// What the warp-level reference models share: the zero-padded shared layout
// (whose constants kernels/warp/ reads too, so model and kernel cannot drift)
// and the two model functions that serve two variants each.
#pragma once

#include "core/trace/trace.hpp"

namespace scanviz {

inline constexpr int kWarpLanes = 32;

// Zero-padded shared layout (CUDA Handbook 13.5.1-13.5.2, listings 13.14-13.16):
// warp w owns kZeroPadStride words starting at kZeroPadStride * w; the first
// kZeroPadLeading hold the operator's identity (zeros, for add), then come the
// warp's 32 partials at kZeroPadStride * w + kZeroPadLeading + lane, then one
// spare word. Our reading of the odd stride: 49 = 17 (mod 32), so the 32
// warps' last partials, read together by a block scan, fall in 32 different
// banks (a stride of 48 would put them in 2).
inline constexpr int kZeroPadLeading = 16;
inline constexpr int kZeroPadStride = kZeroPadLeading + kWarpLanes + 1;  // 49

// Kogge-Stone over the zero-padded layout, every lane combining every step
// (warp_zeropad/model.cpp); warp_templated's model too (its bZeroPad = true
// instantiation does the same operations on the same slots).
Trace model_warp_zero_padded(const RunSpec& spec);

// Kogge-Stone through shfl.sync.up on one register per lane
// (warp_shfl_intrinsic/model.cpp); warp_shfl_ptx's model too (same operations).
Trace model_warp_shuffle(const RunSpec& spec);

}  // namespace scanviz
