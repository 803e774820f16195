#!/usr/bin/env bash
# Issue 24, run 11 (kernels/bench/NOTES.md): persistent blocks (`r`: as many blocks as fit,
# each scanning tile after tile from the tile counter) beside the same tiles one block per
# tile, on whichever card the device tool lends:
#   - sweep: int32 inclusive add 2^21..2^28 (and 3000017, an odd size: partial last tile),
#     ours, CUB, memcpy, copy, 128x144 b3, 128x104 b4 and 128x48 b9, each with and without r;
#   - sweep2: float64 add at 2^28, inclusive and exclusive: 256x24 b4 (the policy's 8-byte
#     tile) and 256x36 b3, with and without r;
#   - sweep3: the wide int32 tiles again at 2^24 and 2^26 in a second process;
#   - then test_gpu_lookback_types (the policy's tunings at their edge sizes).
# Binaries built here (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
P=device_decoupled_lookback@
W="${P}128x144sb3egdq,${P}128x144sb3egdqr,${P}128x104sb4egdq,${P}128x104sb4egdqr"
export SCANVIZ_BW_SWEEP_SIZES=3000017,2^21,2^22,2^24,2^26,2^28
export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,$W,${P}128x48sb9eg,${P}128x48sb9egdqr"
export SCANVIZ_BW_SWEEP2_VARIANTS="ours,cub,memcpy,copy,${P}256x24sb4egdq.f64add,${P}256x24sb4egdqr.f64add,${P}256x36sb3egdq.f64add,${P}256x36sb3egdqr.f64add"
export SCANVIZ_BW_SWEEP2_TYPES=f64 SCANVIZ_BW_SWEEP2_OPS=add SCANVIZ_BW_SWEEP2_MODES=inclusive,exclusive
export SCANVIZ_BW_SWEEP2_SIZES=2^28 SCANVIZ_BW_SWEEP2_LIMIT=60
export SCANVIZ_BW_SWEEP3_VARIANTS="ours,cub,memcpy,copy,$W" SCANVIZ_BW_SWEEP3_TYPES=i32 SCANVIZ_BW_SWEEP3_OPS=add
export SCANVIZ_BW_SWEEP3_MODES=inclusive SCANVIZ_BW_SWEEP3_SIZES=2^24,2^26 SCANVIZ_BW_SWEEP3_LIMIT=40
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=sweep SCANVIZ_BW_SWEEP_LIMIT=120 \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-400} bash kernels/bench/run_bandwidth_gpu.sh || true
OUT=${OUT:-/tmp/scanviz-bw-out}
for f in sweep sweep2 sweep3; do
  [ -s "$OUT/$f.csv" ] && build-prebuilt/scanviz bench --from "$OUT/$f.csv" --format text | cut -c1-150
done
