#!/usr/bin/env bash
# Start-up and frame times in English and in Chinese, in one run (issue 38): gui_frame_bench
# at block_blelloch n = 2048, the two languages in turn, ROUNDS times each (default 3), then
# each figure's median per language and the ratio Chinese / English.
#   xvfb-run -a -s "-screen 0 1920x1080x24" bash tests/gui/frame_bench_languages.sh BUILD [ROUNDS] [presentation]
set -euo pipefail
bench=${1:?usage: frame_bench_languages.sh BUILD [ROUNDS] [presentation]}/tests/gui/gui_frame_bench
rounds=${2:-3}
size=(1600 900); [ "${3:-}" = presentation ] && size=(1920 1080 presentation)
out=$(mktemp -d)
for r in $(seq "$rounds"); do
  for lang in en zh; do
    "$bench" --lang=$lang block_blelloch 2048 "${size[@]}" > "$out/$lang.$r.txt"
  done
done
head -n 1 "$out/zh.1.txt"
python3 - "$out" "$rounds" <<'PY'
import re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
figures = [("time to first frame", r"time to first frame .*: ([0-9.]+) ms"),
           ("frames with no change (median)", r"frames with no change.*?median\s+([0-9.]+)"),
           ("a step per frame (median)", r"a step per frame.*?median\s+([0-9.]+)"),
           ("a new selection per frame (median)", r"a new selection per frame.*?median\s+([0-9.]+)")]
print(f"{'figure (ms, median of ' + str(rounds) + ' runs)':44} {'English':>9} {'Chinese':>9} {'zh/en':>7}")
for name, rx in figures:
    v = {}
    for lang in ("en", "zh"):
        vals = []
        for r in range(1, rounds + 1):
            m = re.search(rx, open(f"{out}/{lang}.{r}.txt").read(), re.S)
            if not m:
                sys.exit(f"frame_bench_languages: no '{name}' in {lang}.{r}.txt")
            vals.append(float(m.group(1)))
        v[lang] = statistics.median(vals)
    print(f"{name:44} {v['en']:9.1f} {v['zh']:9.1f} {v['zh'] / v['en']:7.2f}")
PY
rm -rf "$out"
