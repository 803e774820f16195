#!/usr/bin/env bash
# Issue 24, run 7 (kernels/bench/NOTES.md): the policy with the 8-byte tuning of run 5
# (256x24 b4 above half the L2 on the H200) on whichever card the device tool lends:
# on an H200 first int32 candidates at 2^22..2^26 beside ours (the policy's band tunings,
# 128x144 the widest, 128x104 to 64 MiB, 128x104 hinted to half the L2, and 128x128), then (both cards) every
# type x op x mode at 2^28 beside CUB and memcpy, int32 add 2^10..2^28 beside CUB,
# Thrust, memcpy and copy, then the look-back GPU tests and validation. Binaries built on
# this machine (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/ (xz),
# else built there.
# SCANVIZ_RUN7_ONLY=h200: on any other card, say so and stop.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
if [[ "$card" != *H200* && "${SCANVIZ_RUN7_ONLY:-}" == h200 ]]; then echo "not an H200: nothing run"; exit 0; fi
stage=final
if [[ "$card" == *H200* ]]; then
  stage=all
  P=device_decoupled_lookback@
  export SCANVIZ_BW_SWEEP_SIZES=2^22,2^24,2^25,2^26 SCANVIZ_BW_SWEEP_LIMIT=90
  export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,${P}128x144sb3egdq,${P}128x104sb4egdq,${P}128x128sb3egdq,${P}128x104sb4egdh"
fi
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=$stage \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-560} bash kernels/bench/run_bandwidth_gpu.sh
