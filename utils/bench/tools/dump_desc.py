#!/usr/bin/env python3
"""Dumps, on the GPU machine, Triton 3.6's IR at every stage and the launch
metadata of the tensor-descriptor kernels in kernels/descriptors.py (device-made and
host-made descriptors, TMA on sm_90), and times Triton's descriptor matmul.

Usage: dump_desc.py OUT
"""
import json
import os
import sys

import torch
import triton
from triton.tools.tensor_descriptor import TensorDescriptor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import kernels.descriptors as ours  # noqa: E402

OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)
dev = "cuda"
triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=dev))


def dump(name, compiled):
    for stage in ("ttir", "ttgir", "llir", "ptx"):
        with open(os.path.join(OUT, f"{name}.{stage}"), "w") as f:
            f.write(compiled.asm[stage])
    meta = {k: (v if isinstance(v, (int, str, float, bool, type(None), list, dict)) else str(v))
            for k, v in compiled.metadata._asdict().items()}
    with open(os.path.join(OUT, f"{name}.meta.json"), "w") as f:
        json.dump(meta, f, indent=1, default=str)
    print(name, "shared", compiled.metadata.shared, "scratch",
          compiled.metadata.global_scratch_size)


M, N = 1000, 1000
x = torch.randn(M, N, device=dev, dtype=torch.float16)
y = torch.empty_like(x)
c = ours.desc_scale[(triton.cdiv(M, 64), triton.cdiv(N, 64))](x, y, M, N, BM=64, BN=64)
torch.cuda.synchronize()
print("desc_scale err", (y - 2 * x).abs().max().item())
dump("desc_scale", c)
xd = TensorDescriptor.from_tensor(x, [64, 64])
yd = TensorDescriptor.from_tensor(y, [64, 64])
y.zero_()
c = ours.desc_scale_host[(triton.cdiv(M, 64), triton.cdiv(N, 64))](xd, yd, BM=64, BN=64)
torch.cuda.synchronize()
print("desc_scale_host err", (y - 2 * x).abs().max().item())
dump("desc_scale_host", c)

cfg = dict(BM=128, BN=256, BK=64, GROUP_M=8)
for size in (4096, 8192):
    a = torch.randn(size, size, device=dev, dtype=torch.float16)
    b = torch.randn(size, size, device=dev, dtype=torch.float16)
    out = torch.empty_like(a)
    grid = (triton.cdiv(size, 128) * triton.cdiv(size, 256),)
    ad = TensorDescriptor.from_tensor(a, [128, 64])
    bd = TensorDescriptor.from_tensor(b, [64, 256])
    cd = TensorDescriptor.from_tensor(out, [128, 256])
    runs = {
        "matmul_desc": lambda: ours.matmul_desc[grid](a, b, out, size, size, size, **cfg,
                                                      num_warps=8, num_stages=3),
        "matmul_desc_host": lambda: ours.matmul_desc_host[grid](ad, bd, cd, size, size, size,
                                                                **cfg, num_warps=8,
                                                                num_stages=3),
    }
    ref = (a.float() @ b.float())
    for name, run in runs.items():
        compiled = run()
        torch.cuda.synchronize()
        err = ((out.float() - ref).norm() / ref.norm()).item()
        ms = triton.testing.do_bench(run, warmup=50, rep=300, return_mode="median")
        print(f"{name} {size} err {err:.2e} {2 * size**3 / ms * 1e-9:.0f} TFLOP/s")
        if size == 4096:
            dump(name, compiled)
