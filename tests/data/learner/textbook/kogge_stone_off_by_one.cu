// scanviz: n = 32, block = 32, op = add, type = i32, inclusive, input = ones
// scanviz: like = block_hillis_steele
//
// A double-buffered Kogge-Stone scan a learner might write, with its steps named in its own words
// and one mistake: `t > d` where `t >= d` is meant, so thread d copies where it should add. The
// names differ from block_hillis_steele's (a note, not a failure); the mistake is named by the
// first slot that differs.
#include "scanviz.cuh"

constexpr int BLOCK = 32;

__global__ void kogge_stone(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, 2 * BLOCK);
    const int t = threadIdx.x;
    s[t] = t < n ? in[t] : 0;
    __syncthreads();
    int src = 0;
    for (int d = 1; d < BLOCK; d *= 2) {
        scanviz::step("kogge-stone", d);
        const int dst = 1 - src;
        if (t > d)
            s[dst * BLOCK + t] = s[src * BLOCK + t - d] + s[src * BLOCK + t];
        else
            s[dst * BLOCK + t] = s[src * BLOCK + t];
        __syncthreads();
        src = dst;
    }
    if (t < n) out[t] = s[src * BLOCK + t];
}
