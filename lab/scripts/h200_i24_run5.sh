#!/usr/bin/env bash
# Issue 24, run 5 on an H200 (kernels/bench/NOTES.md): int32 tiles for 2^24/2^26, 8-byte tiles on their own.
set -euo pipefail
P=device_decoupled_lookback@
I="${P}128x112sb3egdq,${P}128x120sb3egdq,${P}128x136sb3egdq,${P}256x72sb3egdq,${P}128x84sb4egdq,${P}128x104sb4egdq,${P}128x144sb3egdq"
L="${P}128x72sb3egdq.i64max,${P}128x72sb3egd.i64max,${P}256x36sb3egdq.i64max,${P}128x64sb3egdq.i64max,${P}128x48sb4egdq.i64max,${P}256x24sb4egdq.i64max,${P}128x40sb5egdq.i64max,${P}128x32sb6eg.i64max"
F="${P}128x72sb3egdq.f64max,${P}256x36sb3egdq.f64max,${P}128x48sb4egdq.f64max,${P}128x72sb3egdq.f64add,${P}256x36sb3egdq.f64add,${P}128x48sb4egdq.f64add"
SCANVIZ_BW_STAGE=sweep SCANVIZ_BW_TARGETS=scanviz SCANVIZ_BW_SWEEP_SIZES=2^22,2^24,2^26,2^28 \
SCANVIZ_BW_SWEEP_VARIANTS=ours,cub,memcpy,copy,$I SCANVIZ_BW_SWEEP_LIMIT=200 \
SCANVIZ_BW_SWEEP2_VARIANTS=ours,cub,memcpy,$L SCANVIZ_BW_SWEEP2_TYPES=i64 SCANVIZ_BW_SWEEP2_OPS=max SCANVIZ_BW_SWEEP2_MODES=inclusive,exclusive \
SCANVIZ_BW_SWEEP2_SIZES=2^28 SCANVIZ_BW_SWEEP3_VARIANTS=ours,cub,memcpy,$F \
SCANVIZ_BW_SWEEP3_TYPES=f64 SCANVIZ_BW_SWEEP3_OPS=add,max SCANVIZ_BW_SWEEP3_MODES=inclusive,exclusive \
SCANVIZ_BW_SWEEP3_SIZES=2^28 SCANVIZ_BW_BUDGET=540 bash kernels/bench/run_bandwidth_gpu.sh
