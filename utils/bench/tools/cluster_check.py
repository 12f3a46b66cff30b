#!/usr/bin/env python3
"""Runs our cubin of the corpus `add_kernel` compiled with num_ctas = 2 (a
program on a cluster of two CTAs) against Triton 3.6's compile of the same
kernel with num_ctas = 2: same results, and the time of each (do_bench).

Usage: cluster_check.py DIR   (DIR holds add_2cta.cubin and add_2cta.json,
made by `utils/triton-compile --target cuda:90 --num-ctas 2`). Needs torch,
triton and a GPU of sm_90 or later. Ours is launched by triton_ir's launcher,
as Triton's: the grid counts clusters, each of num_ctas CTAs.
"""
import importlib.util
import json
import os
import sys

import torch
import triton
import triton.language as tl
from triton.testing import do_bench


def load_launcher():
    """bindings/python/triton_ir/launcher.py by path (it imports nothing
    native, and the GPU machine has no LLVM 22)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                        "bindings", "python", "triton_ir", "launcher.py")
    spec = importlib.util.spec_from_file_location("launcher", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x + y, mask=m)


def ours(folder):
    meta = json.load(open(os.path.join(folder, "add_2cta.json")))
    image = open(os.path.join(folder, "add_2cta.cubin"), "rb").read()
    kernel = load_launcher().Kernel(image, meta)

    def launch(x, y, out, n, block=1024):
        # On torch's stream, so that do_bench times the kernel alone.
        kernel.launch((triton.cdiv(n, block),), x, y, out, n,
                      stream=torch.cuda.current_stream().cuda_stream)
    return meta, launch


def main():
    torch.cuda.init()
    torch.zeros(1, device="cuda")  # the primary context, current
    meta, launch = ours(sys.argv[1])
    print(f"ours: num_ctas {meta.get('num_ctas')}, {meta['num_warps']} warps")
    rows = []
    for n in (1000, 1024 * 37 + 5, 1 << 26):
        x = torch.rand(n, device="cuda")
        y = torch.rand(n, device="cuda")
        mine = torch.full((n,), -1.0, device="cuda")
        theirs = torch.full((n,), -1.0, device="cuda")
        launch(x, y, mine, n)
        add_kernel[(triton.cdiv(n, 1024),)](x, y, theirs, n, BLOCK=1024, num_ctas=2)
        torch.cuda.synchronize()
        same = torch.equal(mine, theirs) and torch.equal(mine, x + y)
        t_ours = do_bench(lambda: launch(x, y, mine, n), rep=200)
        t_theirs = do_bench(lambda: add_kernel[(triton.cdiv(n, 1024),)](
            x, y, theirs, n, BLOCK=1024, num_ctas=2), rep=200)
        rows.append((n, same, t_ours * 1e3, t_theirs * 1e3))
    print(f"{'n':>10} {'equal':>6} {'ours us':>9} {'triton us':>9} {'speed':>6}")
    for n, same, a, b in rows:
        print(f"{n:>10} {str(same):>6} {a:9.2f} {b:9.2f} {b / a:6.3f}")
    sys.exit(0 if all(r[1] for r in rows) else 1)


if __name__ == "__main__":
    main()
