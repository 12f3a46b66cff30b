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

CONFIGS = {
    # name: (kernel, grid, args, constexprs, num_warps)
    "softmax_4096_w8": (corpus.softmax_kernel, (rows,),
                        (torch.empty_like(x32), x32, 4096, 4096, 4096), {"BLOCK": 4096}, 8),
    "softmax_4096_w16": (corpus.softmax_kernel, (rows,),
                         (torch.empty_like(x32), x32, 4096, 4096, 4096), {"BLOCK": 4096}, 16),
    "layer_norm_4096": (ours.layer_norm_fwd, (rows,),
                        (x16, torch.empty_like(x16), w16, w16, 4096, 4096, 1e-5),
                        {"BLOCK": 4096}, 8),
}

for name, (kernel, grid, args, constexprs, warps) in CONFIGS.items():
    compiled = kernel[grid](*args, **constexprs, num_warps=warps)
    for stage in ("ttir", "ttgir"):
        with open(os.path.join(OUT, f"{name}.{stage}"), "w") as f:
            f.write(compiled.asm[stage])
    print(name, "num_warps", warps, "shared", compiled.metadata.shared)
