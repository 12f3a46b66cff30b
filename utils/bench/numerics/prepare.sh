#!/usr/bin/env bash
# Builds, on this machine, what utils/bench/numerics/check.py runs on the GPU:
#  - conv/NAME.cc{90,80}.cubin: one conversion kernel per case of
#    gen_conversions.py, lowered for sm_90 (PTX cvt) and for sm_80 (the
#    integer emulation), both assembled for sm_90a;
#  - corpus/K.ours.cubin (our TTIR -> cubin) and corpus/K.ref.cubin (Triton
#    3.6's own PTX, or its LLVM IR through our translate) for the corpus
#    kernels of numerics, atomics and printing.
# Usage: utils/bench/numerics/prepare.sh BUILD OUTDIR; then, on the GPU
# machine, python3 utils/bench/numerics/check.py OUTDIR [conv|corpus|all].
set -euo pipefail
build="$(cd "$1" && pwd)"; out="$2"
here="$(cd "$(dirname "$0")" && pwd)"
corpus="$here/../../../../shared/corpus"
ptxas=/usr/local/cuda/bin/ptxas
mkdir -p "$out/conv" "$out/corpus" "$out/mlir"
python3 "$here/gen_conversions.py" "$out/mlir" > "$out/cases.txt"
while read -r name _ _; do
  for cc in 90 80; do
    "$build/bin/triton-opt" "$out/mlir/$name.mlir" -allocate-shared-memory \
        "-convert-triton-gpu-to-llvm=compute-capability=$cc" -o "$out/mlir/$name.cc$cc.llvm.mlir"
    "$build/bin/triton-translate" --mlir-to-cubin --arch=sm_90a \
        "$out/mlir/$name.cc$cc.llvm.mlir" -o "$out/conv/$name.cc$cc.cubin"
  done
done < "$out/cases.txt"
for k in triton-3.6-sm90/math triton-3.6-ops/casts triton-3.6-ops/precise triton-3.6-ops/atomics \
         triton-3.6-ops/libdevice_asm triton-3.6-ops/grid triton-3.6-ops/ptrs triton-3.6-ops/print; do
  n=$(basename "$k")
  "$build/bin/triton-opt" "$corpus/$k.ttir" -triton-to-llvm='target=cuda:90' -o "$out/mlir/$n.llvm.mlir"
  "$build/bin/triton-translate" --mlir-to-cubin "$out/mlir/$n.llvm.mlir" -o "$out/corpus/$n.ours.cubin" \
      --metadata="$out/corpus/$n.ours.json"
  if [ -f "$corpus/$k.ptx" ]; then
    "$ptxas" --gpu-name=sm_90a "$corpus/$k.ptx" -o "$out/corpus/$n.ref.cubin"
  else
    "$build/bin/triton-translate" --llvmir-to-ptx "$corpus/$k.llir" -o "$out/mlir/$n.ref.ptx"
    "$ptxas" --gpu-name=sm_90a "$out/mlir/$n.ref.ptx" -o "$out/corpus/$n.ref.cubin"
  fi
done
rm -rf "$out/mlir"
ls "$out/conv" | wc -l
