// scanviz: n = 64, block = 64, op = add, type = i32, inclusive, input = ramp
//
// Lesson 8 fixed as its text spells it: each step reads into a register, __syncthreads(), then writes.
#include "scanviz.cuh"

constexpr int BLOCK = 64;

__global__ void hillis_steele_one_buffer(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, BLOCK);
    const int t = threadIdx.x;
    if (t < n) s[t] = in[t];
    __syncthreads();

    for (int d = 1; d < n; d *= 2) {
        scanviz::step("one-buffer step", d);
        int x = t >= d ? s[t - d] : 0;
        __syncthreads();
        s[t] += x;
        __syncthreads();
    }
    if (t < n) out[t] = s[t];
}
