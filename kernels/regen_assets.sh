#!/usr/bin/env bash
# Regenerates what the repository keeps of a variant that a machine without a GPU
# can make, and prints the steps that need a card.
#
#   kernels/regen_assets.sh <id>...     one or more variants of kernels/variants.txt
#   kernels/regen_assets.sh --all       every variant
#
# Without a GPU (nvcc, ptxas and nvdisasm only): the SASS snapshots
# assets/sass/<arch>/iso_<id>.sass for every architecture in SCANVIZ_SASS_ARCHS,
# compiled and disassembled by kernels/sass/sass_compile.cmake exactly as the
# build does (the build's target scanviz_sass_snapshot copies the same files).
# With a GPU: printed, with the card each needs and the command; they run on the
# device machine through tests/gpu/run_gpu_suite.sh.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ARCHS=${SCANVIZ_SASS_ARCHS:-"sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120"}
JOBS=${JOBS:-$(nproc)}
export PATH=/usr/local/cuda/bin:$PATH
NVCC=$(command -v nvcc) || { echo "regen_assets: nvcc not found" >&2; exit 1; }
PTXAS=$(command -v ptxas) || { echo "regen_assets: ptxas not found" >&2; exit 1; }
NVDISASM=$(command -v nvdisasm || true)
if [ -z "$NVDISASM" ]; then
  NVDISASM=$(python3 -c "import glob,nvidia;print(next(iter(sorted(glob.glob(p+'/cu*/bin/nvdisasm') for p in nvidia.__path__)[0]),''))" 2>/dev/null || true)
fi
[ -n "$NVDISASM" ] || { echo "regen_assets: nvdisasm not found (pip install nvidia-cuda-nvdisasm)" >&2; exit 1; }

# family and id of every variant, from the one list
mapfile -t LIST < <(grep -v '^\s*#' "$ROOT/kernels/variants.txt" | awk 'NF == 2 { print $1 " " $2 }')
family_of() { for l in "${LIST[@]}"; do [ "${l#* }" = "$1" ] && { echo "${l% *}"; return; }; done; }

IDS=()
if [ "${1:-}" = "--all" ]; then
  for l in "${LIST[@]}"; do IDS+=("${l#* }"); done
else
  [ $# -gt 0 ] || { sed -n '2,13p' "$0"; exit 2; }
  IDS=("$@")
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
JOBLIST="$TMP/jobs"
: > "$JOBLIST"
for id in "${IDS[@]}"; do
  fam=$(family_of "$id")
  [ -n "$fam" ] || { echo "regen_assets: '$id' is not in kernels/variants.txt" >&2; exit 1; }
  src="kernels/$fam/$id/iso.cu"
  if [ ! -f "$ROOT/$src" ]; then
    echo "$id: no isolation kernel (whole-array variants have none): no SASS snapshot"
    continue
  fi
  for arch in $ARCHS; do echo "$id $src $arch" >> "$JOBLIST"; done
done

compile() {  # id src arch
  # From a folder where the PTX's relative source paths name no file, as the build runs it
  # (from <build>/kernels/sass): run from the source tree, ptxas writes a different cubin for
  # the same PTX (seen with ptxas 13.0), whose hash then never matches the build's.
  cd "$TMP" && cmake -DROOT="$ROOT" -DSOURCE="$2" -DARCH="$3" -DOUT="$TMP/$3/iso_$1" -DNVCC="$NVCC" -DPTXAS="$PTXAS" \
        -DNVDISASM="$NVDISASM" -P "$ROOT/kernels/sass/sass_compile.cmake" > "$TMP/$3.iso_$1.log" 2>&1 \
    || { cat "$TMP/$3.iso_$1.log" >&2; echo "regen_assets: $2 for $3 failed" >&2; return 1; }
  mkdir -p "$ROOT/assets/sass/$3"
  cp "$TMP/$3/iso_$1.sass" "$ROOT/assets/sass/$3/iso_$1.sass"
  echo "  assets/sass/$3/iso_$1.sass"
}
export -f compile
export ROOT TMP NVCC PTXAS NVDISASM
if [ -s "$JOBLIST" ]; then
  echo "SASS snapshots (no GPU needed):"
  xargs -P "$JOBS" -L 1 bash -c 'compile "$0" "$1" "$2"' < "$JOBLIST"
fi

cat <<STEPS

GPU steps (each needs a card: one call of tests/gpu/run_gpu_suite.sh on the device machine,
which builds scanviz for that card and writes its results under \$OUT):
  1. Validation, GPU against the model (any card, H100 or H200):
       SCANVIZ_GPU_STEPS=tests,validate,sanitize bash tests/gpu/run_gpu_suite.sh
  2. Race table (variants whose folder has a race.cu; any card, H100 or H200):
       SCANVIZ_GPU_STEPS=race bash tests/gpu/run_gpu_suite.sh
  3. Profile, Nsight Compute beside the trace (warp and block variants; the card of the recording
     it goes into):
       SCANVIZ_GPU_STEPS=profile bash tests/gpu/run_gpu_suite.sh
  4. Recording, one per card, with the bench, validation, race and profile tables of the same run
     (so in one call, on that card): H100 for assets/recordings/default.svzrec, H200 for
     assets/recordings/h200.svzrec:
       SCANVIZ_GPU_STEPS=validate,bench,profile,race,record bash tests/gpu/run_gpu_suite.sh
     then copy \$OUT/recording.svzrec and recording.svzrec.summary.json over the card's pair in
     assets/recordings/.
STEPS
