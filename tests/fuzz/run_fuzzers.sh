#!/usr/bin/env bash
# Runs every reader's libFuzzer target (clang, AddressSanitizer, UBSan) for SECONDS each
# (default 600) on a scratch copy of its committed corpus, JOBS readers at a time, and prints
# one summary line per reader: time, executions, coverage (cov/ft), corpus size, crashes.
# A crash, leak or timeout input is kept as <logs>/crash_<reader>_* (tests/fuzz/ without
# SCANVIZ_FUZZ_LOGS); add it to corpus_<reader>/ once fixed. Exits 1 when any reader failed.
#
#   bash tests/fuzz/run_fuzzers.sh [SECONDS] [READER ...]      build (clang) and run
#   bash tests/fuzz/run_fuzzers.sh --bundle DIR                build, then copy the binaries to DIR
#
# Environment:
#   SCANVIZ_FUZZ_BUILD  the clang build folder (default build-fuzz), configured and built here
#   SCANVIZ_FUZZ_BIN    a folder of prebuilt binaries (fuzz_<reader>, make_recording_seed, from
#                       --bundle): nothing is configured or built
#   SCANVIZ_FUZZ_JOBS   readers fuzzed at once (default 1; one core each)
#   SCANVIZ_FUZZ_LOGS   keeps, per reader, <reader>.log (libFuzzer's output), corpus_<reader>/
#                       (the corpus grown by the run) and crash inputs, plus summary.txt
#                       (default: a scratch folder, removed at the end)
#   SECONDS=0 replays each corpus through its fuzzer (-runs=0) and fuzzes nothing.
set -u -o pipefail
cd "$(dirname "$0")/../.."
ALL_READERS="recording trace_json lesson ncu_csv profile_table race_table bench values sass_listing progress sass_table gui_script learner_records po"
BUILD=${SCANVIZ_FUZZ_BUILD:-build-fuzz}

build() {  # build READER...: the fuzzers of these readers and the recording's seed maker
    cmake -S . -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang -DSCANVIZ_FUZZ=ON \
          -DSCANVIZ_GUI=OFF -DSCANVIZ_CUDA=OFF -DSCANVIZ_TESTS=ON > "$BUILD.configure.log" 2>&1 ||
        { cat "$BUILD.configure.log"; exit 1; }
    local targets=(make_recording_seed)
    for r in "$@"; do targets+=("fuzz_$r"); done
    nice -n 10 cmake --build "$BUILD" --target "${targets[@]}" || exit 1
}

if [ "${1:-}" = "--bundle" ]; then
    [ -n "${2:-}" ] || { echo "run_fuzzers: --bundle needs a folder" >&2; exit 2; }
    # shellcheck disable=SC2086
    build $ALL_READERS
    mkdir -p "$2"
    for r in $ALL_READERS; do cp "$BUILD/tests/fuzz/fuzz_$r" "$2/"; done
    cp "$BUILD/tests/fuzz/make_recording_seed" "$2/"
    echo "run_fuzzers: $(ls "$2" | wc -l) binaries in $2; run them with SCANVIZ_FUZZ_BIN=$2"
    exit 0
fi

SECONDS_EACH=${1:-600}
shift || true
READERS=${*:-$ALL_READERS}
JOBS=${SCANVIZ_FUZZ_JOBS:-1}
for r in $READERS; do
    case " $ALL_READERS " in *" $r "*) ;; *) echo "run_fuzzers: unknown reader '$r' ($ALL_READERS)" >&2; exit 2 ;; esac
done
if [ -n "${SCANVIZ_FUZZ_BIN:-}" ]; then
    BIN=$(cd "$SCANVIZ_FUZZ_BIN" && pwd) || exit 2
else
    # shellcheck disable=SC2086
    build $READERS
    BIN="$PWD/$BUILD/tests/fuzz"
fi
if [ -n "${SCANVIZ_FUZZ_LOGS:-}" ]; then
    mkdir -p "$SCANVIZ_FUZZ_LOGS"
    LOGS=$(cd "$SCANVIZ_FUZZ_LOGS" && pwd)
    CRASH_DIR=$LOGS
    keep_logs=1
else
    LOGS=$(mktemp -d)
    CRASH_DIR="$PWD/tests/fuzz"
    keep_logs=0
fi

# fuzz_one READER: runs one fuzzer and writes its summary line to $LOGS/<reader>.summary.
fuzz_one() {
    local r=$1 corpus="$LOGS/corpus_$1" log="$LOGS/$1.log"
    rm -rf "$corpus" && mkdir -p "$corpus"
    if [ "$r" = recording ]; then
        cp tests/fuzz/corpus/* "$corpus"/ && "$BIN/make_recording_seed" "$corpus" > /dev/null
    else
        cp tests/fuzz/corpus_"$r"/* "$corpus"/
    fi
    local before start rc
    before=$(ls "$corpus" | wc -l)
    start=$(date +%s)
    local limit=(-max_total_time="$SECONDS_EACH")
    [ "$SECONDS_EACH" = 0 ] && limit=(-runs=0)
    "$BIN/fuzz_$r" "${limit[@]}" -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 \
        -artifact_prefix="$CRASH_DIR/crash_${r}_" "$corpus" > "$log" 2>&1
    rc=$?
    local took=$(( $(date +%s) - start ))
    local runs cov crashes
    runs=$(grep -oE '^stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$')
    cov=$(grep -E '^#[0-9]+' "$log" | grep -oE 'cov: [0-9]+ ft: [0-9]+' | tail -n 1)
    crashes=$(ls "$CRASH_DIR"/crash_"${r}"_* 2>/dev/null | wc -l)
    printf '%-14s rc=%d  %5ds  %12s runs  %-20s corpus %d -> %d  crashes %d\n' "$r" "$rc" "$took" \
        "${runs:-?}" "${cov:-cov: ? ft: ?}" "$before" "$(ls "$corpus" | wc -l)" "$crashes" > "$LOGS/$r.summary"
    cat "$LOGS/$r.summary"
    return $rc
}

echo "run_fuzzers: $(echo $READERS | wc -w) readers, ${SECONDS_EACH}s each, $JOBS at a time, binaries in $BIN"
status=0
running=0
for r in $READERS; do
    fuzz_one "$r" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then
        wait -n || status=1
        running=$((running - 1))
    fi
done
while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
done

echo "--- summary ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, ${SECONDS_EACH}s per reader)"
for r in $READERS; do cat "$LOGS/$r.summary" 2>/dev/null || echo "$r: no summary (see $LOGS/$r.log)"; done |
    tee "$LOGS/summary.txt.new"
mv "$LOGS/summary.txt.new" "$LOGS/summary.txt"
[ $status -ne 0 ] && echo "run_fuzzers: a reader failed: its log's end tells why (crash inputs: $CRASH_DIR/crash_*)"
if [ $keep_logs -eq 0 ]; then
    [ $status -ne 0 ] && for r in $READERS; do grep -q 'rc=0 ' "$LOGS/$r.summary" 2>/dev/null || tail -n 40 "$LOGS/$r.log"; done
    rm -rf "$LOGS"
fi
exit $status
