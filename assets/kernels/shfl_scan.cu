// scanviz: n = 32, block = 32, op = add, type = i32, inclusive, input = ramp
// scanviz: like = warp_shfl_intrinsic
//
// A warp scan with shuffles, as in the CUDA samples' shfl_scan.cu: the values stay in
// registers; in each step every lane takes the value d lanes below it with __shfl_up_sync
// and adds it. No shared memory, so nothing for another lane to overwrite.
#include "scanviz.cuh"

constexpr int WARP = 32;
constexpr unsigned FULL_MASK = 0xffffffffu;

__global__ void shfl_scan(const int* in, int* out, int n) {
    SCANVIZ_REG(int, x);
    const int lane = threadIdx.x & (WARP - 1);
    x = lane < n ? in[lane] : 0;

    for (int d = 1; d < WARP; d *= 2) {
        scanviz::value<int> below = __shfl_up_sync(FULL_MASK, x, d);
        scanviz::step("shuffle up", d);
        if (lane >= d) x = below + x;  // lanes below d keep their value
    }
    if (lane < n) out[lane] = x;
}
