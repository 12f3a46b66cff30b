#!/usr/bin/env python3
"""Dumps, on the GPU machine, Triton 3.6's TTIR of the harness's kernels at the
configurations the harness runs (OUT/NAME.ttir, plus .ttgir for comparison),
so that our tools compile exactly what Triton compiles.

Usage: dump_ttir.py CORPUS_KERNELS_PY OUT
"""
import importlib.util
import os
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernels as ours  # noqa: E402

spec = importlib.util.spec_from_file_location("corpus_kernels", sys.argv[1])
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
OUT = sys.argv[2]
os.makedirs(OUT, exist_ok=True)

dev = "cuda"
rows = 4
x32 = torch.randn(rows, 4096, device=dev)
x16 = torch.randn(rows, 4096, device=dev, dtype=torch.float16)
w16 = torch.randn(4096, device=dev, dtype=torch.float16)
qkv = torch.randn(1, 1024, 64, device=dev, dtype=torch.float16)
big = torch.randn(8192, 8192, device=dev)
ATTENTION = {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": 64}

CONFIGS = {
    # name: (kernel, grid, args, constexprs, num_warps)
    "softmax_4096_w8": (corpus.softmax_kernel, (rows,),
                        (torch.empty_like(x32), x32, 4096, 4096, 4096), {"BLOCK": 4096}, 8),
    "softmax_4096_w16": (corpus.softmax_kernel, (rows,),
                         (torch.empty_like(x32), x32, 4096, 4096, 4096), {"BLOCK": 4096}, 16),
    "layer_norm_4096": (ours.layer_norm_fwd, (rows,),
                        (x16, torch.empty_like(x16), w16, w16, 4096, 4096, 1e-5),
                        {"BLOCK": 4096}, 8),
    # The corpus's blockptr TTIR was specialized for N and sm not multiples
    # of 16; the harness's 8192 x 8192 are, and Triton specializes on it.
    "blockptr_8192": (corpus.blockptr_kernel, (1,), (big, torch.empty_like(big), 8192, 8192, 8192, 1),
                      {"BM": 64, "BN": 64}, 4),
    "attention_fwd": (ours.attention_fwd, (1, 1),
                      (qkv, qkv, qkv, torch.empty_like(qkv), 0.125, 1024, 1024 * 64, 64),
                      ATTENTION, 4),
}

STAGES = {"attention_fwd": 3}
for name, (kernel, grid, args, constexprs, warps) in CONFIGS.items():
    compiled = kernel[grid](*args, **constexprs, num_warps=warps,
                            num_stages=STAGES.get(name, 3))
    # attention's reference LLVM IR and PTX too: our lowering is compared to them.
    for stage in ("ttir", "ttgir") + (("llir", "ptx") if name == "attention_fwd" else ()):
        with open(os.path.join(OUT, f"{name}.{stage}"), "w") as f:
            f.write(compiled.asm[stage])
    print(name, "num_warps", warps, "shared", compiled.metadata.shared)


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
    "attention_fwd_sm80": (ours.attention_fwd, CONFIGS["attention_fwd"][2], ATTENTION, 4, 3),
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
