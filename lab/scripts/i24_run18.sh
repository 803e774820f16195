#!/usr/bin/env bash
# Issue 24, run 18 (kernels/bench/NOTES.md): the policies with load groups (128x144 b3 w12,
# 128x104 b4 w13, 8-byte 256x24 b4 w12; runs 14 to 16) and exclusive mode by shuffle (every
# tuning; run 17), on whichever card the device tool lends (an H200, then an H100 in the same
# session: its figures must not drop). Run 16 ran this script on the tree before run 17 (the
# load groups alone):
#   - sweep: int32 inclusive add 2^20..2^28, ours beside CUB, memcpy, copy and the same tiles
#     with one wait for the tile and no shuffle (128x144 b3, 128x104 b4: the policy before run 14);
#   - sweep2: float64 add at 2^28, inclusive and exclusive: ours beside 256x24 b4 with one wait;
#   - sweep3: int32 inclusive add 2^22..2^28 again in a second process;
#   - then every type x op x mode at 2^28 beside CUB, memcpy and copy (types.csv), int32 add
#     2^10..2^28 beside CUB, Thrust, memcpy and copy (bench.csv), the look-back GPU tests and
#     `validate --only-variant device_decoupled_lookback`.
# Binaries built here (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
P=device_decoupled_lookback@
export SCANVIZ_BW_SWEEP_SIZES=2^20,2^21,2^22,2^24,2^26,2^28
export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,${P}128x144sb3egdq,${P}128x104sb4egdq,${P}128x48sb9eg"
export SCANVIZ_BW_SWEEP2_VARIANTS="ours,cub,memcpy,copy,${P}256x24sb4egdq.f64add"
export SCANVIZ_BW_SWEEP2_TYPES=f64 SCANVIZ_BW_SWEEP2_OPS=add SCANVIZ_BW_SWEEP2_MODES=inclusive,exclusive
export SCANVIZ_BW_SWEEP2_SIZES=2^28 SCANVIZ_BW_SWEEP2_LIMIT=40
export SCANVIZ_BW_SWEEP3_VARIANTS=ours,cub,memcpy,copy SCANVIZ_BW_SWEEP3_TYPES=i32 SCANVIZ_BW_SWEEP3_OPS=add
export SCANVIZ_BW_SWEEP3_MODES=inclusive SCANVIZ_BW_SWEEP3_SIZES=2^22,2^24,2^26,2^28 SCANVIZ_BW_SWEEP3_LIMIT=40
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=all SCANVIZ_BW_SWEEP_LIMIT=70 \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-560} bash kernels/bench/run_bandwidth_gpu.sh || true
# At most 8 files come back: the timeline is not needed here, the two test logs go in one.
OUT=${OUT:-/tmp/scanviz-bw-out}
rm -f "$OUT/timeline.json"
[ -f "$OUT/tests.log" ] && { cat "$OUT/tests.log" >> "$OUT/tests2.log"; rm -f "$OUT/tests.log"; }
for f in sweep2 sweep3; do
  [ -s "$OUT/$f.csv" ] && build-prebuilt/scanviz bench --from "$OUT/$f.csv" --format text | cut -c1-150
done
