#!/usr/bin/env bash
# Issue 24, run 15 (kernels/bench/NOTES.md): split tiles (a wave of full-size tiles at the head
# `H`, the tail `T` or both `HT` cut into tiles of 1/k the items), after run 14's fit put the
# scan's excess over our copy kernel in a fixed cost per launch (10 us against 3.7), not in
# its rate per byte (3950 against 3944 GB/s). On whichever card the device tool lends:
#   - sweep: int32 inclusive add at 3000017 (a partial last tile), 2^24, 2^25, 2^26, 2^27 and
#     2^28: ours, CUB, memcpy, copy, 128x144 b3 w12 with and without T3, T2, H3, HT3, and
#     128x104 b4 w13 with and without T2;
#   - sweep3: the same at 2^26 and 2^28 in a second process, and the odd sizes 1000003 and
#     2^20 + 1 (fewer tiles than a wave: every tile small);
#   - then test_gpu_lookback_types (the policy's tunings at their edge sizes).
# Binaries built here (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
P=device_decoupled_lookback@
W="${P}128x144sb3egdqw12,${P}128x144sb3egdqw12T3,${P}128x144sb3egdqw12T2,${P}128x144sb3egdqw12H3,${P}128x144sb3egdqw12HT3"
W="$W,${P}128x104sb4egdqw13,${P}128x104sb4egdqw13T2"
export SCANVIZ_BW_SWEEP_SIZES=3000017,2^24,2^25,2^26,2^27,2^28
export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,$W"
export SCANVIZ_BW_SWEEP3_VARIANTS="ours,memcpy,copy,$W" SCANVIZ_BW_SWEEP3_TYPES=i32 SCANVIZ_BW_SWEEP3_OPS=add
export SCANVIZ_BW_SWEEP3_MODES=inclusive,exclusive SCANVIZ_BW_SWEEP3_SIZES=1000003,1048577,2^26,2^28 SCANVIZ_BW_SWEEP3_LIMIT=90
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=sweep SCANVIZ_BW_SWEEP_LIMIT=150 \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-420} bash kernels/bench/run_bandwidth_gpu.sh || true
OUT=${OUT:-/tmp/scanviz-bw-out}
for f in sweep sweep3; do
  [ -s "$OUT/$f.csv" ] && build-prebuilt/scanviz bench --from "$OUT/$f.csv" --format text | cut -c1-150
done
