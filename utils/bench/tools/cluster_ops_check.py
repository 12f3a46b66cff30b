#!/usr/bin/env python3
"""Runs our cubin of test/passes/Conversion/TritonGPUToLLVM/Inputs/cluster_ops.ttgir
(a program on a cluster of two CTAs, its 64 x 64 tile split along the rows:
row sums (tt.reduce), running row sums (tt.scan), a round trip through shared
memory laid out across the CTAs (local_alloc, local_load into another layout)
and a convert_layout through shared memory) and checks every output against
PyTorch, exactly (int32).

Usage: cluster_ops_check.py DIR   (DIR holds cluster_ops.cubin and
cluster_ops.json, made by `utils/triton-compile --target cuda:90 --num-ctas 2`).
Needs torch and a GPU of sm_90 or later; launched by triton_ir's launcher.
"""
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cluster_check import load_launcher  # noqa: E402


def main():
    folder = sys.argv[1]
    torch.cuda.init()
    torch.zeros(1, device="cuda")  # the primary context, current
    meta = json.load(open(os.path.join(folder, "cluster_ops.json")))
    image = open(os.path.join(folder, "cluster_ops.cubin"), "rb").read()
    kernel = load_launcher().Kernel(image, meta)
    print(f"cluster_ops: num_ctas {meta.get('num_ctas')}, {meta['num_warps']} warps, "
          f"{meta['shared']} bytes of shared memory per CTA")
    ok = True
    for programs in (1, 37):
        torch.manual_seed(programs)
        x = torch.randint(-1000, 1000, (programs, 64, 64), dtype=torch.int32, device="cuda")
        sums = torch.full((programs, 64), -7, dtype=torch.int32, device="cuda")
        scans = torch.full_like(x, -7)
        twice = torch.full_like(x, -7)
        kernel.launch((programs,), x, sums, scans, twice)
        checks = {"sums": torch.equal(sums, x.sum(2, dtype=torch.int32)),
                  "scans": torch.equal(scans, x.cumsum(2, dtype=torch.int32)),
                  "twice": torch.equal(twice, 2 * x)}
        print(f"{programs:3} programs: " + ", ".join(f"{k} {'equal' if v else 'DIFFERENT'}"
                                                    for k, v in checks.items()))
        ok &= all(checks.values())
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
