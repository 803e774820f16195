#!/usr/bin/env bash
# Builds every reader's libFuzzer target (clang, AddressSanitizer, UBSan) and runs each
# for SECONDS (default 600) on a scratch copy of its committed corpus. A crash input is
# kept as tests/fuzz/crash_<reader>_*; add it to corpus_<reader>/ once fixed.
#   bash tests/fuzz/run_fuzzers.sh [SECONDS] [READER ...]
set -u -o pipefail
cd "$(dirname "$0")/../.."
SECONDS_EACH=${1:-600}
shift || true
READERS=${*:-recording trace_json lesson ncu_csv profile_table race_table bench values sass_listing progress sass_table}
BUILD=${SCANVIZ_FUZZ_BUILD:-build-fuzz}
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang -DSCANVIZ_FUZZ=ON \
      -DSCANVIZ_GUI=OFF -DSCANVIZ_CUDA=OFF > "$BUILD.configure.log" 2>&1 || { cat "$BUILD.configure.log"; exit 1; }
targets=(make_recording_seed)
for r in $READERS; do targets+=("fuzz_$r"); done
cmake --build "$BUILD" --target "${targets[@]}" || exit 1
work=$(mktemp -d)
status=0
for r in $READERS; do
  corpus="$work/$r"
  mkdir -p "$corpus"
  if [ "$r" = recording ]; then
    cp tests/fuzz/corpus/* "$corpus"/ && "$BUILD/tests/fuzz/make_recording_seed" "$corpus" > /dev/null
  else
    cp tests/fuzz/corpus_"$r"/* "$corpus"/
  fi
  "$BUILD/tests/fuzz/fuzz_$r" -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 \
      -artifact_prefix="tests/fuzz/crash_${r}_" "$corpus" > "$work/$r.log" 2>&1
  rc=$?
  [ $rc -ne 0 ] && status=1
  line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$work/$r.log" | grep -oE 'cov: [0-9]+ ft: [0-9]+' | head -n 1)
  runs=$(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$work/$r.log")
  echo "$r: rc=$rc, $runs(s), $line, crashes: $(ls tests/fuzz/crash_"${r}"_* 2>/dev/null | wc -l)"
done
rm -rf "$work"
exit $status
