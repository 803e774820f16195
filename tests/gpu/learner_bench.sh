#!/usr/bin/env bash
# scanviz kernel --bench and --profile on the device machine in one call (issue 45, part 5):
# builds scanviz and the learner's GPU tests without the GUI for the device's architecture, runs
# the GPU tests of the learner's engine (GpuLearner*: the bench and profile ones among them), then
# `scanviz kernel FILE --bench` and `--profile` on two examples. Everything printed goes under
# $OUT: learner_bench.txt (the tables, each under the command that made it), gpu_tests.log.
# Usage (device tool): bash tests/gpu/learner_bench.sh
set -u -o pipefail
export LANGUAGE=en
OUT=${OUT:-/tmp/scanviz-gpu-out}
mkdir -p "$OUT"
ARCH=${SCANVIZ_GPU_ARCH:-90-real}
BUILD=${SCANVIZ_GPU_BUILD:-build-gpu}
EXAMPLES=${SCANVIZ_BENCH_EXAMPLES:-assets/kernels/hillis_steele_two_buffers.cu assets/kernels/blelloch.cu}
export PATH=/usr/local/cuda/bin:$PATH
RESULT="$OUT/learner_bench.txt"
: > "$RESULT"
say() { echo "$*" | tee -a "$RESULT"; }

say "scanviz kernel --bench / --profile $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1)"
say "commit $(git rev-parse --short HEAD 2>/dev/null) $(git status --porcelain 2>/dev/null | grep -q . && echo '(with uncommitted changes)')"
t0=$(date +%s)
cmake -S . -B "$BUILD" -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="$ARCH" \
  > "$OUT/build.log" 2>&1 &&
  cmake --build "$BUILD" -j "$(nproc)" --target scanviz test_gpu_learner >> "$OUT/build.log" 2>&1
rc=$?
say "build: rc=$rc in $(( $(date +%s) - t0 )) s"
if [ $rc -ne 0 ]; then
  grep -E "error|FAILED" "$OUT/build.log" | head -n 40 | tee -a "$RESULT"
  exit 1
fi
status=0

t0=$(date +%s)
ctest --test-dir "$BUILD" -L gpu -R 'GpuLearner' --output-on-failure -j 1 > "$OUT/gpu_tests.log" 2>&1
rc=$?; [ $rc -ne 0 ] && status=1
say "gpu tests (GpuLearner*): rc=$rc in $(( $(date +%s) - t0 )) s: $(grep -E 'tests passed|tests failed' "$OUT/gpu_tests.log" | tail -n 1)"
grep -E "\*\*\*Failed|Failed  |Skipped" "$OUT/gpu_tests.log" | head -n 20 | tee -a "$RESULT"

for f in $EXAMPLES; do
  for flag in --bench --profile; do
    say ""
    say "\$ scanviz kernel $f $flag"
    t0=$(date +%s)
    "$BUILD/app/scanviz" kernel "$f" $flag >> "$RESULT" 2>&1
    rc=$?; [ $rc -ne 0 ] && status=1
    say "(rc=$rc in $(( $(date +%s) - t0 )) s)"
  done
done
say ""
say "status: $status"
echo "=== learner_bench.txt"; cat "$RESULT"

exit $status
