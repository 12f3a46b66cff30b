"""Compiles every TTIR file an index.json names (hash -> file, num_warps,
num_stages, num_ctas, as utils/bench/inductor dumps TorchInductor's
kernels) through make_ttir, make_ttgir and make_llir for sm_90, to PTX, and
through ptxas when one is given: each must come out (no "not supported yet",
no failure to legalize, PTX that ptxas takes).

Usage: compile_ttir_index.py TRITON_OPT TRITON_TRANSLATE INDEX_JSON [PTXAS]
Prints "FAIL FILE: first error" per failure, then "N of M compiled".
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

opt, translate, index_path = sys.argv[1:4]
ptxas = sys.argv[4] if len(sys.argv) > 4 else None
folder = os.path.dirname(index_path)
index = json.load(open(index_path))


def compile_one(entry):
    """The first error compiling ENTRY, or None."""
    with tempfile.TemporaryDirectory() as tmp:
        llvm, ptx = os.path.join(tmp, "k.mlir"), os.path.join(tmp, "k.ptx")
        options = (f"target=cuda:90 num-warps={entry['num_warps']} "
                   f"num-stages={entry['num_stages']} num-ctas={entry['num_ctas']}")
        steps = [[opt, os.path.join(folder, entry["file"]), f"-triton-to-llvm={options}",
                  "-o", llvm],
                 [translate, "--mlir-to-ptx", "--arch=sm_90a", llvm, "-o", ptx]]
        if ptxas:
            steps.append([ptxas, "--gpu-name=sm_90a", ptx, "-o", os.path.join(tmp, "k.cubin")])
        for step in steps:
            run = subprocess.run(step, capture_output=True, text=True)
            errors = [line for line in run.stderr.splitlines() if "error" in line]
            if run.returncode or errors:
                return (errors or [run.stderr.strip() or f"exit {run.returncode}"])[0][-200:]
    return None


entries = sorted(index.values(), key=lambda e: e["file"])
with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
    results = list(pool.map(compile_one, entries))
for entry, error in zip(entries, results):
    if error:
        print(f"FAIL {entry['file']}: {error}")
print(f"{results.count(None)} of {len(entries)} compiled")
