"""Lowers Triton 3.6's own TTGIR files through our make_llir: every one must
give LLVM IR (no "not supported yet", no failure to legalize), at its own
target and warp count.

Usage: lower_ttgir.py TRITON_OPT TTGIR...
Prints "FAIL NAME: first error" per failure, then "N of M lowered".
"""
import os
import re
import subprocess
import sys

opt, files = sys.argv[1], sys.argv[2:]
lowered = 0
for path in files:
    text = open(path).read()
    warps = re.search(r'"ttg.num-warps" = (\d+)', text).group(1)
    target = re.search(r'ttg.target = "([^"]+)"', text).group(1)
    run = subprocess.run([opt, path, f"-triton-make-llir=target={target} num-warps={warps}",
                          "-o", os.devnull], capture_output=True, text=True)
    errors = [line for line in run.stderr.splitlines() if "error" in line]
    if run.returncode or errors:
        name = os.path.basename(path)
        print(f"FAIL {name}: {(errors or [run.stderr.strip()])[0][-200:]}")
    else:
        lowered += 1
print(f"{lowered} of {len(files)} lowered")
