#!/usr/bin/env bash
# Issue 24, run 10 (kernels/bench/NOTES.md): the policies after the h200's float32 max/min band
# (128x104 b4 above 64 MiB, where 128x144 b3 left them 4% under int32 on the H200), on whichever
# card the device tool lends (an H200, or an H100 to re-run its figures in the same session):
#   - sweep: int32 inclusive add 2^20..2^28, ours beside CUB, memcpy, copy, 128x48 b9 and
#     128x104 b4 hinted (the h200's first band now ends at 8 MiB, 2^21);
#   - sweep2: float32 max and min, inclusive and exclusive, at 2^26 and 2^28: ours (the policy)
#     beside 128x144 b3 and 128x104 b4;
#   - sweep3: the sweep's int32 sizes again in a second process (the spread between processes);
#   - then every type x op x mode at 2^28 beside CUB, memcpy and copy, int32 add 2^10..2^28
#     beside CUB, Thrust, memcpy and copy, the look-back GPU tests and validation.
# Binaries built here (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/.
# SCANVIZ_RUN10_ONLY=h200 or h100: on any other card, say so and stop (a cheap probe).
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
case "${SCANVIZ_RUN10_ONLY:-}" in
  h200) [[ "$card" == *H200* ]] || { echo "not an H200: nothing run"; exit 0; } ;;
  h100) [[ "$card" == *H100* ]] || { echo "not an H100: nothing run"; exit 0; } ;;
esac
P=device_decoupled_lookback@
export SCANVIZ_BW_SWEEP_SIZES=2^20,2^21,2^22,2^24,2^26,2^28
export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,${P}128x48sb9eg,${P}128x104sb4egdh"
export SCANVIZ_BW_SWEEP2_VARIANTS="ours,cub,memcpy,copy,${P}128x144sb3egdq.f32max,${P}128x104sb4egdq.f32max"
export SCANVIZ_BW_SWEEP2_TYPES=f32 SCANVIZ_BW_SWEEP2_OPS=max,min SCANVIZ_BW_SWEEP2_MODES=inclusive,exclusive
export SCANVIZ_BW_SWEEP2_SIZES=2^26,2^28 SCANVIZ_BW_SWEEP2_LIMIT=80
export SCANVIZ_BW_SWEEP3_VARIANTS=ours,cub,memcpy,copy SCANVIZ_BW_SWEEP3_TYPES=i32 SCANVIZ_BW_SWEEP3_OPS=add
export SCANVIZ_BW_SWEEP3_SIZES=2^22,2^24,2^26,2^28 SCANVIZ_BW_SWEEP3_LIMIT=40
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=all SCANVIZ_BW_SWEEP_LIMIT=60 \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-560} bash kernels/bench/run_bandwidth_gpu.sh || true
# At most 8 files come back: the timeline is not needed here, the two test logs go in one.
OUT=${OUT:-/tmp/scanviz-bw-out}
rm -f "$OUT/timeline.json"
[ -f "$OUT/tests.log" ] && { cat "$OUT/tests.log" >> "$OUT/tests2.log"; rm -f "$OUT/tests.log"; }
for f in sweep2 sweep3; do
  [ -s "$OUT/$f.csv" ] && build-prebuilt/scanviz bench --from "$OUT/$f.csv" --format text | cut -c1-150
done
