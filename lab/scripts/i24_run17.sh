#!/usr/bin/env bash
# Issue 24, run 17 (kernels/bench/NOTES.md): exclusive mode's predecessor by shuffle (`x`)
# rather than a second shared-memory read, for the 8-byte exclusive scans that run 16 left
# 3-4% under int32 at 2^28 on the H200. On whichever card the device tool lends:
#   - sweep: int32 add at 2^26 and 2^28, ours, memcpy, copy, 128x144 b3 w12 and w12x (int32:
#     whether x costs the 4-byte tile anything; this sweep's modes are inclusive and exclusive);
#   - sweep2: float64 add at 2^28, inclusive and exclusive: ours, 256x24 b4 w12 and w12x;
#   - sweep3: int64 add at 2^28, inclusive and exclusive: ours, 256x24 b4 w12 and w12x;
#   - then test_gpu_lookback_types.
# Binaries built here (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
P=device_decoupled_lookback@
export SCANVIZ_BW_SWEEP_SIZES=2^26,2^28 SCANVIZ_BW_SWEEP_MODES=inclusive,exclusive
export SCANVIZ_BW_SWEEP_VARIANTS="ours,memcpy,copy,${P}128x144sb3egdqw12,${P}128x144sb3egdqw12x"
export SCANVIZ_BW_SWEEP2_VARIANTS="ours,memcpy,copy,${P}256x24sb4egdqw12.f64add,${P}256x24sb4egdqw12x.f64add"
export SCANVIZ_BW_SWEEP2_TYPES=f64 SCANVIZ_BW_SWEEP2_OPS=add SCANVIZ_BW_SWEEP2_MODES=inclusive,exclusive
export SCANVIZ_BW_SWEEP2_SIZES=2^28 SCANVIZ_BW_SWEEP2_LIMIT=60
export SCANVIZ_BW_SWEEP3_VARIANTS="ours,memcpy,copy,${P}256x24sb4egdqw12.i64add,${P}256x24sb4egdqw12x.i64add"
export SCANVIZ_BW_SWEEP3_TYPES=i64 SCANVIZ_BW_SWEEP3_OPS=add SCANVIZ_BW_SWEEP3_MODES=inclusive,exclusive
export SCANVIZ_BW_SWEEP3_SIZES=2^28 SCANVIZ_BW_SWEEP3_LIMIT=60
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=sweep SCANVIZ_BW_SWEEP_LIMIT=60 \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-360} bash kernels/bench/run_bandwidth_gpu.sh || true
OUT=${OUT:-/tmp/scanviz-bw-out}
for f in sweep sweep2 sweep3; do
  [ -s "$OUT/$f.csv" ] && build-prebuilt/scanviz bench --from "$OUT/$f.csv" --format text | cut -c1-150
done
