// scanviz: n = 32, block = 32, op = add, type = i32, inclusive, input = ramp
// scanviz: like = warp_conditional
//
// The CUDA Handbook's scanWarp (13.5): a Kogge-Stone scan of one warp in shared memory, where
// lane i adds the partial sum d lanes below it for d = 1, 2, 4, 8, 16. The Handbook's listing
// relies on the 32 lanes running in lockstep (volatile, no barrier). Since Volta the lanes of
// a warp may run apart, so here each lane reads its partner into a register, the warp meets
// at __syncwarp(), and only then do the lanes write.
#include "scanviz.cuh"

constexpr int WARP = 32;

__global__ void handbook_scan_warp(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s_partials, WARP);
    const int lane = threadIdx.x & (WARP - 1);
    s_partials[lane] = lane < n ? in[lane] : 0;
    __syncwarp();

    for (int d = 1; d < WARP; d *= 2) {
        scanviz::step("kogge-stone", d);
        scanviz::value<int> partner = 0;
        if (lane >= d) partner = s_partials[lane - d];  // read ...
        __syncwarp();
        if (lane >= d) s_partials[lane] = partner + s_partials[lane];  // ... then write
        __syncwarp();
    }
    if (lane < n) out[lane] = s_partials[lane];
}
