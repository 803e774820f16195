#!/usr/bin/env bash
# One device call for the look-back scan (issues 3 and 6). Builds scanviz and
# the two look-back GPU tests (build-gpu), then, by SCANVIZ_LB_STAGE:
#   check  test_gpu_lookback, the look-back case of test_gpu_traces (GPU trace
#          against the model), every tuning candidate at 2^24..2^28 beside
#          CUB and memcpy (sweep.csv), `scanviz validate` of the variant;
#   final  the same tests and validate, and in place of the sweep the tuned
#          scan (`ours`) beside CUB, Thrust and memcpy at every default size
#          (bench.csv) with a look-back timeline at 2^24 (timeline.json);
#   bench  only that benchmark.
# Every step has its own time limit, so one slow step leaves the others'
# results. Results and logs under $OUT (at most 8 files).
# Usage (device tool): SCANVIZ_LB_STAGE=check bash kernels/bench/run_lookback_gpu.sh
set -u -o pipefail
OUT=${OUT:-/tmp/scanviz-bench-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
B=${SCANVIZ_GPU_BUILD:-build-gpu}
STAGE=${SCANVIZ_LB_STAGE:-check}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/device.txt" 2>&1
date -u +%Y-%m-%dT%H:%M:%SZ >> "$OUT/device.txt"
cat "$OUT/device.txt"
t0=$(date +%s)
(cmake -S . -B "$B" -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real &&
 cmake --build "$B" -j "$(nproc)" --target scanviz test_gpu_lookback test_gpu_traces) > "$OUT/build.log" 2>&1 ||
  { tail -n 40 "$OUT/build.log"; exit 1; }
echo "build: $(( $(date +%s) - t0 )) s"
S="$B/app/scanviz"

if [ "$STAGE" = check ] || [ "$STAGE" = final ]; then
  t0=$(date +%s)
  timeout 70 "$B/tests/gpu/test_gpu_lookback" > "$OUT/test.log" 2>&1
  echo "test_gpu_lookback: rc=$? in $(( $(date +%s) - t0 )) s"
  t0=$(date +%s)
  timeout 40 "$B/tests/gpu/test_gpu_traces" --gtest_filter='*decoupled_lookback*' >> "$OUT/test.log" 2>&1
  echo "test_gpu_traces (look-back): rc=$? in $(( $(date +%s) - t0 )) s"
  grep -E "^\[ *(OK|FAILED|PASSED) |Failure|mismatch|Expected|Which is|timeline:" "$OUT/test.log" | head -n 40
  t0=$(date +%s)
  if [ "$STAGE" = check ]; then
    timeout 80 "$S" bench --sizes 2^24..2^28 --variants ours,cub,memcpy,candidates --format csv \
      > "$OUT/sweep.csv" 2> "$OUT/sweep.err"
    echo "sweep: rc=$? in $(( $(date +%s) - t0 )) s"
    tail -n 2 "$OUT/sweep.err"
    "$S" bench --from "$OUT/sweep.csv" --format text
  else
    timeout 120 "$S" bench --variants ours,cub,thrust,memcpy --format csv \
      --timeline "$OUT/timeline.json" --timeline-n 2^24 > "$OUT/bench.csv" 2> "$OUT/bench.err"
    echo "bench: rc=$? in $(( $(date +%s) - t0 )) s"
    tail -n 2 "$OUT/bench.err"
    "$S" bench --from "$OUT/bench.csv" --format text
  fi
  t0=$(date +%s)
  timeout 60 "$S" validate --only-variant device_decoupled_lookback > "$OUT/validate.txt" 2>&1
  echo "validate: rc=$? in $(( $(date +%s) - t0 )) s"
  tail -n 12 "$OUT/validate.txt"
else
  t0=$(date +%s)
  timeout 120 "$S" bench --variants ours,cub,thrust,memcpy --format csv \
    --timeline "$OUT/timeline.json" --timeline-n 2^24 > "$OUT/bench.csv" 2> "$OUT/bench.err"
  echo "bench: rc=$? in $(( $(date +%s) - t0 )) s"
  tail -n 2 "$OUT/bench.err"
  "$S" bench --from "$OUT/bench.csv" --format text
fi
