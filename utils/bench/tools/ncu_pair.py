#!/usr/bin/env python3
"""Launches our compile and Triton's of one case alternately (ours, Triton,
ours, Triton, after one checked launch of each) for Nsight Compute, which is
on the GPU machine. Profile the second pair, e.g.:

  ncu --set full -k regex:KERNEL --launch-skip 2 --launch-count 2 -o OUT/NAME \\
      python3 utils/bench/tools/ncu_pair.py DIR NAME
  ncu --import OUT/NAME.ncu-rep --page details --csv      (metrics, ID 0 ours, 1 Triton)
  ncu --import OUT/NAME.ncu-rep --page source --csv --print-source sass   (stalls per SASS line)

Usage (on the GPU machine): ncu_pair.py DIR NAME   (DIR from `run.py prepare`)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from run import checked_runs  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir")
    p.add_argument("name")
    args = p.parse_args()
    import torch
    ours, theirs = checked_runs(args.dir, args.name)
    for run in (ours, theirs, ours, theirs):
        run()
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
