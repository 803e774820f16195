#!/usr/bin/env bash
# The whole GPU suite in one call on the device machine (one device-tool run):
# builds scanviz without the GUI for the device's architecture, then runs the
# steps named in SCANVIZ_GPU_STEPS (default: all of them, in this order):
#   tests     ctest -L gpu (GPU output and GPU trace against the models, SASS checks)
#   kbench    scanviz kernel --bench and --profile on two examples (issue 45): $OUT/learner_bench.txt
#   validate  scanviz validate (every variant x op x type x inclusive/exclusive x sizes)
#   sanitize  compute-sanitizer memcheck and racecheck over scanviz validate --quick
#   bench     scanviz bench (ours, CUB, Thrust, memcpy)
#   race      scanviz race: every barrier of every race-lab variant left out in turn, measured
#             (SCANVIZ_RACE_LAUNCHES launches, default 200), and compute-sanitizer racecheck on each
#             case; the table goes into summary.txt, $LOGS/race.json (in logs.tar.gz) and the recording
#   profile   scanviz profile: ncu over every warp and block kernel; the table into summary.txt (issue 13)
#   record    scanviz record -o $OUT/recording.svzrec (+ recording.svzrec.summary.json)
#   window    the window on this machine, under a carried Xvfb (../shared/window-on-gpu.md), with a
#             learner's kernel through the GPU engine: $OUT/window_learner_gpu.{png,json}, then
#             kernel_save_bench (save -> new picture) into $OUT/kernel_save_bench.txt; needs
#             build-window/ from tests/gpu/window_bundle.sh (xb1.tar.xz, xb2.tar.xz, scanviz.xz:
#             one carried per run while the machine stays warm)
#   learner   scanviz kernel --engine gpu on every example of assets/kernels and every textbook form of
#             tests/data/learner/textbook (a learner's kernel
#             through NVRTC on this GPU): every output into $OUT/learner_gpu.txt, rc lines into summary.txt
# SCANVIZ_GPU_TEST_FILTER=<regex> limits the tests step to matching ctest names.
# SCANVIZ_PREBUILT=<dir>: without the tests step, use the scanviz carried there (xz, built here by
# kernels/bench/make_prebuilt.sh) instead of building on the device (validate and the sanitizers
# then start at once).
# Logs and results go under $OUT (at most 8 files come back: keep it so).
# Usage (device tool): bash tests/gpu/run_gpu_suite.sh
set -u -o pipefail
# scanviz's English lines are what this script reads, whatever the machine's locale.
export LANGUAGE=en
OUT=${OUT:-/tmp/scanviz-gpu-out}
mkdir -p "$OUT"
STEPS=${SCANVIZ_GPU_STEPS:-tests,validate,sanitize,bench,profile,race,record,learner,window}
ARCH=${SCANVIZ_GPU_ARCH:-90-real}
BUILD=${SCANVIZ_GPU_BUILD:-build-gpu}
LOGS="$BUILD/suite-logs"   # kept between calls while the machine stays warm
mkdir -p "$LOGS"
SUMMARY="$OUT/summary.txt"
export PATH=/usr/local/cuda/bin:$PATH

has() { [[ ",$STEPS," == *",$1,"* ]]; }
say() { echo "$*" | tee -a "$SUMMARY"; }

: > "$SUMMARY"
say "scanviz GPU suite $(date -u +%Y-%m-%dT%H:%M:%SZ) steps=$STEPS arch=$ARCH"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | tee -a "$SUMMARY"

SCANVIZ="$BUILD/app/scanviz"
if [ -n "${SCANVIZ_PREBUILT:-}" ] && ! has tests; then
  xz -d -k -f "$SCANVIZ_PREBUILT/scanviz.xz" && chmod +x "$SCANVIZ_PREBUILT/scanviz" &&
    "$SCANVIZ_PREBUILT/scanviz" --help > /dev/null 2>&1 ||
    { say "prebuilt scanviz in $SCANVIZ_PREBUILT: missing or does not start"; exit 1; }
  SCANVIZ="$SCANVIZ_PREBUILT/scanviz"
  say "build: none, prebuilt $SCANVIZ"
else
  t0=$(date +%s)
  cmake -S . -B "$BUILD" -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CUDA_ARCHITECTURES="$ARCH" > "$LOGS/configure.log" 2>&1 \
    && cmake --build "$BUILD" -j "$(nproc)" > "$LOGS/build.log" 2>&1
  rc=$?
  say "build: rc=$rc in $(( $(date +%s) - t0 )) s"
  if [ $rc -ne 0 ]; then
    tail -n 60 "$LOGS/configure.log" "$LOGS/build.log" | tee -a "$SUMMARY"
    exit 1
  fi
fi
status=0

if has tests; then
  t0=$(date +%s)
  filter=()
  [ -n "${SCANVIZ_GPU_TEST_FILTER:-}" ] && filter=(-R "$SCANVIZ_GPU_TEST_FILTER")
  ctest --test-dir "$BUILD" -L gpu "${filter[@]}" --output-on-failure -j 1 > "$OUT/gpu_tests.log" 2>&1
  rc=$?; [ $rc -ne 0 ] && status=1
  say "gpu tests: rc=$rc in $(( $(date +%s) - t0 )) s: $(grep -E 'tests passed|tests failed' "$OUT/gpu_tests.log" | tail -n 1)"
  grep -E "Failed|\*\*\*Failed|Exception" "$OUT/gpu_tests.log" | head -n 20 | tee -a "$SUMMARY"
fi

# Issue 45: a learner's kernel timed at full occupancy and profiled by ncu beside its twin
# (scanviz kernel --bench / --profile) on two examples; the tables into $OUT/learner_bench.txt.
if has kbench; then
  t0=$(date +%s)
  KB="$OUT/learner_bench.txt"
  : > "$KB"
  for f in ${SCANVIZ_BENCH_EXAMPLES:-assets/kernels/hillis_steele_two_buffers.cu assets/kernels/blelloch.cu}; do
    for flag in --bench --profile; do
      echo "\$ scanviz kernel $f $flag" >> "$KB"
      t1=$(date +%s)
      "$SCANVIZ" kernel "$f" $flag >> "$KB" 2>&1
      rc=$?; [ $rc -ne 0 ] && status=1
      echo "(rc=$rc in $(( $(date +%s) - t1 )) s)" >> "$KB"
      echo >> "$KB"
      say "kbench: $(basename "$f") $flag rc=$rc"
    done
  done
  say "kbench: $(( $(date +%s) - t0 )) s"
fi

if has validate; then
  t0=$(date +%s)
  "$SCANVIZ" validate --json "$LOGS/validation.json" > "$OUT/validate.txt" 2>&1
  rc=$?; [ $rc -ne 0 ] && status=1
  say "validate: rc=$rc in $(( $(date +%s) - t0 )) s"
  tail -n 8 "$OUT/validate.txt" | tee -a "$SUMMARY"
fi

if has sanitize; then
  t0=$(date +%s)
  SAN="$OUT/sanitizer.txt"
  : > "$SAN"
  for tool in memcheck racecheck; do
    echo "=== compute-sanitizer --tool $tool: scanviz validate --quick (non-legacy variants)" >> "$SAN"
    compute-sanitizer --tool $tool --error-exitcode 9 "$SCANVIZ" validate --quick --skip-variant warp_legacy_volatile >> "$SAN" 2>&1
    rc=$?; [ $rc -ne 0 ] && status=1
    say "sanitizer $tool (non-legacy): rc=$rc"
  done
  echo "=== compute-sanitizer --tool racecheck: the legacy warp-synchronous variant (kept as teaching material)" >> "$SAN"
  compute-sanitizer --tool racecheck --racecheck-report all "$SCANVIZ" validate --quick --only-variant warp_legacy_volatile >> "$SAN" 2>&1
  say "sanitizer racecheck (legacy, expected to report hazards): rc=$?"
  say "sanitizers: $(( $(date +%s) - t0 )) s"
fi

if has bench; then
  t0=$(date +%s)
  "$SCANVIZ" bench --format csv > "$OUT/bench.csv" 2> "$LOGS/bench_progress.log"
  rc=$?; [ $rc -ne 0 ] && status=1
  say "bench: rc=$rc in $(( $(date +%s) - t0 )) s"
  "$SCANVIZ" bench --from "$OUT/bench.csv" --format text 2>/dev/null | tail -n 90 | tee -a "$SUMMARY"
fi

if has profile; then
  # The table goes into summary.txt (text) and logs.tar.gz (profile.json, ncu's raw CSV); profile.json
  # also lands in $OUT itself when that keeps $OUT within its 8 files (with logs.tar.gz still to come).
  t0=$(date +%s)
  "$SCANVIZ" profile --format json -o "$LOGS/profile.json" --save-ncu "$LOGS/profile_ncu_raw.csv" > "$LOGS/profile.log" 2>&1
  rc=$?; [ $rc -ne 0 ] && status=1
  say "profile: rc=$rc in $(( $(date +%s) - t0 )) s"
  tail -n 3 "$LOGS/profile.log" | tee -a "$SUMMARY"
  if [ $rc -eq 0 ]; then
    "$SCANVIZ" profile --from "$LOGS/profile.json" --format text 2>&1 | tee -a "$SUMMARY"
    [ "$(ls -A "$OUT" | wc -l)" -lt 7 ] && cp "$LOGS/profile.json" "$OUT/profile.json"
  fi
fi

if has race; then
  t0=$(date +%s)
  RACE="$LOGS/race"
  rm -rf "$RACE" "$LOGS/race.json"
  mkdir -p "$RACE"
  "$SCANVIZ" race --launches "${SCANVIZ_RACE_LAUNCHES:-200}" --save "$RACE/measured.json" \
    > "$RACE/measured.txt" 2>&1
  rc=$?; [ $rc -ne 0 ] && status=1
  say "race: measured every case, rc=$rc in $(( $(date +%s) - t0 )) s"
  # racecheck: one compute-sanitizer process per case (1 launch of 2 blocks), 8 at a time.
  t1=$(date +%s)
  "$SCANVIZ" race --list-cases > "$RACE/cases.txt"
  race_check_one() {
    local key=$1 log="$RACE/racecheck_${1//[:+]/_}.log"
    timeout 120 compute-sanitizer --tool racecheck --racecheck-report all --print-limit 4 \
      "$SCANVIZ" race --case "$key" --launches 1 --blocks 2 --format csv > "$log" 2>&1
    local counts
    counts=$(sed -n 's/.*RACECHECK SUMMARY: [0-9]* hazards\{0,1\} displayed (\([0-9]*\) errors\{0,1\}, \([0-9]*\) warnings\{0,1\}).*/\1,\2/p' "$log" | tail -n 1)
    [ -n "$counts" ] && echo "$key,$counts"
  }
  export -f race_check_one
  export RACE SCANVIZ
  echo "case,errors,warnings" > "$RACE/racecheck.csv"
  xargs -P 8 -I{} bash -c 'race_check_one "$1"' _ {} < "$RACE/cases.txt" >> "$RACE/racecheck.csv"
  say "race: racecheck on $(( $(wc -l < "$RACE/racecheck.csv") - 1 )) of $(wc -l < "$RACE/cases.txt") cases in $(( $(date +%s) - t1 )) s"
  "$SCANVIZ" race --from "$RACE/measured.json" --racecheck-from "$RACE/racecheck.csv" \
    --save "$LOGS/race.json" --format text > "$RACE/table.txt" 2>&1
  rc=$?; [ $rc -ne 0 ] && status=1
  say "race: table rc=$rc, step total $(( $(date +%s) - t0 )) s"
  cat "$RACE/table.txt" >> "$SUMMARY"
fi

if has record; then
  t0=$(date +%s)
  extra=()
  [ -s "$OUT/bench.csv" ] && cp "$OUT/bench.csv" "$LOGS/bench.csv"
  [ -s "$LOGS/bench.csv" ] && extra+=(--bench-from "$LOGS/bench.csv")
  [ -s "$LOGS/validation.json" ] && extra+=(--validation-from "$LOGS/validation.json")
  [ -s "$LOGS/race.json" ] && extra+=(--race-from "$LOGS/race.json")
  [ -s "$LOGS/profile.json" ] && extra+=(--profile-from "$LOGS/profile.json")
  "$SCANVIZ" record -o "$OUT/recording.svzrec" "${extra[@]}" > "$LOGS/record.log" 2>&1
  rc=$?; [ $rc -ne 0 ] && status=1
  say "record: rc=$rc in $(( $(date +%s) - t0 )) s"
  tail -n 5 "$LOGS/record.log" | tee -a "$SUMMARY"
fi

if has learner; then
  t0=$(date +%s)
  : > "$OUT/learner_gpu.txt"
  # The shipped examples, then the textbooks' forms as printed (issue 45: like by what it computes).
  for f in assets/kernels/*.cu tests/data/learner/textbook/*.cu; do
    name=$(basename "$f")
    echo "=== scanviz kernel $f --engine gpu" >> "$OUT/learner_gpu.txt"
    "$SCANVIZ" kernel "$f" --engine gpu >> "$OUT/learner_gpu.txt" 2>&1
    rc=$?
    echo "=== rc=$rc" >> "$OUT/learner_gpu.txt"
    say "learner: $name rc=$rc: $(grep -E '^ *(ok|FAIL|failed)' "$OUT/learner_gpu.txt" | tail -n 0)$(tail -n 2 "$OUT/learner_gpu.txt" | head -n 1)"
  done
  for f in assets/kernels/hillis_steele_one_buffer.cu assets/kernels/blelloch_missing_barrier.cu assets/kernels/scan_warp_lockstep.cu; do
    echo "=== scanviz kernel $f --engine gpu --launches 200" >> "$OUT/learner_gpu.txt"
    "$SCANVIZ" kernel "$f" --engine gpu --launches 200 >> "$OUT/learner_gpu.txt" 2>&1
    say "learner: $(basename "$f") x200 on the GPU: $(grep -E '(every output right|wrong output) in [0-9]+ ' "$OUT/learner_gpu.txt" | tail -n 1 | sed 's/^ *//')"
  done
  say "learner: every example in $(( $(date +%s) - t0 )) s"
fi

if has window; then
  # The bundle stays unpacked in /tmp while the machine is warm: one run carries it, the next
  # carries the program (together they pass the device tool's 64 MiB).
  for part in build-window/xb1.tar.xz build-window/xb2.tar.xz; do
    [ -f "$part" ] && tar -C /tmp -xJf "$part"
  done
  [ -f build-window/scanviz.xz ] && xz -dc build-window/scanviz.xz > /tmp/scanviz-gui && chmod +x /tmp/scanviz-gui
  [ -f build-window/kernel_save_bench.xz ] &&
    xz -dc build-window/kernel_save_bench.xz > /tmp/kernel_save_bench && chmod +x /tmp/kernel_save_bench
  if [ -x /tmp/xb/bin/Xvfb ] && ls /tmp/xb/lib/libLLVM* > /dev/null 2>&1 && [ -x /tmp/scanviz-gui ]; then
    t0=$(date +%s)
    [ -x /usr/bin/xkbcomp ] || cp /tmp/xb/bin/xkbcomp /usr/bin/xkbcomp
    mkdir -p /usr/share/fonts/truetype/dejavu && cp -n /tmp/xb/fonts/*.ttf /usr/share/fonts/truetype/dejavu/
    (
      export LD_LIBRARY_PATH=/tmp/xb/lib LIBGL_DRIVERS_PATH=/tmp/xb/dri __GLX_VENDOR_LIBRARY_NAME=mesa
      /tmp/xb/bin/Xvfb :99 -screen 0 1920x1080x24 -xkbdir /tmp/xb/share/xkb -nolisten tcp > "$LOGS/xvfb.log" 2>&1 &
      xvfb=$!
      sleep 3
      DISPLAY=:99 SCANVIZ_ASSETS_DIR="$PWD/assets" timeout 300 /tmp/scanviz-gui gui --size 1920x1080 \
        --script tests/gpu/window_learner.script --screenshot "$OUT/window_learner_gpu.png" \
        --state-dump "$OUT/window_learner_gpu.json" > "$LOGS/window.log" 2>&1
      echo "rc=$?" >> "$LOGS/window.log"
      # The same in Chinese (issue 38), with the carried CJK font.
      DISPLAY=:99 SCANVIZ_ASSETS_DIR="$PWD/assets" SCANVIZ_FONT_CJK=/tmp/xb/fonts/wqy-microhei.ttc timeout 300 \
        /tmp/scanviz-gui --lang zh gui --size 1920x1080 --script tests/gpu/window_learner.script \
        --screenshot "$OUT/window_learner_gpu_zh.png" --state-dump "$OUT/window_learner_gpu_zh.json" \
        > "$LOGS/window_zh.log" 2>&1
      echo "rc=$?" >> "$LOGS/window_zh.log"
      # Issue 36's benchmark: from saving a learner's 64-element block scan to its new picture,
      # in the window on this machine (the GPU engine where NVRTC and the driver are found).
      if [ -x /tmp/kernel_save_bench ]; then
        DISPLAY=:99 SCANVIZ_ASSETS_DIR="$PWD/assets" timeout 300 /tmp/kernel_save_bench \
          > "$OUT/kernel_save_bench.txt" 2>&1
        echo "rc=$?" >> "$OUT/kernel_save_bench.txt"
      fi
      kill $xvfb 2>/dev/null
    )
    kind=$(grep -o '"kind": *"[a-z]*"' "$OUT/window_learner_gpu.json" 2>/dev/null | head -n 1)
    say "window: $(tail -n 1 "$LOGS/window.log") source $kind in $(( $(date +%s) - t0 )) s"
    zh=$(grep -o '"language": *"[a-z]*"\|"chinese": *[a-z]*' "$OUT/window_learner_gpu_zh.json" 2>/dev/null | tr '\n' ' ')
    say "window in Chinese: $(tail -n 1 "$LOGS/window_zh.log") $zh"
    case "$zh" in *'"chinese": true'*'"language": "zh"'*) ;; *) status=1; tail -n 5 "$LOGS/window_zh.log" | tee -a "$SUMMARY" ;; esac
    [ -f "$OUT/kernel_save_bench.txt" ] && sed 's/^/save bench: /' "$OUT/kernel_save_bench.txt" | tee -a "$SUMMARY"
    case "$kind" in *gpu*) ;; *) status=1; tail -n 5 "$LOGS/window.log" | tee -a "$SUMMARY" ;; esac
  else
    say "window: not run yet: unpacked $(ls /tmp/xb 2>/dev/null | tr '\n' ' ')program $([ -x /tmp/scanviz-gui ] && echo yes || echo no) (tests/gpu/window_bundle.sh makes build-window; carry one part per run)"
  fi
fi

tar -czf "$OUT/logs.tar.gz" -C "$LOGS" . 2>/dev/null
say "suite status: $status"
exit $status
