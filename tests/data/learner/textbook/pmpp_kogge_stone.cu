// scanviz: n = 32, block = 32, op = add, type = f32, inclusive, input = ramp
// scanviz: like = block_hillis_steele
//
// The Kogge-Stone scan kernel of Programming Massively Parallel Processors (Hwu, Kirk, El Hajj,
// 4th ed., 2022, ch. 11, "Parallel scan with the Kogge-Stone algorithm"), as the book prints it:
// one array in shared memory, each step read into `temp`, a barrier, then written, and the
// barriers at the top of the loop. No scanviz::step call: scanviz matches it with its twin by
// what it computes.
#define SECTION_SIZE 32

__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, unsigned int N) {
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        XY[threadIdx.x] = X[i];
    } else {
        XY[threadIdx.x] = 0.0f;
    }
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride)
            temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[threadIdx.x] = temp;
    }
    if (i < N) {
        Y[i] = XY[threadIdx.x];
    }
}
