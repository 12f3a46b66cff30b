#!/usr/bin/env python3
"""Runs cubins built by this toolchain next to Triton 3.6's own, on a GPU.

For each kernel of the table below it loads two cubins with CuPy -- "ours"
(triton-translate's output) and "ref" (Triton 3.6's PTX, assembled by the same
ptxas) -- launches both with Triton's kernel ABI (arguments, then null global-
and profile-scratch pointers; block = 32 x num_warps threads; dynamic shared
memory from the metadata JSON), checks each output against PyTorch on fresh
random inputs (output poisoned with NaN first), and times both with
triton.testing.do_bench (median). Prints a table last.

Usage (on the GPU machine): utils/gpu/harness.py DIR, where DIR holds
NAME.ours.cubin, NAME.ours.json and NAME.ref.cubin for each kernel (made by
utils/gpu/prepare.sh).
"""
import json
import os
import sys

import cupy as cp
import numpy as np
import torch
import triton

DIR = sys.argv[1]


def load(name, which):
    module = cp.RawModule(path=os.path.join(DIR, f"{name}.{which}.cubin"))
    meta = json.load(open(os.path.join(DIR, f"{name}.ours.json")))
    fn = module.get_function(meta["name"])
    if meta["shared"] > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = meta["shared"]
    return fn, meta


def ptr(t):
    return np.uint64(t.data_ptr())


def launcher(fn, meta, grid, args):
    block = (meta["threads_per_warp"] * meta["num_warps"], 1, 1)
    full = tuple(args) + (np.uint64(0), np.uint64(0))  # global / profile scratch
    return lambda: fn(grid, block, full, shared_mem=meta["shared"])


def rel_err(out, ref):
    out, ref = out.double(), ref.double()
    if torch.isnan(out).any():
        return float("nan")
    return ((out - ref).norm() / ref.norm()).item()


def case_add(fn, meta):
    n = 1 << 28
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    out = torch.full((n,), float("nan"), device="cuda")
    run = launcher(fn, meta, ((n + 1023) // 1024, 1, 1), [ptr(x), ptr(y), ptr(out), np.int32(n)])
    return run, lambda: rel_err(out, x + y), 3 * 4 * n, "GB/s"


def case_softmax(fn, meta):
    rows, cols = 32768, 1024
    x = torch.randn(rows, cols, device="cuda")
    out = torch.full_like(x, float("nan"))
    run = launcher(fn, meta, (rows, 1, 1),
                   [ptr(out), ptr(x), np.int32(cols), np.int32(cols), np.int32(cols)])
    return run, lambda: rel_err(out, torch.softmax(x.double(), 1)), 2 * 4 * rows * cols, "GB/s"


def case_matmul(bm, bn):
    def case(fn, meta):
        m = n = k = 4096
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.float16)
        grid = (((m + bm - 1) // bm) * ((n + bn - 1) // bn), 1, 1)
        run = launcher(fn, meta, grid, [ptr(a), ptr(b), ptr(c), np.int32(m), np.int32(n),
                                         np.int32(k), np.int32(k), np.int32(n), np.int32(n)])
        return run, lambda: rel_err(c, a.float() @ b.float()), 2 * m * n * k, "TFLOP/s"
    return case


CASES = {
    "add_fp32": case_add,
    "softmax": case_softmax,
    "matmul_fp16_sm90": case_matmul(128, 256),
    "matmul_fp16_small": case_matmul(64, 64),
}

rows = []
for name, case in CASES.items():
    if not os.path.exists(os.path.join(DIR, f"{name}.ours.cubin")):
        continue
    for which in ("ours", "ref"):
        torch.manual_seed(0)
        fn, meta = load(name, which)
        run, check, work, unit = case(fn, meta)
        run()
        torch.cuda.synchronize()
        err = check()
        ms = triton.testing.do_bench(run, warmup=50, rep=300, return_mode="median")
        scale = 1e-9 if unit == "GB/s" else 1e-12
        rows.append((name, which, err, ms, work / (ms * 1e-3) * scale, unit))

print(f"{'kernel':20} {'cubin':5} {'rel err':>10} {'ms':>9} {'rate':>9}")
for name, which, err, ms, rate, unit in rows:
    print(f"{name:20} {which:5} {err:10.2e} {ms:9.4f} {rate:9.1f} {unit}")
