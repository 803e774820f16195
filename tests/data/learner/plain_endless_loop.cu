// scanviz: n = 32, block = 32
// endless_loop.cu as plain CUDA (no scanviz.cuh): both engines stop it at the time limit. The
// loop reads its input through a volatile pointer, so no compiler may assume that it ends.
__global__ void endless(const int* in, int* out, int n) {
    const volatile int* v = in;
    while (v[0] != -123456789) {
    }
    out[threadIdx.x] = in[threadIdx.x];
}
