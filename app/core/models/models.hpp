// Each reference model's file defines one of these: the variant's full
// registry entry (id, level, phases, accepted sizes, model, check, resolve).
// The variant's own file is the one place its phase names are written.
#pragma once

#include "core/models/variants.hpp"

namespace scanviz {

// Warp level (n = 32, one warp).
VariantInfo variant_warp_conditional();      // models/warp_conditional.cpp
VariantInfo variant_warp_zeropad();          // models/warp_zeropad.cpp
VariantInfo variant_warp_templated();        // models/warp_templated.cpp
VariantInfo variant_warp_shfl_ptx();         // models/warp_shfl_ptx.cpp
VariantInfo variant_warp_shfl_intrinsic();   // models/warp_shfl_intrinsic.cpp
VariantInfo variant_warp_segmented();        // models/warp_segmented.cpp
VariantInfo variant_warp_legacy_volatile();  // models/warp_legacy_volatile.cpp

// Block level (one thread block).
VariantInfo variant_block_hillis_steele();   // models/block_hillis_steele.cpp
VariantInfo variant_block_blelloch();        // models/block_blelloch.cpp
VariantInfo variant_block_blelloch_padded(); // models/block_blelloch_padded.cpp
VariantInfo variant_block_warp_scans_smem(); // models/block_warp_scans_smem.cpp
VariantInfo variant_block_warp_scans_shfl(); // models/block_warp_scans_shfl.cpp
VariantInfo variant_block_raking();          // models/block_raking.cpp
VariantInfo variant_block_raking_memoize();  // models/block_raking_memoize.cpp
VariantInfo variant_block_warp_scans();      // models/block_warp_scans.cpp

// Whole arrays (many blocks), at tile granularity.
VariantInfo variant_device_scan_then_propagate();  // models/device_scan_then_propagate.cpp
VariantInfo variant_device_reduce_then_scan();     // models/device_reduce_then_scan.cpp
VariantInfo variant_device_decoupled_lookback();   // models/device_decoupled_lookback.cpp

}  // namespace scanviz
