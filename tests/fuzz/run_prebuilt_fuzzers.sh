#!/usr/bin/env bash
# Runs prebuilt fuzz binaries (DIR/fuzzers.tar.xz: fuzz_<reader>, built with clang and
# -DSCANVIZ_FUZZ=ON) all at once, each on a copy of its committed corpus, for FUZZ_SECONDS
# (default 290); FUZZ_PASS=N names the pass (a later pass resumes from the corpus an earlier
# one grew under build-gpu/fuzz). One line per reader and the crash files go to $OUT.
# Usage: FUZZ_SECONDS=300 FUZZ_PASS=1 OUT=dir bash tests/fuzz/run_prebuilt_fuzzers.sh DIR
SRC=${1:?usage: run_prebuilt_fuzzers.sh DIR (holding fuzzers.tar.xz)}
OUT=${OUT:-/tmp/scanviz-fuzz-out}; mkdir -p "$OUT"
set -u; D=$PWD/build-gpu/fuzz; mkdir -p $D/bin $D/logs $D/c; T=${FUZZ_SECONDS:-290}; P=${FUZZ_PASS:-1}
[ -x $D/bin/fuzz_values ] || tar xJf "$SRC/fuzzers.tar.xz" -C $D/bin
export SCANVIZ_ASSETS_DIR=$PWD/assets
for b in $D/bin/fuzz_*; do r=${b##*/fuzz_}; c=tests/fuzz/corpus_$r; [ $r = recording ] && c=tests/fuzz/corpus
  [ -d $D/c/$r ] || { mkdir -p $D/c/$r; cp -r $c/. $D/c/$r/; }
  ( timeout $((T+60)) $b -max_total_time=$T -print_final_stats=1 -timeout=20 -rss_limit_mb=4096 -artifact_prefix=$D/logs/crash-$r- $D/c/$r > $D/logs/$r.pass$P.log 2>&1; echo "exit=$?" >> $D/logs/$r.pass$P.log ) &
done; wait
for f in $D/logs/*.pass$P.log; do r=$(basename $f .pass$P.log); echo "$r pass $P: $(grep -E '^#[0-9]+' $f | tail -1 | cut -c1-100) | $(grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' $f | tr -s ' ' | tr '\n' ' ') $(tail -1 $f) corpus=$(ls $D/c/$r | wc -l)"; done | tee $OUT/summary_pass$P.txt
ls $D/logs/crash-* 2>/dev/null | tee -a $OUT/summary_pass$P.txt; echo "crash files: $(ls $D/logs/crash-* 2>/dev/null | wc -l)" | tee -a $OUT/summary_pass$P.txt
tar czf $OUT/logs_pass$P.tar.gz -C $D logs; nproc
