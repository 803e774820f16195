#!/bin/sh
# Compiles each example kernel with `nvcc -c` and no scanviz define: the plain backend of
# scanviz.cuh, so each example is ordinary CUDA. Arguments: NVCC (empty: not found),
# the include folder, the output folder, then the .cu files. Exits 77 (ctest: skipped), with
# a message, where there is no nvcc.
nvcc="$1"; include="$2"; out="$3"; shift 3
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
  echo "SKIP: no nvcc on this machine; the examples' plain CUDA build is not checked here"
  exit 77
fi
mkdir -p "$out"
failed=""
for f in "$@"; do
  name=$(basename "$f" .cu)
  if "$nvcc" -c -std=c++17 -I "$include" -o "$out/$name.o" "$f"; then
    echo "$name.cu: compiled"
  else
    echo "$name.cu: nvcc failed"
    failed="$failed $name"
  fi
done
if [ -n "$failed" ]; then
  echo "nvcc -c failed for:$failed"
  exit 1
fi
