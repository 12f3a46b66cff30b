#!/usr/bin/env bash
# The demo: the bundled vector-add kernel through everything the tree can do
# today. Each step prints what it produced.
set -euo pipefail
build="${1:-build}"
bin="$build/bin"
example="examples/vector_add.ttir"
corpus="${TRITON_SHARED_DIR:-../shared}/corpus"

step() { printf '\n== %s\n' "$*"; }

step "$example: parsed, verified and printed back by triton-opt"
"$bin/triton-opt" "$example"

step "round trip: printing the printed form again gives the same text"
if diff <("$bin/triton-opt" "$example") <("$bin/triton-opt" "$example" | "$bin/triton-opt") > /dev/null; then
  echo "identical"
else
  echo "DIFFERENT"; exit 1
fi

step "$example run on the CPU by triton-run: 4 programs over 4000 elements, checked against the pass pipeline"
"$bin/triton-run" "$example" --grid 4 --arg 'x_ptr=f32[4000]:arange' --arg 'y_ptr=f32[4000]:fill(0.5)' \
    --arg 'out_ptr=f32[4000]:zeros' --arg n=i32:4000 --print out_ptr \
    --compare-after='builtin.module(triton-make-ttir{target=cuda:90},triton-make-ttgir{target=cuda:90})' \
    2>&1 | grep -v 'remark:' | head -8
echo "(the same results after make_ttir and make_ttgir: --compare-after passed)"

step "$example through -triton-make-ttgir (convert-triton-to-tritongpu + tritongpu-coalesce)"
"$bin/triton-opt" "$example" -triton-make-ttgir='target=cuda:90' 2>/dev/null | grep -E '^#|tt.load|tt.store'

step "$example compiled by our own toolchain to PTX, cubin and launch metadata (utils/triton-compile: make_ttir, make_ttgir, make_llir, LLVM, ptxas)"
out="$build/demo"
mkdir -p "$out"
if [ -x /usr/local/cuda/bin/ptxas ]; then
  TRITON_BIN="$bin" utils/triton-compile "$example" -o "$out/vector_add"
  grep -E '^\.(version|target)|\.entry|\.reqntid|ld\.global|st\.global' "$out/vector_add.ptx"
  cat "$out/vector_add.json"
  echo "ptxas: $(stat -c %s "$out/vector_add.cubin")-byte cubin in $out/vector_add.cubin"
else
  echo "(no ptxas at /usr/local/cuda/bin/ptxas: PTX only)"
  "$bin/triton-opt" "$example" -triton-to-llvm='target=cuda:90' 2>/dev/null |
    "$bin/triton-translate" --mlir-to-ptx -o "$out/vector_add.ptx"
  grep -E '^\.(version|target)|\.entry|ld\.global|st\.global' "$out/vector_add.ptx"
fi

if [ -f "$corpus/triton-3.6-sm90/add_fp32.frontend.mlir" ]; then
  step "Triton 3.6's frontend IR of the same kernel through -triton-make-ttir='target=cuda:90'"
  "$bin/triton-opt" "$corpus/triton-3.6-sm90/add_fp32.frontend.mlir" -triton-make-ttir='target=cuda:90' --mlir-use-nameloc-as-prefix
fi

matmul="$corpus/triton-3.6-sm90/matmul_fp16_sm90.ttir"
if [ -f "$matmul" ]; then
  step "the corpus fp16 matmul (128x256x64 tiles, 8 warps, 3 stages) to PTX: wgmma, a 3-stage cp.async pipeline"
  "$bin/triton-opt" "$matmul" -triton-to-llvm='target=cuda:90 num-warps=8 num-stages=3' 2>/dev/null |
    "$bin/triton-translate" --mlir-to-ptx -o "$out/matmul.ptx"
  for instruction in wgmma.mma_async cp.async.cg.shared.global cp.async.wait_group ldmatrix; do
    printf '%6d  %s\n' "$(grep -c "$instruction" "$out/matmul.ptx")" "$instruction"
  done
fi

descmatmul="test/Inputs/matmul_desc_host/matmul_desc_host.ttir"
step "the same matmul through host tensor descriptors ($descmatmul) to PTX: TMA loads pipelined with mbarriers, a TMA store"
"$bin/triton-opt" "$descmatmul" -triton-to-llvm='target=cuda:90 num-warps=8 num-stages=3' 2>/dev/null |
  "$bin/triton-translate" --mlir-to-ptx -o "$out/matmul_desc.ptx"
for instruction in wgmma.mma_async cp.async.bulk.tensor.2d.shared mbarrier.try_wait \
                   cp.async.bulk.tensor.2d.global stmatrix; do
  printf '%6d  %s\n' "$(grep -c "$instruction" "$out/matmul_desc.ptx")" "$instruction"
done
grep -m1 -E '\.param \.align 64 \.b8' "$out/matmul_desc.ptx"

step "not built yet"
echo "Parts of CTA clusters (distributed shared memory for buffers, reductions and scans"
echo "along a split axis) and of warp specialization (data partition along M only), sm_100"
echo "(Blackwell) code generation, TMA gathers/scatters (pointer accesses instead), the AMD"
echo "stream pipeliner's peeled epilogue; the whole list: docs/Status.md, \"Not built yet\"."
