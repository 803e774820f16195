// scanviz: n = 128, block = 32
// Each thread owns two elements of its block's tile of 64: scanviz runs one block, which writes
// out[0..63], so n can be at most 64 with this block.
#include "scanviz.cuh"

__global__ void copy2(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, 64);
    const int base = blockIdx.x * 64, t = threadIdx.x;
    s[t] = base + t < n ? in[base + t] : 0;
    s[t + 32] = base + t + 32 < n ? in[base + t + 32] : 0;
    __syncthreads();
    if (base + t < n) out[base + t] = s[t];
    if (base + t + 32 < n) out[base + t + 32] = s[t + 32];
}
