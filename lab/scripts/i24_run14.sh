#!/usr/bin/env bash
# Issue 24, run 14 (kernels/bench/NOTES.md): load groups (`wG`: the tile's copies in G
# cp.async groups, the early aggregate folding each group as it lands) beside the same tiles
# with one wait, and the sizes between 2^24 and 2^28 for a fit of time against bytes (what is
# fixed per launch, what is per byte), on whichever card the device tool lends:
#   - sweep: int32 inclusive add at 3000017 (a partial last tile), 2^24, 2^25, 2^26, 2^27 and
#     2^28: ours, CUB, memcpy, copy, 128x144 b3 (w1, w4, w12), 128x104 b4 (w1, w13), 128x48 b9 w4;
#   - sweep2: float64 add at 2^28, inclusive and exclusive: ours, memcpy, copy, 256x24 b4 (w1,
#     w4, w12);
#   - sweep3: the int32 tiles again at 2^26 and 2^28 in a second process;
#   - then test_gpu_lookback_types (the policy's tunings at their edge sizes).
# Binaries built here (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
P=device_decoupled_lookback@
W="${P}128x144sb3egdq,${P}128x144sb3egdqw4,${P}128x144sb3egdqw12,${P}128x104sb4egdq,${P}128x104sb4egdqw13"
export SCANVIZ_BW_SWEEP_SIZES=3000017,2^24,2^25,2^26,2^27,2^28
export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,$W,${P}128x48sb9egdqw4"
export SCANVIZ_BW_SWEEP2_VARIANTS="ours,memcpy,copy,${P}256x24sb4egdq.f64add,${P}256x24sb4egdqw4.f64add,${P}256x24sb4egdqw12.f64add"
export SCANVIZ_BW_SWEEP2_TYPES=f64 SCANVIZ_BW_SWEEP2_OPS=add SCANVIZ_BW_SWEEP2_MODES=inclusive,exclusive
export SCANVIZ_BW_SWEEP2_SIZES=2^28 SCANVIZ_BW_SWEEP2_LIMIT=60
export SCANVIZ_BW_SWEEP3_VARIANTS="ours,memcpy,copy,$W" SCANVIZ_BW_SWEEP3_TYPES=i32 SCANVIZ_BW_SWEEP3_OPS=add
export SCANVIZ_BW_SWEEP3_MODES=inclusive SCANVIZ_BW_SWEEP3_SIZES=2^26,2^28 SCANVIZ_BW_SWEEP3_LIMIT=50
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=sweep SCANVIZ_BW_SWEEP_LIMIT=150 \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-420} bash kernels/bench/run_bandwidth_gpu.sh || true
OUT=${OUT:-/tmp/scanviz-bw-out}
for f in sweep sweep2 sweep3; do
  [ -s "$OUT/$f.csv" ] && build-prebuilt/scanviz bench --from "$OUT/$f.csv" --format text | cut -c1-150
done
