#!/usr/bin/env bash
# Builds, on this machine, what the bandwidth runs need on the GPU machine (scanviz and the
# look-back GPU tests, sm_90, GUI off, static cudart) and puts them, xz-compressed, in
# build-prebuilt/ (git ignores it): carry it to the device and the run scripts use it
# (SCANVIZ_PREBUILT=build-prebuilt: tests/gpu/run_gpu_suite.sh and the lab's run scripts), so no
# device time goes to building. A binary built on Debian 12 here ran on the device's
# Ubuntu 24.04 (2026-11-25: it needs libfmt9, libzstd and zlib there, which it has).
# Usage: bash kernels/bench/make_prebuilt.sh   (about 8 minutes on 2 cores from scratch)
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${SCANVIZ_PREBUILT_BUILD:-build-gpu}
cmake -S . -B "$B" -G Ninja -DSCANVIZ_GUI=OFF -DSCANVIZ_WASM=OFF -DSCANVIZ_CUDA=ON -DSCANVIZ_BENCH=ON -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_ARCHITECTURES=90-real -DSCANVIZ_SASS_ARCHS=sm_90 > /dev/null
cmake --build "$B" --target scanviz test_gpu_lookback test_gpu_lookback_types test_gpu_traces
mkdir -p build-prebuilt
rm -f build-prebuilt/*
for f in app/scanviz tests/gpu/test_gpu_lookback tests/gpu/test_gpu_lookback_types tests/gpu/test_gpu_traces; do
  xz -T0 -6 -c "$B/$f" > "build-prebuilt/$(basename "$f").xz"
done
ls -l build-prebuilt
