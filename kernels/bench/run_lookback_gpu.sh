#!/usr/bin/env bash
# One device call for the look-back scan (issue 6): build scanviz and the
# look-back GPU test, run the test, time every tuning candidate at 2^24..2^28
# (with a look-back timeline), then time the fastest candidate at 2^28 beside
# CUB, Thrust and memcpy at every default size. Results and logs under $OUT
# (8 files). Usage (device tool): bash kernels/bench/run_lookback_gpu.sh
set -u -o pipefail
OUT=${OUT:-/tmp/scanviz-bench-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
B=${SCANVIZ_GPU_BUILD:-build-gpu}
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/device.txt" 2>&1
cat "$OUT/device.txt"
t0=$(date +%s)
(cmake -S . -B "$B" -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real &&
 cmake --build "$B" -j "$(nproc)" --target scanviz test_gpu_lookback) > "$OUT/build.log" 2>&1 ||
  { tail -n 40 "$OUT/build.log"; exit 1; }
echo "build: $(( $(date +%s) - t0 )) s"
S="$B/app/scanviz"

t0=$(date +%s)
timeout 120 "$B/tests/gpu/test_gpu_lookback" > "$OUT/test.log" 2>&1
echo "test_gpu_lookback: rc=$? in $(( $(date +%s) - t0 )) s"
grep -E "^\[ *(OK|FAILED|PASSED) |timeline:|Failure|expected|got" "$OUT/test.log" | head -n 30

t0=$(date +%s)
timeout 100 "$S" bench --sizes 2^24..2^28 --variants ours,cub,memcpy,candidates --format csv \
  --timeline "$OUT/timeline.json" --timeline-n 2^24 > "$OUT/sweep.csv" 2> "$OUT/sweep.err"
echo "sweep: rc=$? in $(( $(date +%s) - t0 )) s"
tail -n 1 "$OUT/sweep.err"
# The fastest of ours and the candidates at 2^28 (column 8: median_ms).
best=$(awk -F, '$1 ~ /^device_decoupled_lookback/ && $2 == 268435456 { print $8, $1 }' "$OUT/sweep.csv" |
       sort -g | head -n 1 | cut -d' ' -f2)
echo "fastest at 2^28: ${best:-none}"
[ -n "$best" ] || best=ours
t0=$(date +%s)
timeout 100 "$S" bench --variants "$best,cub,thrust,memcpy" --format csv > "$OUT/bench.csv" 2> "$OUT/bench.err"
echo "bench: rc=$? in $(( $(date +%s) - t0 )) s"
tail -n 1 "$OUT/bench.err"
"$S" bench --from "$OUT/sweep.csv" --format text
"$S" bench --from "$OUT/bench.csv" --format text
