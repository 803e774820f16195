#!/usr/bin/env bash
# One device call for the whole-array scan (issue 14). Uses prebuilt binaries
# when the caller carried them (SCANVIZ_PREBUILT=dir holding scanviz and the GPU
# test binaries, built on a Debian 12 machine for sm_90) and they start here;
# otherwise builds them (build-gpu, GUI off, sm_90). Then, by SCANVIZ_BW_STAGE:
#   sweep  the tuning candidates (SCANVIZ_BW_SWEEP_VARIANTS) beside ours, CUB, memcpy and copy (int32 add,
#          SCANVIZ_BW_SWEEP_MODES or inclusive, 2^10..2^28: sweep.csv) and test_gpu_lookback_types;
#   final  every type x op x mode at 2^28 beside CUB and memcpy (types.csv), int32
#          inclusive add 2^10..2^28 beside CUB, Thrust and memcpy (bench.csv) with a
#          look-back timeline at 2^24 (timeline.json), then the look-back GPU tests
#          (test_gpu_lookback_types, test_gpu_lookback, test_gpu_traces' look-back cases)
#          and `scanviz validate --only-variant device_decoupled_lookback`;
#   tune   sweep (and sweep2..sweep4), every type x op at 2^28 (SCANVIZ_BW_TYPES_MODES or
#          inclusive) beside CUB and memcpy (types.csv), then test_gpu_lookback_types;
#   all    sweep, then final, in one call;
#   brief  int32 add 2^10..2^28 (seven sizes) and every type x op at 2^28 (inclusive),
#          ours beside CUB and memcpy: for a second device (SCANVIZ_BW_TARGETS=scanviz);
#   lagged sweep, ncu's DRAM and L2 traffic of SCANVIZ_BW_NCU_VARIANTS at 2^26, the GPU
#          tests, and every type x op at 2^28 (inclusive) beside CUB and memcpy.
# Each step has its own time limit. Results under $OUT (at most 8 files).
set -u -o pipefail
# scanviz's English lines are what this script reads, whatever the machine's locale.
export LANGUAGE=en
OUT=${OUT:-/tmp/scanviz-bw-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
STAGE=${SCANVIZ_BW_STAGE:-sweep}
DEADLINE=$(( $(date +%s) + ${SCANVIZ_BW_BUDGET:-400} ))  # every step ends before this
B=${SCANVIZ_GPU_BUILD:-build-gpu}
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader
  date -u +%Y-%m-%dT%H:%M:%SZ; } > "$OUT/device.txt" 2>&1
cat "$OUT/device.txt"
BIN=""
if [ -n "${SCANVIZ_PREBUILT:-}" ] && [ -d "$SCANVIZ_PREBUILT" ]; then
  for f in "$SCANVIZ_PREBUILT"/*.xz; do [ -e "$f" ] && xz -d -k -f "$f"; done
  chmod +x "$SCANVIZ_PREBUILT"/* 2>/dev/null
  if "$SCANVIZ_PREBUILT/scanviz" --help > /dev/null 2>&1; then BIN="$SCANVIZ_PREBUILT"; echo "prebuilt binaries"; fi
fi
if [ -z "$BIN" ]; then
  t0=$(date +%s)
  mkdir -p "$B"
  (cmake -S . -B "$B" -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real -DSCANVIZ_SASS_ARCHS=sm_90 &&
   cmake --build "$B" -j "$(nproc)" --target ${SCANVIZ_BW_TARGETS:-scanviz test_gpu_lookback test_gpu_lookback_types test_gpu_traces}) \
    > "$B/build.log" 2>&1 || { cp "$B/build.log" "$OUT/"; tail -n 40 "$B/build.log"; exit 1; }
  echo "build: $(( $(date +%s) - t0 )) s"
  mkdir -p "$B/bin"
  for f in app/scanviz tests/gpu/test_gpu_lookback tests/gpu/test_gpu_lookback_types tests/gpu/test_gpu_traces; do
    [ -e "$B/$f" ] && cp "$B/$f" "$B/bin/"
  done
  BIN="$B/bin"
fi
S="$BIN/scanviz"
step() {  # name limit out command...: runs (within its limit and the deadline), says its rc and time;
  # stdout to out, stderr appended to stderr.log (the bench's progress lines, failures)
  local name=$1 limit=$2 out=$3; shift 3
  local t0=$(date +%s)
  local left=$(( DEADLINE - t0 ))
  [ "$left" -lt "$limit" ] && limit=$left
  [ "$limit" -lt 5 ] && { echo "$name: skipped (no time left)"; return; }
  echo "=== $name" >> "$OUT/stderr.log"
  timeout "$limit" "$@" >> "$out" 2>> "$OUT/stderr.log"
  echo "$name: rc=$? in $(( $(date +%s) - t0 )) s"
  tail -n 2 "$OUT/stderr.log"
}
tests() {
  # EveryTypeAt2p28 is left out: the types step's bench checks every type x op x mode at 2^28
  # (and it outruns the step's limit beside the rest).
  step test_gpu_lookback_types "$1" "$OUT/tests.log" "$BIN/test_gpu_lookback_types" --gtest_filter=-*EveryTypeAt2p28
  tail -n 1 "$OUT/tests.log"
  grep -E "^\[ *(OK|FAILED|PASSED) |Failure|Expected|got " "$OUT/tests.log" | head -n 20
}
sweep() {
  step sweep ${SCANVIZ_BW_SWEEP_LIMIT:-150} "$OUT/sweep.csv" "$S" bench --sizes ${SCANVIZ_BW_SWEEP_SIZES:-2^10,2^16,2^20,2^22,2^24,2^26,2^28} \
    --variants ${SCANVIZ_BW_SWEEP_VARIANTS:-ours,cub,memcpy,copy,candidates} --format csv \
    ${SCANVIZ_BW_SWEEP_MODES:+--modes $SCANVIZ_BW_SWEEP_MODES}
  # Up to three more sweeps of candidates that run one type and operator (their id's suffix):
  # SCANVIZ_BW_SWEEP<k>_VARIANTS, _TYPES, _OPS, _MODES, _SIZES, _LIMIT; into sweep<k>.csv.
  local k v
  for k in 2 3 4; do
    v=SCANVIZ_BW_SWEEP${k}_VARIANTS
    [ -n "${!v:-}" ] || continue
    local types=SCANVIZ_BW_SWEEP${k}_TYPES ops=SCANVIZ_BW_SWEEP${k}_OPS modes=SCANVIZ_BW_SWEEP${k}_MODES
    local sizes=SCANVIZ_BW_SWEEP${k}_SIZES limit=SCANVIZ_BW_SWEEP${k}_LIMIT
    step "sweep$k" "${!limit:-100}" "$OUT/sweep$k.csv" "$S" bench --sizes "${!sizes:-2^26,2^28}" \
      --types "${!types:-i64}" --ops "${!ops:-max}" --modes "${!modes:-inclusive}" --variants "${!v}" --format csv
  done
}
types() {  # modes limit: every type x op at 2^28, ours beside CUB and memcpy
  step types "$2" "$OUT/types.csv" "$S" bench --sizes 2^28 --types all --ops all \
    --modes "$1" --variants ours,cub,memcpy,copy --format csv
}
ncu_dram() {  # DRAM and L2 traffic of one launch per variant (2^26 int32 add): does a re-read hit L2?
  command -v ncu > /dev/null || { echo "ncu: not found"; return; }
  for v in ${SCANVIZ_BW_NCU_VARIANTS:-ours}; do
    step "ncu $v" 60 "$OUT/ncu.txt" ncu --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct \
      --launch-skip 2 --launch-count 1 -k regex:'lookback|scan|Scan' "$S" bench --sizes 2^26 --variants "$v" --runs 1 --warmup 1
  done
  grep -E "lookback|Scan|dram__|lts__|==PROF==" "$OUT/ncu.txt" | sed -E 's/\(int, [^)]*\)//' | cut -c1-150 | head -n 60
}
final() {
  types inclusive,exclusive 170
  step bench 60 "$OUT/bench.csv" "$S" bench --sizes 2^10..2^28 \
    --variants ours,cub,thrust,memcpy,copy --format csv --timeline "$OUT/timeline.json" --timeline-n 2^24
}
more_tests() {
  step test_gpu_lookback 60 "$OUT/tests2.log" "$BIN/test_gpu_lookback"
  step test_gpu_traces 40 "$OUT/tests2.log" "$BIN/test_gpu_traces" --gtest_filter='*ookback*'
  step validate 80 "$OUT/tests2.log" "$S" validate --only-variant device_decoupled_lookback
  grep -E "^\[ *(FAILED|PASSED) |Failure|timeline:|passed|failed|MISMATCH" "$OUT/tests2.log" | head -n 14
}
show() {  # the tables, short: variant, n, type, op, mode, time, x memcpy, x CUB, err
  [ -s "$1" ] && "$S" bench --from "$1" --format text | grep -v "^$" |
    awk 'NR<=3 && !/^variant/ {print; next} {printf "%-40s %-6s %-4s %-4s %-5s %-12s %-6s %-6s %-6s %s%s\n", $1, $2, $3, $4, $5, $6" "$7, $9, $10, $11, $13, $14}'
}
case "$STAGE" in
  brief) step bench 60 "$OUT/bench.csv" "$S" bench --sizes 2^10,2^16,2^20,2^22,2^24,2^26,2^28 --variants ours,cub,memcpy,copy --format csv
         types inclusive 120; show "$OUT/bench.csv"; show "$OUT/types.csv" ;;
  lagged) sweep; ncu_dram; tests 200; types inclusive 120; show "$OUT/sweep.csv"; show "$OUT/types.csv" ;;
  sweep) sweep; tests 100; show "$OUT/sweep.csv"; show "$OUT/sweep2.csv"; show "$OUT/sweep3.csv" ;;
  tune) sweep; types ${SCANVIZ_BW_TYPES_MODES:-inclusive} ${SCANVIZ_BW_TYPES_LIMIT:-120}; tests 100
        show "$OUT/sweep.csv"; show "$OUT/sweep2.csv"; show "$OUT/types.csv" ;;
  final) final; tests 100; more_tests; show "$OUT/bench.csv"; show "$OUT/types.csv" ;;
  all) sweep; final; tests 100; more_tests; show "$OUT/sweep.csv"; show "$OUT/bench.csv"; show "$OUT/types.csv" ;;
esac
