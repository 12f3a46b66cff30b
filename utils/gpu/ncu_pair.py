#!/usr/bin/env python3
"""Launches our compile and Triton's of one harness case alternately (ours,
Triton, ours, Triton, after one checked launch of each) for Nsight Compute,
which is on the GPU machine. Profile the second pair, e.g.:

  ncu --set full -k regex:KERNEL --launch-skip 2 --launch-count 2 -o OUT/NAME \\
      python3 utils/gpu/ncu_pair.py DIR NAME
  ncu --import OUT/NAME.ncu-rep --page details --csv      (metrics, ID 0 ours, 1 Triton)
  ncu --import OUT/NAME.ncu-rep --page source --csv --print-source sass   (stalls per SASS line)

Usage (on the GPU machine): ncu_pair.py DIR NAME   (DIR as for harness.py)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
name = sys.argv[2]
sys.argv = [sys.argv[0], sys.argv[1], name]  # harness.py reads DIR and the case from argv
import torch  # noqa: E402
import harness  # noqa: E402

case = next(c for c in harness.CASES if c.name == name)
_, ours = harness.check(case, "ours")
_, theirs = harness.check(case, "triton")
for run in (ours, theirs, ours, theirs):
    run()
torch.cuda.synchronize()
