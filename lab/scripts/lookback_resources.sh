#!/usr/bin/env bash
# Registers, spills and stack of the look-back kernel for every tuning the policies use
# (core/bench/lookback_policy.hpp), value type and operator, as ptxas reports them: a
# compile, no GPU. Spilled registers go to local memory, so a tuning that spills moves
# more bytes per tile than its shape says (kernels/bench/NOTES.md, run 21).
#   bash kernels/bench/lookback_resources.sh [sm_90]      (1 to 5 minutes on 2 cores)
# Prints one line per kernel: tuning, type, operator, registers, spill stores / loads
# (bytes), stack frame (bytes).
set -euo pipefail
# scanviz's English lines are what this script reads, whatever the machine's locale.
export LANGUAGE=en
cd "$(dirname "$0")/../.."
ARCH=${1:-sm_90}
[[ "$ARCH" =~ ^sm_[0-9]+a?$ ]] || { echo "lookback_resources: the architecture must look like sm_90, not '$ARCH'" >&2; exit 2; }
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$NVCC" ] || { echo "lookback_resources: no nvcc (set NVCC=/path/to/nvcc)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo '#include "kernels/device/decoupled_lookback_launch.cuh"'
  echo 'using namespace scanviz;'
  echo 'template <LookbackTuningId Id, class ScanOp> void one(kern::LookbackWorkspace& ws) {'
  echo '    using T = typename ScanOp::value_type;'
  echo '    kern::launch_decoupled_lookback<kern::LookbackPolicyOf<Id, T>, ScanOp>(nullptr, nullptr, 0, false, ws, nullptr);'
  echo '}'
  echo 'void every(kern::LookbackWorkspace& ws) {'
  for id in Tuned WideHinted Wide Widest; do
    for t in int unsigned float "long long" double; do
      for op in OpAdd OpMax OpMin; do
        echo "    one<LookbackTuningId::$id, kern::$op<$t>>(ws);"
      done
    done
  done
  echo '}'
} > "$work/resources.cu"
"$NVCC" -I"$PWD/app" -I"$PWD" -O3 -DNDEBUG -arch="$ARCH" -std=c++20 --expt-relaxed-constexpr -Xptxas -v \
  -c "$work/resources.cu" -o "$work/resources.o" > "$work/ptxas.log" 2>&1 ||
  { tail -n 30 "$work/ptxas.log"; echo "lookback_resources: the compile failed" >&2; exit 1; }
echo "# bash kernels/bench/lookback_resources.sh $ARCH: $("$NVCC" --version | grep -o 'release [0-9.]*'), $(date -u +%Y-%m-%d)"
# ptxas: "Compiling entry function 'NAME'", then "N bytes stack frame, S bytes spill stores, L bytes
# spill loads", then "Used R registers". The kernel's name says the tuning struct and the operator.
python3 - "$work/ptxas.log" "$ARCH" <<'EOF'
import re, subprocess, sys
log, arch = sys.argv[1], sys.argv[2]
rows, name, cur = [], None, {}
for line in open(log):
    m = re.search(r"Compiling entry function '(\S+)'", line)
    if m:
        name, cur = m.group(1), {}
        continue
    m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
    if m and name:
        cur.update(stack=int(m.group(1)), st=int(m.group(2)), ld=int(m.group(3)))
    m = re.search(r"Used (\d+) registers", line)
    if m and name and "decoupled_lookback_kernel" in name:
        cur["regs"] = int(m.group(1))
        rows.append((name, dict(cur)))
        name = None
if not rows:
    sys.exit("lookback_resources: ptxas reported no look-back kernel")
names = subprocess.run(["c++filt"], input="\n".join(n for n, _ in rows), capture_output=True,
                       text=True).stdout.splitlines()
print("%-22s %-12s %-4s %5s %14s %6s   (ptxas, %s)" % ("tuning", "type", "op", "regs", "spill st/ld B", "stack", arch))
spilling = 0
for plain, (_, r) in zip(names, rows):
    m = re.search(r"LookbackPolicy<scanviz::kern::(\w+)>, scanviz::kern::Op(\w+)<([\w ]+)>", plain)
    if not m:
        continue
    tuning, op, t = m.groups()
    spilling += r.get("st", 0) > 0
    print("%-22s %-12s %-4s %5d %9d / %-3d %6d" % (tuning, t, op.lower(), r["regs"], r.get("st", 0), r.get("ld", 0),
                                               r.get("stack", 0)))
print("%d of %d kernels spill" % (spilling, len(rows)))
EOF
