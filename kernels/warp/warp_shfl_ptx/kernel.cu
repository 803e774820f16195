// Kernel entry of the variant warp_shfl_ptx (one warp): the family's kernel (warp_kernel.cuh) around
// warp_scan_shfl_ptx.
#include "../../race/race_kernels.hpp"
#include "../warp_kernel.cuh"
#include "warp_shfl_ptx.cuh"

namespace scanviz::kern {
namespace {

struct warp_shfl_ptx_kernel {  // its name is in the kernel's: ncu matches kernels to variants by name
    using Phases = WarpShflPtxPhases;
    static constexpr WarpStorage kStorage = WarpStorage::Register;
    static constexpr bool kByThread = false;
    template <class T, class ScanOp, class Probe>
    static __device__ __forceinline__ T scan(T x, int lane, ScanOp op, Probe& probe) {
        return warp_scan_shfl_ptx<T>(x, lane, op, probe);
    }
};

}  // namespace

KernelEntry kernel_warp_shfl_ptx() { return warp_family_entry<warp_shfl_ptx_kernel>("warp_shfl_ptx"); }

}  // namespace scanviz::kern
