#!/usr/bin/env bash
# Issue 24, run 6 on an H200 (kernels/bench/NOTES.md): bulk copies on the int32 leaders from
# 2^22 to 2^28, more 8-byte tiles of 256 threads and up, and every type x op at 2^28 with the
# 8-byte tuning of run 5 (256x24 b4) in the policy.
set -euo pipefail
P=device_decoupled_lookback@
I="${P}128x144sb3egdq,${P}128x104sb4egdq,${P}128x144sb3egdqk,${P}128x144sb3egdqK,${P}128x104sb4egdqk,${P}128x104sb4egdqK"
L="${P}256x24sb4egdq.i64max,${P}256x36sb3egdq.i64max,${P}256x24sb4egdqk.i64max,${P}256x24sb4egdqK.i64max,${P}256x20sb5egdq.i64max,${P}384x16sb4egdq.i64max,${P}512x12sb4egdq.i64max,${P}256x32sb3egdq.i64max"
SCANVIZ_BW_STAGE=tune SCANVIZ_BW_TARGETS="scanviz test_gpu_lookback_types" SCANVIZ_BW_SWEEP_SIZES=2^22,2^23,2^24,2^25,2^26,2^28 \
SCANVIZ_BW_SWEEP_VARIANTS=ours,cub,memcpy,copy,$I SCANVIZ_BW_SWEEP_LIMIT=150 \
SCANVIZ_BW_SWEEP2_VARIANTS=ours,cub,memcpy,$L SCANVIZ_BW_SWEEP2_TYPES=i64 SCANVIZ_BW_SWEEP2_OPS=max SCANVIZ_BW_SWEEP2_MODES=inclusive,exclusive \
SCANVIZ_BW_SWEEP2_SIZES=2^28 SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-560} bash kernels/bench/run_bandwidth_gpu.sh
