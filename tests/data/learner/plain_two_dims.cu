// scanviz: n = 32, block = 32, input = ramp
// Plain CUDA whose shared array has two dimensions (two buffers), which scanviz does not trace:
// the run says that no array is traced, and how to trace one.
__global__ void scan(const int* in, int* out, int n) {
    __shared__ int s[2][32];
    const int t = threadIdx.x;
    int p = 0;
    s[p][t] = t < n ? in[t] : 0;
    __syncthreads();
    for (int d = 1; d < 32; d *= 2) {
        s[1 - p][t] = t >= d ? s[p][t] + s[p][t - d] : s[p][t];
        p = 1 - p;
        __syncthreads();
    }
    if (t < n) out[t] = s[p][t];
}
