#!/usr/bin/env bash
# Issue 24, run 8: on an H200, run 7 (the policy's tables, the look-back tests, validation);
# on any other card the GPU suite's tests (`ctest -L gpu`, built there) on this tree.
set -euo pipefail
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
echo "card: $card"
if [[ "$card" == *H200* ]]; then
  exec bash kernels/bench/experiments/i24_run7.sh
fi
SCANVIZ_GPU_STEPS=tests exec bash tests/gpu/run_gpu_suite.sh
