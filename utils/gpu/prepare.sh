#!/usr/bin/env bash
# Builds, on this machine, the cubins utils/gpu/harness.py runs on the GPU:
# for each corpus kernel, ours (the reference LLVM IR through triton-translate
# --llvmir-to-ptx, then ptxas) and the reference (Triton 3.6's own PTX through
# the same ptxas), plus our metadata JSON. Usage: prepare-gpu-check.sh BUILD OUTDIR
set -euo pipefail
build="$1"; out="$2"
corpus="$(dirname "$0")/../../../shared/corpus/triton-3.6-sm90"
ptxas=/usr/local/cuda/bin/ptxas
mkdir -p "$out"
for k in add_fp32 softmax matmul_fp16_sm90 matmul_fp16_small; do
  "$build/bin/triton-translate" --llvmir-to-ptx "$corpus/$k.llir" -o "$out/$k.ours.ptx" \
      --metadata="$out/$k.ours.json" --shared="$(grep -o '"shared": [0-9]*' "$corpus/$k.meta.json" | grep -o '[0-9]*$')"
  "$ptxas" --gpu-name=sm_90a "$out/$k.ours.ptx" -o "$out/$k.ours.cubin" 2> "$out/$k.ours.ptxas.log"
  "$ptxas" --gpu-name=sm_90a "$corpus/$k.ptx" -o "$out/$k.ref.cubin" 2> "$out/$k.ref.ptxas.log"
done
ls "$out"
