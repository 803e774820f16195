// scanviz: n = 32, block = 32, op = add, type = i32, inclusive, input = ramp
// scanviz: heads = 1,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0, 1,0,0,0,0,0,1,0,0,0, 0,0
// scanviz: like = warp_segmented
//
// A segmented warp scan: a head flag starts a new segment, and each segment is scanned on
// its own. Each lane first finds how far it is from its segment's head; in the Kogge-Stone
// steps that follow, lane i adds lane i - d only when that lane is in the same segment
// (d <= its distance to the head).
#include "scanviz.cuh"

constexpr int WARP = 32;

__global__ void segmented(const int* in, const int* heads, int* out, int n) {
    SCANVIZ_SHARED(int, s_partials, WARP);
    SCANVIZ_REG(int, distance);
    const int lane = threadIdx.x & (WARP - 1);
    int head = 0;  // the nearest head at or below this lane (lane 0 always starts a segment)
    for (int i = 1; i <= lane && i < n; ++i)
        if (heads[i]) head = i;
    const int to_head = lane - head;

    scanviz::step("head distance");
    distance = to_head;
    s_partials[lane] = lane < n ? in[lane] : 0;
    __syncwarp();

    for (int d = 1; d < WARP; d *= 2) {
        scanviz::step("segmented kogge-stone", d);
        scanviz::value<int> partner = 0;
        if (d <= to_head) partner = s_partials[lane - d];
        __syncwarp();
        if (d <= to_head) s_partials[lane] = partner + s_partials[lane];
        __syncwarp();
    }
    if (lane < n) out[lane] = s_partials[lane];
}
