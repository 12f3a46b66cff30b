#!/usr/bin/env bash
# Builds, on the build machine, what utils/gpu/harness.py runs on the GPU: our
# cubin and metadata of each harness kernel, compiled by utils/triton-compile
# from Triton 3.6's TTIR of it (the corpus's, or utils/gpu/ttir/*.ttir, which
# dump_ttir.py took on the GPU machine at the harness's configurations), plus
# the corpus's Python source for Triton's side. A kernel our tools cannot
# compile yet is reported and left out.
#
# Usage: utils/gpu/prepare.sh OUTDIR   (OUTDIR inside the repository, so it
# travels to the GPU machine with the working tree)
set -uo pipefail
out="$1"
here="$(cd "$(dirname "$0")" && pwd)"
corpus="$here/../../../shared/corpus/triton-3.6-sm90"
compile="$here/../triton-compile"
mkdir -p "$out"
cp "$corpus/kernels.py" "$out/corpus_kernels.py"

build() { # NAME TTIR|TTGIR WARPS [STAGES [TARGET]]
  if "$compile" --target "${5:-cuda:90}" --num-warps "$3" --num-stages "${4:-3}" -o "$out/$1" "$2" \
       2> "$out/$1.log"; then
    echo "compiled  $1"
  else
    echo "FAILED    $1: $(grep -m1 error "$out/$1.log")"
  fi
}
for k in add_fp32 add_fp16 softmax math misc shape; do
  build "$k" "$corpus/$k.ttir" 4
done
# The corpus's blockptr TTIR was specialized for N and sm not multiples of 16;
# the harness's 8192 x 8192 are, and Triton's own compile specializes on it.
build blockptr "$here/ttir/blockptr_8192.ttir" 4
build matmul_fp16_small "$corpus/matmul_fp16_small.ttir" 4 2
build matmul_fp16_sm90 "$corpus/matmul_fp16_sm90.ttir" 8 3
build softmax_4096_w8 "$here/ttir/softmax_4096_w8.ttir" 8
build softmax_4096_w16 "$here/ttir/softmax_4096_w16.ttir" 16
build layer_norm_4096 "$here/ttir/layer_norm_4096.ttir" 8
build attention_fwd "$here/ttir/attention_fwd.ttir" 4 3
# Tensor descriptors through TMA (made in the kernel, and on the host).
build desc_scale "$here/ttir/desc_scale.ttir" 4
build desc_scale_host "$here/ttir/desc_scale_host.ttir" 4
build matmul_desc "$here/ttir/matmul_desc.ttir" 8 3
build matmul_desc_host "$here/ttir/matmul_desc_host.ttir" 8 3
build matmul_desc_host_s1 "$here/ttir/matmul_desc_host.ttir" 8 1
build matmul_desc_host_s2 "$here/ttir/matmul_desc_host.ttir" 8 2
build matmul_desc_host_s4 "$here/ttir/matmul_desc_host.ttir" 8 4
build desc_scale_host_sm80 "$here/ttir/desc_scale_host.ttir" 4 3 cuda:80
build matmul_desc_host_sm80 "$here/ttir/matmul_desc_host.ttir" 8 3 cuda:80
# The matmuls for sm_80 (mma.sync), checked on the H200 for correctness.
build matmul_fp16_small_sm80 "$corpus/matmul_fp16_small.ttir" 4 2 cuda:80
build matmul_fp16_sm90_sm80 "$corpus/matmul_fp16_sm90.ttir" 8 3 cuda:80
# Triton's own TTGIR of the dot kernels through our make_llir: times our
# lowering apart from our TTGIR passes.
build matmul_fp16_small_ttgir "$corpus/matmul_fp16_small.ttgir" 4 2
build matmul_fp16_sm90_ttgir "$corpus/matmul_fp16_sm90.ttgir" 8 3
build attention_fwd_ttgir "$here/ttir/attention_fwd.ttgir" 4 3
# The dot sweep (dot_sweep.py): Triton 3.6's TTIR of each case, dumped on the GPU machine.
while read -r name warps stages; do
  build "$name" "$here/ttir/$name.ttir" "$warps" "$stages"
done < <(/usr/bin/python3 "$here/dot_sweep.py" list)
# Some of them from Triton 3.6's own TTGIR too: our lowering of its layouts.
while read -r name warps stages; do
  build "${name}_ttgir" "$here/../../test/passes/Pipelines/Inputs/triton-3.6/$name.ttgir" \
    "$warps" "$stages"
done < <(/usr/bin/python3 "$here/dot_sweep.py" list-ttgir)
# TMA copies of blocks of many shapes and types (checked by tma_shapes.py check).
/usr/bin/python3 "$here/tma_shapes.py" gen "$out/tma_shapes"
for f in "$out"/tma_shapes/*.ttir; do
  build "$(basename "${f%.ttir}")" "$f" 4
done
tma_refs="$here/../../test/passes/TritonGPU/Inputs/triton-3.6"
build matmul_desc_ttgir "$tma_refs/matmul_desc.ttgir" 8 3
build matmul_desc_host_ttgir "$tma_refs/matmul_desc_host.ttgir" 8 3

# Every corpus kernel we compile, checked against our interpreter on the GPU
# (utils/gpu/check_refs.py OUTDIR/refs).
/usr/bin/python3 "$here/make_refs.py" "$here/../../build/bin" "$corpus/.." "$out/refs" \
    add_fp32 add_fp16 softmax blockptr misc math shape atomics casts control grid precise ptrs \
    reduce_scan memory_hints shapes libdevice_asm matmul_fp16_small dot_variants
