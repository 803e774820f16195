// The Blelloch scan's shared-memory layout, written once for the kernel
// (kernels/block/block_blelloch.cuh), its model (block_blelloch/model.cpp) and the
// race analysis (through VariantInfo::shared_word). Plain constexpr C++ with
// no headers, so nvcc compiles it for the device as it is.
#pragma once

#if defined(__CUDACC__)
#define SCANVIZ_HOST_DEVICE __host__ __device__
#else
#define SCANVIZ_HOST_DEVICE
#endif

namespace scanviz {

inline constexpr int kNumBanks = 32;
inline constexpr int kLogNumBanks = 5;  // GPU Gems 3, 39.2.3: LOG_NUM_BANKS for 32 banks
inline constexpr int kBlellochMaxTile = 2048;

// GPU Gems 3's conflict-free offset: one spare word after every 32.
SCANVIZ_HOST_DEVICE constexpr int conflict_free_offset(int i) { return i >> kLogNumBanks; }

// Shared-memory word of element i: i, or i + conflict_free_offset(i) when padded.
SCANVIZ_HOST_DEVICE constexpr int blelloch_word(int i, bool padded) {
    return padded ? i + conflict_free_offset(i) : i;
}

// Words of shared memory a tile of m elements occupies.
SCANVIZ_HOST_DEVICE constexpr int blelloch_words(int m, bool padded) { return blelloch_word(m - 1, padded) + 1; }

}  // namespace scanviz
