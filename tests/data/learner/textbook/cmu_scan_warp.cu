// scanviz: n = 32, block = 32, op = add, type = i32, exclusive, input = ramp
// scanviz: like = warp_legacy_volatile
//
// scan_warp from CMU 15-418/618's lecture on data-parallel scan (Spring 2016, "Exclusive scan:
// wide SIMD implementation"), as printed: five conditional steps of one warp with no barrier, on
// volatile shared memory; ptr[] ends holding the inclusive scan and each thread returns the
// exclusive one. It relies on the warp's 32 lanes running in lockstep, so scanviz matches it with
// warp_legacy_volatile and its hazard check names the lanes that race since Volta. No
// step() call. One change so that scanviz can trace it: scanviz does not follow a pointer
// into a traced array, so `ptr` is the array itself (a template parameter) rather than
// `volatile T *ptr`; every statement is CMU's. The kernel around it is ours.
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

__global__ void cmu_scan_warp(const int* in, int* out, int n) {
    __shared__ int ptr[32];  // volatile in CMU's listing
    const unsigned int idx = threadIdx.x;
    ptr[idx] = idx < static_cast<unsigned>(n) ? in[idx] : 0;
    const int result = scan_warp<Add, int>(ptr, idx);
    if (idx < static_cast<unsigned>(n)) out[idx] = result;
}
