#!/usr/bin/env python3
"""Samples the GPU's SM clock and power draw (nvidia-smi, every 0.2 s) while one
harness case runs back to back for four seconds, ours and then Triton's: tells
whether a kernel runs at the power cap, and at which clock.

Usage (on the GPU machine): power.py DIR CASE...   (DIR from utils/gpu/prepare.sh)
"""
import os
import subprocess
import sys
import threading
import time

names = sys.argv[2:]
sys.argv = sys.argv[:2]  # harness.py reads DIR from argv
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import torch  # noqa: E402


def sample(until, samples):
    while time.time() < until:
        out = subprocess.run(["nvidia-smi", "--query-gpu=clocks.sm,power.draw",
                              "--format=csv,noheader,nounits"], capture_output=True, text=True)
        samples.append([float(x) for x in out.stdout.strip().split(",")])
        time.sleep(0.2)


for name in names:
    case = next(c for c in harness.CASES if c.name == name)
    for which in ("ours", "triton"):
        _, run = harness.check(case, which)
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
        print(f"{name:24} {which:7} launches {launches:6}  SM {sum(s[0] for s in late) / len(late):5.0f} MHz"
              f"  {sum(s[1] for s in late) / len(late):4.0f} W")
