#!/usr/bin/env bash
# Issue 24, run 19 (kernels/bench/NOTES.md): two cuts of the tile's arithmetic for the add scans
# that run 18 left 3.0-4.0% under int32 at 2^28 on the H200, each beside the same tile without
# it (x: the policy of run 18) in the same process:
#   - c (kCacheChunkScans): float add's early aggregate keeps its chunk scans for step 1b;
#   - u (kExclusiveInScan): integer exclusive scans take step 1b's exclusive values.
# `ours` had both in the H200's wide tunings in this run (both measured slower: off since). On whichever
# card the device tool lends:
#   - sweep: int32 add at 2^26 and 2^28, inclusive and exclusive: ours, memcpy, copy,
#     128x144 b3 w12 x and xu;
#   - sweep2: float64 add at 2^28: ours, 256x24 b4 w12 x and xc;
#   - sweep3: int64 add at 2^28: ours, 256x24 b4 w12 x and xu;
#   - sweep4: float32 add at 2^28: ours, 128x144 b3 w12 x and xc;
#   - every type x op x mode at 2^28 beside CUB, memcpy and copy (types.csv);
#   - then test_gpu_lookback_types.
# Binaries built here (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
P=device_decoupled_lookback@
M=inclusive,exclusive
export SCANVIZ_BW_SWEEP_SIZES=2^26,2^28 SCANVIZ_BW_SWEEP_MODES=$M SCANVIZ_BW_SWEEP_LIMIT=70
export SCANVIZ_BW_SWEEP_VARIANTS="ours,memcpy,copy,${P}128x144sb3egdqw12x,${P}128x144sb3egdqw12xu"
for k in 2 3 4; do
  export SCANVIZ_BW_SWEEP${k}_MODES=$M SCANVIZ_BW_SWEEP${k}_SIZES=2^28 SCANVIZ_BW_SWEEP${k}_LIMIT=50 SCANVIZ_BW_SWEEP${k}_OPS=add
done
export SCANVIZ_BW_SWEEP2_TYPES=f64 SCANVIZ_BW_SWEEP3_TYPES=i64 SCANVIZ_BW_SWEEP4_TYPES=f32
export SCANVIZ_BW_SWEEP2_VARIANTS="ours,memcpy,copy,${P}256x24sb4egdqw12x.f64add,${P}256x24sb4egdqw12xc.f64add"
export SCANVIZ_BW_SWEEP3_VARIANTS="ours,memcpy,copy,${P}256x24sb4egdqw12x.i64add,${P}256x24sb4egdqw12xu.i64add"
export SCANVIZ_BW_SWEEP4_VARIANTS="ours,memcpy,copy,${P}128x144sb3egdqw12x.f32add,${P}128x144sb3egdqw12xc.f32add"
export SCANVIZ_BW_TYPES_MODES=$M SCANVIZ_BW_TYPES_LIMIT=170
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=tune \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-560} bash kernels/bench/run_bandwidth_gpu.sh || true
OUT=${OUT:-/tmp/scanviz-bw-out}
for f in sweep3 sweep4; do
  [ -s "$OUT/$f.csv" ] && build-prebuilt/scanviz bench --from "$OUT/$f.csv" --format text | cut -c1-150
done
