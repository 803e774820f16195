// scanviz: n = 32, block = 32, input = ramp
// Plain CUDA that hands its shared array to a helper as a pointer: scanviz traces `s` and cannot
// follow the pointer, so the compile error says which array and what to do.
__device__ void load(int* s, const int* in, int t, int n) { s[t] = t < n ? in[t] : 0; }

__global__ void scan(const int* in, int* out, int n) {
    __shared__ int s[32];
    const int t = threadIdx.x;
    load(s, in, t, n);
    __syncthreads();
    if (t < n) out[t] = s[t];
}
