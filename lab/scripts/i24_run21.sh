#!/usr/bin/env bash
# Issue 24, run 21 (kernels/bench/NOTES.md): 8-byte add in other tile shapes, and the fused
# scan (f, kFusedScan: the early aggregate scans each chunk as its load group lands, and step
# 1b goes). Run 20 left float64 and int64 add exclusive 4.0% and 3.2% under int32 at 2^28 on
# the H200, and 0.97-0.98 of our copy kernel where int32 add runs at 1.00 of it. Each shape
# keeps the policy's fields (load groups w, exclusive by shuffle x) and is measured beside ours
# (256 x 24 b4 w12 x) in the same process: 128 x 72 b3 (the int32 tile's shape and bytes),
# 256 x 36 b3, 192 x 32 b4, 224 x 28 b4, 384 x 16 b4, and 256 x 24 b4 w12 x f.
#   - sweep: int32 add 2^22..2^28, inclusive and exclusive: ours, CUB, memcpy, copy (the mark),
#     128 x 144 b3 w12 x f, 128 x 104 b4 w13 x and x f;
#   - sweep2: float64 add at 2^28: ours, memcpy, copy, the five shapes and the fused tile;
#   - sweep3: int64 add at 2^28: the same;
#   - sweep4: float32 add at 2^28: ours, memcpy, copy, 128 x 144 b3 w12 x and x f;
#   - then test_gpu_lookback_types.
# Binaries built here (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/;
# about 9 minutes on the device.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
P=device_decoupled_lookback@
M=inclusive,exclusive
shapes() {  # the candidates of one type: f64add or i64add
  local s out=""
  for s in 128x72sb3egdqw12x 256x36sb3egdqw9x 192x32sb4egdqw8x 224x28sb4egdqw7x 384x16sb4egdqw8x 256x24sb4egdqw12xf; do
    out="$out,${P}$s.$1"
  done
  echo "ours,memcpy,copy$out"
}
export SCANVIZ_BW_SWEEP_SIZES=2^22,2^24,2^26,2^28 SCANVIZ_BW_SWEEP_MODES=$M SCANVIZ_BW_SWEEP_LIMIT=110
export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,${P}128x144sb3egdqw12xf,${P}128x104sb4egdqw13x,${P}128x104sb4egdqw13xf"
for k in 2 3 4; do
  export SCANVIZ_BW_SWEEP${k}_MODES=$M SCANVIZ_BW_SWEEP${k}_SIZES=2^28 SCANVIZ_BW_SWEEP${k}_LIMIT=110 SCANVIZ_BW_SWEEP${k}_OPS=add
done
export SCANVIZ_BW_SWEEP2_TYPES=f64 SCANVIZ_BW_SWEEP3_TYPES=i64 SCANVIZ_BW_SWEEP4_TYPES=f32
export SCANVIZ_BW_SWEEP4_VARIANTS="ours,memcpy,copy,${P}128x144sb3egdqw12x.f32add,${P}128x144sb3egdqw12xf.f32add"
SCANVIZ_BW_SWEEP2_VARIANTS=$(shapes f64add) SCANVIZ_BW_SWEEP3_VARIANTS=$(shapes i64add)
export SCANVIZ_BW_SWEEP2_VARIANTS SCANVIZ_BW_SWEEP3_VARIANTS
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=sweep \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-540} bash kernels/bench/run_bandwidth_gpu.sh || true
OUT=${OUT:-/tmp/scanviz-bw-out}
for f in sweep3 sweep4; do
  [ -s "$OUT/$f.csv" ] && build-prebuilt/scanviz bench --from "$OUT/$f.csv" --format text | cut -c1-150
done
exit 0
