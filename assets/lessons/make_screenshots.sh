#!/usr/bin/env bash
# Remakes the README's lesson screenshots (assets/lessons/screenshots/) from the shipped
# H100 recording: one step of each lesson, the window at 1600x900 under Xvfb.
#   bash assets/lessons/make_screenshots.sh [path/to/scanviz]     (default build/app/scanviz)
set -euo pipefail
cd "$(dirname "$0")/../.."
SCANVIZ=${1:-build/app/scanviz}
[ -x "$SCANVIZ" ] || { echo "make_screenshots: no scanviz at $SCANVIZ (build first, or name it)" >&2; exit 2; }
out=assets/lessons/screenshots
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# lesson file, the step shown (1-based; the README says why each), its answer shown
for pick in 01_kogge_stone_warp:10 02_smem_to_shuffles:4 03_work_vs_span:5 04_bank_conflicts:4 \
            05_block_from_warps:6 06_segmented:7 07_whole_arrays:8; do
  name=${pick%%:*} step=${pick##*:}
  # show-answer: the step as the learner sees it once the question is answered (its hidden panels open).
  printf 'open assets/recordings/default.svzrec\nexpect-ok\nlesson %s\nlesson-step %s\nshow-answer\nframes 6\n' \
    "assets/lessons/$name.lesson" "$step" > "$tmp/$name.script"
  XDG_CONFIG_HOME="$tmp/config" xvfb-run -a -s "-screen 0 1920x1080x24" \
    "$SCANVIZ" gui --size 1600x900 --script "$tmp/$name.script" --screenshot "$out/$name.png"
  echo "make_screenshots: $out/$name.png (step $step)"
done
# Lesson 8 runs the learner's own copy of a kernel file: the copy goes to a folder of the script's own,
# and the window waits for its run (step 4: the hazard list, and the racing pairs drawn).
printf 'open assets/recordings/default.svzrec\nexpect-ok\nlesson %s\nlesson-step 4\nframes 2\nwait-kernel\nframes 6\n' \
  "assets/lessons/08_your_kernel_race.lesson" > "$tmp/08.script"
XDG_CONFIG_HOME="$tmp/config" SCANVIZ_LEARNER_DIR="$tmp/learner" xvfb-run -a -s "-screen 0 1920x1080x24" \
  "$SCANVIZ" gui --size 1600x900 --script "$tmp/08.script" --screenshot "$out/08_your_kernel_race.png"
echo "make_screenshots: $out/08_your_kernel_race.png (step 4)"
# Lessons 1 and 4 in Chinese, as a lecture hall sees them: 1920x1080, presentation mode.
mkdir -p "$out/zh"
for pick in 01_kogge_stone_warp:10 04_bank_conflicts:4; do
  name=${pick%%:*} step=${pick##*:}
  printf 'open assets/recordings/default.svzrec\nexpect-ok\npresentation on\nlesson %s\nlesson-step %s\nshow-answer\nframes 6\n' \
    "assets/lessons/$name.lesson" "$step" > "$tmp/zh_$name.script"
  XDG_CONFIG_HOME="$tmp/config_zh" xvfb-run -a -s "-screen 0 1920x1080x24" \
    "$SCANVIZ" --lang zh gui --size 1920x1080 --script "$tmp/zh_$name.script" --screenshot "$out/zh/$name.png"
  echo "make_screenshots: $out/zh/$name.png (step $step, Chinese, presentation)"
done
