#!/usr/bin/env bash
# Issue 24, run 9 (kernels/bench/NOTES.md): the policies after this session's bands (the h200's
# 128x104 band to 64 MiB; the h100's 128x144 band above 4 MiB, then 8 MiB after its first
# run) on whichever card the device tool lends. First int32 inclusive add candidates beside
# ours, CUB, memcpy and copy:
#   - on an H200, 2^21..2^26: 128x48 b9 (to 4 MiB), 128x144 (the widest), 128x104 (the band
#     to 64 MiB), 128x104 hinted (to half the L2) and 128x128;
#   - on any other card, 2^20..2^28: issue 14's 128x48 b9 (the h100's tuning before, now the
#     portable policy) and 128x144 b3 (its band above 4 MiB now);
# then every type x op x mode at 2^28 beside CUB and memcpy, int32 add 2^10..2^28 beside CUB,
# Thrust, memcpy and copy, the look-back GPU tests and validation. Binaries built on this
# machine (sm_90) by kernels/bench/make_prebuilt.sh and carried in build-prebuilt/ (xz), else
# built there.
# SCANVIZ_RUN9_ONLY=h200: on any other card, say so and stop (a cheap probe).
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
if [[ "$card" != *H200* && "${SCANVIZ_RUN9_ONLY:-}" == h200 ]]; then echo "not an H200: nothing run"; exit 0; fi
P=device_decoupled_lookback@
if [[ "$card" == *H200* ]]; then
  export SCANVIZ_BW_SWEEP_SIZES=2^21,2^22,2^24,2^25,2^26
  export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,${P}128x48sb9eg,${P}128x144sb3egdq,${P}128x104sb4egdq,${P}128x128sb3egdq,${P}128x104sb4egdh"
else
  export SCANVIZ_BW_SWEEP_SIZES=2^20,2^21,2^22,2^24,2^26,2^28
  export SCANVIZ_BW_SWEEP_VARIANTS="ours,cub,memcpy,copy,${P}128x48sb9eg,${P}128x144sb3egdq"
fi
SCANVIZ_PREBUILT=${SCANVIZ_PREBUILT:-build-prebuilt} SCANVIZ_BW_STAGE=all SCANVIZ_BW_SWEEP_LIMIT=90 \
SCANVIZ_BW_BUDGET=${SCANVIZ_BW_BUDGET:-560} bash kernels/bench/run_bandwidth_gpu.sh
