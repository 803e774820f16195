// scanviz: n = 32, block = 32, op = add, type = f32, exclusive, input = ramp
// scanviz: like = block_hillis_steele
//
// The naive (Hillis-Steele) exclusive scan of GPU Gems 3 (Harris, Sengupta, Owens, ch. 39,
// "Parallel Prefix Sum (Scan) with CUDA", Example 39-1): the input shifted right by one into one
// of two buffers, then log2(n) steps each reading one buffer and writing the other. The listing as
// printed writes `temp[pout*n+thid] += temp[pin*n+thid - offset]`, which adds into the buffer being
// written instead of the one just read (gems3_naive_scan_as_printed.cu: scanviz names the first
// slot that goes wrong); this is the corrected line. No scanviz::step call. Two changes so that
// it can run: the parameters in scanviz's order (input, output, n) and a fixed array in
// place of `extern __shared__ float temp[]`.
__global__ void scan(float *g_idata, float *g_odata, int n) {
    __shared__ float temp[64];  // allocated on invocation in the book
    int thid = threadIdx.x;
    int pout = 0, pin = 1;
    // Load input into shared memory.
    // This is exclusive scan, so shift right by one
    // and set first element to 0
    temp[pout * n + thid] = (thid > 0) ? g_idata[thid - 1] : 0;
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;  // swap double buffer indices
        pin = 1 - pout;
        if (thid >= offset)
            temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
        else
            temp[pout * n + thid] = temp[pin * n + thid];
        __syncthreads();
    }
    g_odata[thid] = temp[pout * n + thid];  // write output
}
