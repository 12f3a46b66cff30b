#!/usr/bin/env python3
"""Samples the GPU's SM clock and power draw (nvidia-smi, every 0.2 s) while one
case runs back to back for four seconds, ours and then Triton's: tells
whether a kernel runs at the power cap, and at which clock.

Usage (on the GPU machine): power.py DIR CASE...   (DIR from `run.py prepare`)
"""
import argparse
import os
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from run import checked_runs  # noqa: E402


def sample(until, samples):
    while time.time() < until:
        out = subprocess.run(["nvidia-smi", "--query-gpu=clocks.sm,power.draw",
                              "--format=csv,noheader,nounits"], capture_output=True, text=True)
        samples.append([float(x) for x in out.stdout.strip().split(",")])
        time.sleep(0.2)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir")
    p.add_argument("cases", nargs="+")
    args = p.parse_args()
    import torch
    for name in args.cases:
        for which, run in zip(("ours", "triton"), checked_runs(args.dir, name)):
            samples, until, launches = [], time.time() + 4, 0
            sampler = threading.Thread(target=sample, args=(until, samples))
            sampler.start()
            while time.time() < until:
                run()
                launches += 1
                if launches % 20 == 0:
                    torch.cuda.synchronize()
            torch.cuda.synchronize()
            sampler.join()
            late = samples[len(samples) // 2:]  # after the clock has settled
            print(f"{name:24} {which:7} launches {launches:6}  "
                  f"SM {sum(s[0] for s in late) / len(late):5.0f} MHz"
                  f"  {sum(s[1] for s in late) / len(late):4.0f} W")


if __name__ == "__main__":
    main()
