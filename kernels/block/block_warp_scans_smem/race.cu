// Race lab: block_warp_scans_smem with one barrier left out (block_warp_scans_smem.cuh, kKeep), or
// written as CMU's scan_block (15-418 notes): the warp totals stored over the data, ptr[warpid],
// with each thread's own result kept in a register, and no barrier between the warp scans and
// that store, so warp w's lane 31 may write element w while warp 0 is still scanning it.
#include "block_warp_scans_smem.cuh"
#include "../../ops.cuh"
#include "../../race/race_common.cuh"

namespace scanviz::kern {
namespace {

constexpr int kWarps = kRaceBlockN / kWarpThreads;

template <uint32_t kKeep>
__global__ void __launch_bounds__(kRaceBlockN) race_warp_scans_smem_kernel(const int* in, int* out) {
    __shared__ BlockWarpScansSmemStorage<int> s;
    const int tid = static_cast<int>(threadIdx.x);
    const long long base = static_cast<long long>(blockIdx.x) * kRaceBlockN;
    NoProbe probe;
    s.data[tid] = in[base + tid];
    __syncthreads();
    block_scan_warp_scans_smem<int, OpAdd<int>, NoProbe, kKeep>(s, kRaceBlockN, false, OpAdd<int>{}, probe);
    out[base + tid] = s.data[tid];
}

__global__ void __launch_bounds__(kRaceBlockN) race_cmu_scan_block_kernel(const int* in, int* out) {
    __shared__ BlockWarpScansSmemStorage<int> s;
    const int tid = static_cast<int>(threadIdx.x);
    const int lane = tid % kWarpThreads, warp = tid / kWarpThreads;
    const long long base = static_cast<long long>(blockIdx.x) * kRaceBlockN;
    NoProbe probe;
    auto sync = [] { __syncwarp(); };             // a warp-scan step: reads, __syncwarp(), writes,
    auto end_step = [](int) { __syncwarp(); };    // __syncwarp(), as the variant does
    s.data[tid] = in[base + tid];
    __syncthreads();
    // Step 1: each warp scans its 32 elements.
    scan_warp_shared(s.data, tid, lane, kWarpThreads, true, 0, OpAdd<int>{}, probe, sync, end_step);
    int val = s.data[tid];
    // Step 2: lane 31 copies its warp's total over element `warp` of the data, with no barrier
    // before it: warp 0 may not have finished reading and writing that element.
    if (lane == kWarpThreads - 1) s.data[warp] = val;
    __syncthreads();
    // Step 3: warp 0 scans the totals in place.
    scan_warp_shared(s.data, lane, lane, kWarps, warp == 0 && lane < kWarps, 0, OpAdd<int>{}, probe, sync, end_step);
    __syncthreads();
    // Step 4: every warp but the first adds the total of the warps before it.
    if (warp > 0) val = s.data[warp - 1] + val;
    __syncthreads();
    out[base + tid] = val;
}

}  // namespace

RaceRow race_block_warp_scans_smem(const RaceCase& c, const gpu::RaceRunConfig& cfg) {
    race::Shape shape{kRaceBlockN, 1, kRaceBlockN, 1024, "block"};
    shape.blocks = race::default_blocks(shape, cfg.blocks);
    if (c.one_buffer)
        return race::measure(c, shape, cfg, [](const int* in, int* out, int blocks) {
            race_cmu_scan_block_kernel<<<blocks, kRaceBlockN>>>(in, out);
        });
    RaceRow row;
    race::with_barrier_mask<kRaceWarpScansSmemBarriers>(c.barrier, [&](auto mask) {
        row = race::measure(c, shape, cfg, [](const int* in, int* out, int blocks) {
            race_warp_scans_smem_kernel<decltype(mask)::value><<<blocks, kRaceBlockN>>>(in, out);
        });
    });
    return row;
}

}  // namespace scanviz::kern
