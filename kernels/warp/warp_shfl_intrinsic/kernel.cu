// Kernel entry of the variant warp_shfl_intrinsic (one warp): the family's kernel (warp_kernel.cuh) around
// warp_scan_shfl_intrinsic.
#include "../../race/race_kernels.hpp"
#include "../warp_kernel.cuh"
#include "warp_shfl_intrinsic.cuh"

namespace scanviz::kern {
namespace {

struct warp_shfl_intrinsic_kernel {  // its name is in the kernel's: ncu matches kernels to variants by name
    using Phases = WarpShflIntrinsicPhases;
    static constexpr WarpStorage kStorage = WarpStorage::Register;
    static constexpr bool kByThread = false;
    template <class T, class ScanOp, class Probe>
    static __device__ __forceinline__ T scan(T x, int lane, ScanOp op, Probe& probe) {
        return warp_scan_shfl_intrinsic<T>(x, lane, op, probe);
    }
};

}  // namespace

KernelEntry kernel_warp_shfl_intrinsic() { return warp_family_entry<warp_shfl_intrinsic_kernel>("warp_shfl_intrinsic"); }

}  // namespace scanviz::kern
