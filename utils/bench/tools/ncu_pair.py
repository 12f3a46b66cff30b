#!/usr/bin/env python3
"""Launches our compile of one case and Triton's (or the case's vendor ops)
alternately for Nsight Compute, which is on the GPU machine: one checked
launch of each first, then two of each inside a cudaProfilerStart/Stop window,
so `--profile-from-start off` profiles those alone, e.g.:

  ncu --profile-from-start off --clock-control none --set full -o OUT/NAME \\
      python3 utils/bench/tools/ncu_pair.py DIR NAME [--vendor]
  ncu --import OUT/NAME.ncu-rep --page details --csv      (metrics, ID 0 ours, 1 the other)
  ncu --import OUT/NAME.ncu-rep --page source --csv --print-source sass   (stalls per SASS line)

NAME may be a configuration of a case, `<case>@<label>`, or a variant of our
compile, `<member>@<suffix>` (DIR/<member>@<suffix>.cubin, tools/ttgir_variants.py);
several NAMEs share one process (and one report, in their order). With --ours
only our side of each NAME runs: `attn_tf32 attn_tf32@ahead --ours` profiles a
variant beside the default compile. With --vendor the other
side is each of the case's vendor ops (torch.matmul, SDPA backends) on the
same inputs; a vendor op may launch more than one kernel.

Usage (on the GPU machine): ncu_pair.py DIR NAME... [--vendor | --ours] [--once]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from run import checked_runs  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir")
    p.add_argument("names", nargs="+", metavar="name")
    p.add_argument("--vendor", action="store_true", help="against the case's vendor ops")
    p.add_argument("--ours", action="store_true", help="our compile alone (variants)")
    p.add_argument("--once", action="store_true", help="one launch of each in the window")
    args = p.parse_args()
    import torch
    runs = [run for name in args.names for run in checked_runs(args.dir, name, vendor=args.vendor,
                                                 ours_only=args.ours)]
    for run in runs:  # warm: module loads, handles, autotuning of the vendor library
        run()
    torch.cuda.synchronize()
    torch.cuda.profiler.start()
    for _ in range(1 if args.once else 2):
        for run in runs:
            run()
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()


if __name__ == "__main__":
    main()
