// scanviz: n = 128, block = 128, op = add, type = i32, exclusive, input = ramp
// scanviz: like = block_warp_scans_smem
//
// scan_block from CMU 15-418/618's lecture on data-parallel scan (Spring 2016, "Multi-threaded,
// SIMD implementation"), as printed: each warp scans its 32 elements with scan_warp, lane 31 of
// each warp copies its warp's total over ptr[warpid], warp 0 scans the totals, every other warp
// adds its base, and each thread writes its exclusive result. CMU keeps the data in a register
// (val) while ptr[] serves as scratch; block_warp_scans_smem keeps the totals in an array of their
// own, so scanviz compares the values each still reads and notes the difference of form. The
// warp scan relies on lockstep and warp w's copy races with warp 0's scan (no barrier between
// them): the hazard check says so, and the race lab measured it on the GPU. No scanviz::step
// call. One change so that scanviz can trace it: `ptr` is the array itself (a template
// parameter) rather than `volatile T *ptr`. The kernel around it is ours.
struct Add {
    static __device__ int apply(int a, int b) { return a + b; }
    static __device__ int identity() { return 0; }
};

template <class OP, class T, class Array>
__device__ T scan_warp(Array& ptr, const unsigned int idx) {
    const unsigned int lane = idx & 31;  // index of thread in warp (0..31)

    if (lane >= 1) ptr[idx] = OP::apply(ptr[idx - 1], ptr[idx]);
    if (lane >= 2) ptr[idx] = OP::apply(ptr[idx - 2], ptr[idx]);
    if (lane >= 4) ptr[idx] = OP::apply(ptr[idx - 4], ptr[idx]);
    if (lane >= 8) ptr[idx] = OP::apply(ptr[idx - 8], ptr[idx]);
    if (lane >= 16) ptr[idx] = OP::apply(ptr[idx - 16], ptr[idx]);

    return (lane > 0) ? T(ptr[idx - 1]) : OP::identity();
}

template <class OP, class T, class Array>
__device__ void scan_block(Array& ptr, const unsigned int idx) {
    const unsigned int lane = idx & 31;  // index of thread in warp (0..31)
    const unsigned int warpid = idx >> 5;

    T val = scan_warp<OP, T>(ptr, idx);  // Step 1. per-warp partial scan

    if (lane == 31) ptr[warpid] = ptr[idx];  // Step 2. copy partial-scan bases
    __syncthreads();

    if (warpid == 0) scan_warp<OP, T>(ptr, idx);  // Step 3. scan to accumulate bases
    __syncthreads();

    if (warpid > 0)  // Step 4. apply bases to all elements
        val = OP::apply(ptr[warpid - 1], val);
    __syncthreads();

    ptr[idx] = val;
}

__global__ void cmu_scan_block(const int* in, int* out, int n) {
    __shared__ int ptr[128];
    const unsigned int idx = threadIdx.x;
    ptr[idx] = idx < static_cast<unsigned>(n) ? in[idx] : 0;
    __syncthreads();
    scan_block<Add, int>(ptr, idx);
    if (idx < static_cast<unsigned>(n)) out[idx] = ptr[idx];
}
