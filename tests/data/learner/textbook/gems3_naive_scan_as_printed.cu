// scanviz: n = 32, block = 32, op = add, type = f32, exclusive, input = ramp
// scanviz: like = block_hillis_steele
//
// GPU Gems 3's naive exclusive scan (ch. 39, Example 39-1) with the line as printed:
// `temp[pout*n+thid] += temp[pin*n+thid - offset]` adds into the buffer being written (which holds
// what was there two steps ago) instead of reading both operands from the buffer just written.
// Its output is wrong; scanviz names the first slot that goes wrong, by its state, against
// block_hillis_steele. gems3_naive_scan.cu has the corrected line.
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
            temp[pout * n + thid] += temp[pin * n + thid - offset];
        else
            temp[pout * n + thid] = temp[pin * n + thid];
        __syncthreads();
    }
    g_odata[thid] = temp[pout * n + thid];  // write output
}
