// scanviz: n = 64, block = 32, op = add, type = f32, exclusive, input = ramp
// scanviz: like = block_blelloch
//
// The work-efficient exclusive scan of GPU Gems 3 (Harris, Sengupta, Owens, ch. 39, "Parallel
// Prefix Sum (Scan) with CUDA", Example 39-2), as printed: an up-sweep that builds sums in place
// up the tree, the last element cleared, a down-sweep that swaps and adds back down, the barriers
// at the top of each loop. No scanviz::step call. Two changes only, so that scanviz can run it:
// the parameters in scanviz's order (input, output, n; the book has g_odata first) and a fixed
// array in place of `extern __shared__ float temp[]`.
__global__ void prescan(float *g_idata, float *g_odata, int n) {
    __shared__ float temp[64];  // allocated on invocation in the book
    int thid = threadIdx.x;
    int offset = 1;
    temp[2 * thid] = g_idata[2 * thid];  // load input into shared memory
    temp[2 * thid + 1] = g_idata[2 * thid + 1];
    for (int d = n >> 1; d > 0; d >>= 1) {  // build sum in place up the tree
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (thid == 0) { temp[n - 1] = 0; }  // clear the last element
    for (int d = 1; d < n; d *= 2) {  // traverse down tree & build scan
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    g_odata[2 * thid] = temp[2 * thid];  // write results to device memory
    g_odata[2 * thid + 1] = temp[2 * thid + 1];
}
