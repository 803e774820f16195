// scanviz: n = 64, block = 32, op = add, type = f32, inclusive, input = ramp
// scanviz: like = block_brent_kung
//
// The Brent-Kung scan kernel of Programming Massively Parallel Processors (Hwu, Kirk, El Hajj,
// 4th ed., 2022, ch. 11, "Speed and work efficiency consideration: the Brent-Kung algorithm"), as
// the book prints it: a section of two elements per thread scanned in place, a reduction tree
// then a distribution tree, `XY[index] += XY[index - stride]`, the barrier at the top of each
// loop. No scanviz::step call.
#define SECTION_SIZE 64

__global__ void Brent_Kung_scan_kernel(float *X, float *Y, unsigned int N) {
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) XY[threadIdx.x] = X[i];
    if (i + blockDim.x < N) XY[threadIdx.x + blockDim.x] = X[i + blockDim.x];
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < SECTION_SIZE) {
            XY[index] += XY[index - stride];
        }
    }
    for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < SECTION_SIZE) {
            XY[index + stride] += XY[index];
        }
    }
    __syncthreads();
    if (i < N) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < N) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
}
