#!/usr/bin/env python3
"""Dumps, on the GPU machine, Triton 3.6's TTGIR of the corpus matmuls and our
flash attention compiled for sm_80 (compiled here, not run), as references
for the passes whose sm_80 form differs (mma v2, cp.async pipelining,
prefetch): OUT/NAME.ttgir, kept in test/Inputs/<name>/. The sm_90 captures
come from `run.py dump`.

Usage: dump_sm80_refs.py CORPUS_KERNELS_PY OUT
"""
import importlib.util
import os
import sys

import torch
import triton

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from kernels.attention import attention_fwd  # noqa: E402

spec = importlib.util.spec_from_file_location("corpus_kernels", sys.argv[1])
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
OUT = sys.argv[2]
os.makedirs(OUT, exist_ok=True)
dev = "cuda"
ATTENTION = {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64}
qkv = torch.randn(1, 1024, 64, device=dev, dtype=torch.float16)


# The same kernels for sm_80 (compiled here, not run), as references for the
# passes whose sm_80 form differs (mma v2, cp.async pipelining, prefetch).
def compile_for(capability, kernel, args, constexprs, warps, stages):
    from triton.backends.compiler import GPUTarget
    driver = triton.runtime.driver.active
    real = driver.get_current_target
    driver.get_current_target = lambda: GPUTarget("cuda", capability, 32)
    try:
        return kernel.warmup(*args, grid=(1,), **constexprs, num_warps=warps, num_stages=stages)
    finally:
        driver.get_current_target = real


a = torch.randn(256, 256, device=dev, dtype=torch.float16)
SM80 = {
    "matmul_small_sm80": (corpus.matmul_kernel, (a, a, a, 256, 256, 256, 256, 1, 256, 1, 256, 1),
                          {"BM": 64, "BN": 64, "BK": 32, "GROUP_M": 8}, 4, 2),
    "matmul_big_sm80": (corpus.matmul_kernel, (a, a, a, 256, 256, 256, 256, 1, 256, 1, 256, 1),
                        {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8}, 8, 3),
    "attention_fwd_sm80": (attention_fwd, (qkv, qkv, qkv, torch.empty_like(qkv), 0.125, 1024, 1024 * 64, 64),
                           ATTENTION, 4, 3),
}
for name, (kernel, args, constexprs, warps, stages) in SM80.items():
    try:
        compiled = compile_for(80, kernel, args, constexprs, warps, stages)
        text = compiled.asm["ttgir"]
        with open(os.path.join(OUT, f"{name}.ttgir"), "w") as f:
            f.write(text)
        print(name, "target cuda:80" if "cuda:80" in text else "NOT cuda:80")
    except Exception as e:  # a reference we cannot get must not stop the others
        print(name, "FAILED", type(e).__name__, str(e)[:200])
