// The one-warp kernel the warp variants share: load 32 elements, run the
// variant's routine, apply the exclusive shift that fits its storage, store.
// A variant's kernel.cu describes its routine in a few lines, a struct V:
//
//   using Phases = <its phases.hpp struct>;      // the exclusive shift's probe index
//   static constexpr WarpStorage kStorage = ...;  // where the partials live
//   static constexpr bool kByThread = ...;        // ZeroPadded: index by threadIdx.x (the Handbook's
//                                                 // tid), not by lane
//   template <class T, class ScanOp, class Probe>
//   __device__ static void scan(T* s, int tid, ScanOp, Probe&);  // Shared, ZeroPadded
//   __device__ static T scan(T x, int lane, ScanOp, Probe&);     // Register
//
// and registers it with warp_family_entry<V>("<id>"). Variants whose kernel
// has another shape (packed input, no barrier after the load) write their
// own and still use warp_kernel_entry (warp_launch.cuh).
#pragma once

#include <string_view>

#include "../tile.cuh"
#include "warp_common.cuh"
#include "warp_launch.cuh"

namespace scanviz::kern {

enum class WarpStorage {
    Shared,      // s_partials[32], word i = lane i
    ZeroPadded,  // the zero-padded layout (core/models/warp_models.hpp)
    Register,    // one register per lane, shuffles
};

template <class V, class ScanOp, class Probe>
__global__ void warp_family_kernel(const typename ScanOp::value_type* in, typename ScanOp::value_type* out,
                                   bool exclusive, TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    using Phases = typename V::Phases;
    in += tile_offset(32);  // this block's warp of elements (kernels/tile.cuh)
    out += tile_offset(32);
    if constexpr (V::kStorage == WarpStorage::Shared) {
        __shared__ T s_partials[32];
        const int lane = threadIdx.x & 31;
        Probe probe = make_probe<Probe>(buf, false);
        s_partials[lane] = in[lane];
        __syncwarp();  // every lane's input is in shared memory before any lane reads a partner
        probe.shared(s_partials, 0, 32);
        probe.initial();
        V::scan(s_partials, lane, ScanOp{}, probe);
        if (exclusive) warp_exclusive_shift<T, ScanOp>(s_partials, lane, Phases::kExclusiveShift, probe);
        out[lane] = s_partials[lane];
    } else if constexpr (V::kStorage == WarpStorage::ZeroPadded) {
        __shared__ T s_partials[scan_shared_words<true>(32)];
        const int tid = threadIdx.x;
        const int lane = tid & 31;
        const int me = V::kByThread ? tid : lane;
        const int idx = scan_shared_index<true>(me);
        Probe probe = make_probe<Probe>(buf, false);
        // The Handbook's padding fill (13.5.1): each lane writes the word 16 before
        // its own; lanes 16..31 hit partials that the load below overwrites.
        s_partials[idx - kZeroPadLeading] = ScanOp::identity();
        if (lane == 0) s_partials[kZeroPadStride - 1] = ScanOp::identity();  // the spare word
        __syncwarp();
        s_partials[idx] = in[me];
        __syncwarp();  // padding and every lane's input are in place before any lane reads a partner
        probe.shared(s_partials, 0, kZeroPadStride);
        probe.initial();
        V::scan(s_partials, me, ScanOp{}, probe);
        if (exclusive) warp_exclusive_shift_padded(s_partials, lane, Phases::kExclusiveShift, probe);
        out[me] = s_partials[idx];
    } else {
        const int lane = threadIdx.x & 31;
        Probe probe = make_probe<Probe>(buf, false);
        T x = in[lane];
        probe.reg(lane, x);
        probe.initial();
        x = V::scan(x, lane, ScanOp{}, probe);
        if (exclusive) x = warp_exclusive_shift_shfl<T, ScanOp>(x, lane, Phases::kExclusiveShift, probe);
        out[lane] = x;
    }
}

// The registry entry of a warp variant described by V (see above).
template <class V>
KernelEntry warp_family_entry(std::string_view id) {
    return warp_tiled_kernel_entry(id, []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
        return warp_family_kernel<V, ScanOp, Probe>;
    });
}

}  // namespace scanviz::kern
