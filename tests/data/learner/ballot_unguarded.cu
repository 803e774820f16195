// scanviz: n = 32, block = 32, input = ramp, heads = 1,0,0,1,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0
// A segmented warp scan with a ballot, an atomic and __clz; it forgets `if (lane < n)`.
#include "scanviz.cuh"
__global__ void ballot_seg(const int* in, const int* heads, int* out, int n) {
    SCANVIZ_REG(int, x);
    const int lane = threadIdx.x;
    const unsigned flags = __ballot_sync(0xffffffffu, lane == 0 || heads[lane]);
    const unsigned le = lane == 31 ? 0xffffffffu : (2u << lane) - 1u;
    const int head = 31 - __clz(static_cast<int>(flags & le));
    x = in[lane];
    for (int d = 1; d < 32; d *= 2) {
        scanviz::value<int> y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane - d >= head) x = y + x;
    }
    int counter = 0;
    atomicAdd(&counter, 1);
    out[lane] = x;
}
