#!/usr/bin/env bash
# One-off (issue 14, run 10): A = HEAD (groups for float add only) with the grouped int32
# candidates; B = the same tree with every operator grouped in the tuned policies.
set -u
export PATH=/usr/local/cuda/bin:$PATH
B=build-gpu; mkdir -p $B $OUT/A $OUT/B
T="scanviz test_gpu_lookback test_gpu_lookback_types test_gpu_traces"
cmake -S . -B $B -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90-real -DSCANVIZ_SASS_ARCHS=sm_90 > /dev/null
t0=$(date +%s); cmake --build $B -j 16 --target $T > $B/build.log 2>&1 || { tail -30 $B/build.log; exit 1; }; echo "build A $(( $(date +%s) - t0 )) s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/device.txt; date -u >> $OUT/device.txt
V=ours,cub,memcpy,device_decoupled_lookback@128x48sb9e,device_decoupled_lookback@128x48sb9eg,device_decoupled_lookback@128x64sb6eg,device_decoupled_lookback@128x40sb11eg,device_decoupled_lookback@256x32sb6eg
timeout 150 $B/app/scanviz bench --sizes 2^20,2^22,2^24,2^26,2^28 --variants $V --format csv > $OUT/A/sweep.csv 2> $OUT/A/stderr.log; echo "sweep rc=$?"
$B/app/scanviz bench --from $OUT/A/sweep.csv --format text | awk '{printf "%-42s %-6s %-10s %-7s %-7s\n", $1, $2, $6" "$7, $9, $10}'
sed -i 's/false, kLbGroupsFloatAdd>;/false, kLbGroupsAll>;/' kernels/device/decoupled_lookback.cuh; grep -c "kLbGroupsAll>;" kernels/device/decoupled_lookback.cuh
t0=$(date +%s); cmake --build $B -j 16 --target $T > $B/build.log 2>&1 || { tail -30 $B/build.log; exit 1; }; echo "build B $(( $(date +%s) - t0 )) s"
timeout 60 $B/app/scanviz bench --sizes 2^28 --types all --ops all --variants ours,cub,memcpy --format csv > $OUT/B/types.csv 2> $OUT/B/stderr.log; echo "types rc=$?"
timeout 60 $B/app/scanviz bench --sizes 2^10..2^28 --variants ours,cub,memcpy --format csv --timeline $OUT/B/timeline.json --timeline-n 2^24 > $OUT/B/bench.csv 2>> $OUT/B/stderr.log; echo "bench rc=$?"
for f in types bench; do $B/app/scanviz bench --from $OUT/B/$f.csv --format text | awk '{printf "%-28s %-6s %-4s %-4s %-10s %-7s %-7s\n", $1, $2, $3, $4, $6" "$7, $9, $10}'; done
timeout 120 $B/tests/gpu/test_gpu_lookback_types > $OUT/B/tests.log 2>&1; echo "types tests rc=$?"
timeout 60 $B/tests/gpu/test_gpu_lookback > $OUT/B/tests2.log 2>&1; echo "lookback tests rc=$?"
timeout 40 $B/tests/gpu/test_gpu_traces --gtest_filter='*ookback*' >> $OUT/B/tests2.log 2>&1; echo "trace rc=$?"
grep -hE "^\[ *(FAILED|PASSED) |timeline:" $OUT/B/tests.log $OUT/B/tests2.log
