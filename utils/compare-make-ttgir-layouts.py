#!/usr/bin/env python3
"""Measures, for corpus kernels, whether our make_ttgir gives the same layouts
as the reference .ttgir: the same set of #blocked/#linear definitions and no
layout conversion where the reference has none.

Usage: compare-make-ttgir-layouts.py TRITON_OPT CORPUS_DIR [KERNEL...]
Prints one line per kernel and "same layouts: N/M"; exits 1 if make_ttgir
fails on a kernel.
"""
import re
import subprocess
import sys

KERNELS = ["add_fp32", "add_fp16", "softmax", "blockptr", "misc", "math", "shape"]


def layouts(text):
    return sorted(re.findall(r"^#\w+ = (#ttg\.(?:blocked|linear)<.*>)$", text, re.M))


def main():
    opt, corpus = sys.argv[1], sys.argv[2]
    kernels = sys.argv[3:] or KERNELS
    same = 0
    for kernel in kernels:
        path = f"{corpus}/triton-3.6-sm90/{kernel}"
        ours = subprocess.run([opt, f"{path}.ttir", "-triton-make-ttgir=target=cuda:90 num-warps=4"],
                              capture_output=True, text=True)
        if ours.returncode != 0:
            print(f"FAILED  {kernel}: {ours.stderr.strip()[:300]}")
            return 1
        reference = open(f"{path}.ttgir").read()
        converts = ours.stdout.count("ttg.convert_layout")
        reference_converts = reference.count("ttg.convert_layout")
        match = layouts(ours.stdout) == layouts(reference) and converts == reference_converts
        same += match
        print(f"{'same' if match else 'differs':8} {kernel}: {converts} conversions "
              f"(reference {reference_converts})")
    print(f"same layouts: {same}/{len(kernels)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
