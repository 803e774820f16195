// scanviz: n = 64, block = 64, op = add, type = i32, inclusive, input = ramp
//
// Hillis-Steele with ONE buffer: a race. In step d thread t reads s[t - d] while thread
// t - d may already have overwritten it with its own sum of this step. The barrier at the
// end of the step orders the steps, not the read and the write inside one. Run it with
// --schedule interleaved to see the wrong sums; the hazards name the threads either way.
// hillis_steele_two_buffers.cu is the fix.
#include "scanviz.cuh"

constexpr int BLOCK = 64;

__global__ void hillis_steele_one_buffer(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, BLOCK);
    const int t = threadIdx.x;
    if (t < n) s[t] = in[t];
    __syncthreads();

    for (int d = 1; d < n; d *= 2) {
        scanviz::step("one-buffer step", d);
        if (t < n && t >= d) s[t] = s[t - d] + s[t];  // reads s[t - d] as thread t - d writes it
        __syncthreads();
    }
    if (t < n) out[t] = s[t];
}
