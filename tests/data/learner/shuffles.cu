// scanviz: n = 32, block = 32, input = ramp
// Not a scan: each kind of shuffle once, with widths, to check what each lane receives.
#include "scanviz.cuh"

__global__ void shuffles(const int* in, int* out, int n) {
    SCANVIZ_REG(int, x);
    const int lane = threadIdx.x;
    x = in[lane];
    scanviz::value<int> down = __shfl_down_sync(0xffffffffu, x, 1, 8);
    scanviz::value<int> flip = __shfl_xor_sync(0xffffffffu, x, 3);
    scanviz::value<int> pick = __shfl_sync(0xffffffffu, x, 5, 16);
    scanviz::value<int> up = __shfl_up_sync(0xffffffffu, x, 4);
    out[lane] = down + 100 * flip + 10000 * pick + 1000000 * up;
}
