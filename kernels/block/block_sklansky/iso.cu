// Isolation kernels of block_sklansky for the SASS view (kernels/block/block_pair_iso.cuh):
// iso_block_sklansky runs the routine of kernels/block/block_sklansky/block_sklansky.cuh on a tile of 256 int32
// (inclusive add, 128 threads); base_block_sklansky is the same kernel without it.
#include "kernels/block/block_pair_iso.cuh"
#include "kernels/block/block_sklansky/block_sklansky.cuh"

namespace scanviz::kern {

extern "C" __global__ void __launch_bounds__(kPairIsoThreads) iso_block_sklansky(const int* in, int* out) {
    block_pair_iso<SklanskyScan, true>(in, out);
}

extern "C" __global__ void __launch_bounds__(kPairIsoThreads) base_block_sklansky(const int* in, int* out) {
    block_pair_iso<SklanskyScan, false>(in, out);
}

}  // namespace scanviz::kern
