// scanviz: n = 64, block = 64, op = add, type = i32, inclusive, input = ramp
// scanviz: like = block_hillis_steele
//
// Hillis-Steele (Kogge-Stone) block scan, double-buffered: one element per thread. In each
// step every thread reads the buffer the last step wrote and writes the other one, so no
// thread overwrites a value another thread still has to read. log2(n) steps, n log n work.
#include "scanviz.cuh"

constexpr int BLOCK = 64;

__global__ void hillis_steele_two_buffers(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s_temp, 2 * BLOCK);  // two buffers of BLOCK elements
    const int t = threadIdx.x;
    if (t < n) s_temp[t] = in[t];  // buffer 0 holds the input
    __syncthreads();

    int pout = 0;
    for (int d = 1; d < n; d *= 2) {
        pout = 1 - pout;  // swap the buffers: read pin, write pout
        const int pin = 1 - pout;
        scanviz::step("double-buffered step", d);
        if (t < n) {
            if (t >= d)
                s_temp[pout * BLOCK + t] = s_temp[pin * BLOCK + t - d] + s_temp[pin * BLOCK + t];
            else
                s_temp[pout * BLOCK + t] = s_temp[pin * BLOCK + t];
        }
        __syncthreads();
    }
    if (t < n) out[t] = s_temp[pout * BLOCK + t];
}
