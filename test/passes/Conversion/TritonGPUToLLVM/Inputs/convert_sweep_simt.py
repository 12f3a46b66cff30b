"""Every distinct ttg.convert_layout (rank 1 to 3) that make_ttgir gives the
harness's and TorchInductor's TTIRs (compile_kernels.py's list, sm_90
kernels), lowered alone for TARGET (a tile loaded in the source layout,
converted, stored from the destination) and run on the CPU
(test/scripts/simt_sim.py): the tile must come back unchanged, without
races. Elements are moved as integers of
their width. Prints one line per failure, then the counts per instruction
used (stmatrix, ldmatrix, or plain accesses and shuffles).

Usage: convert_sweep_simt.py TRITON_OPT UTILS_DIR REPO_ROOT TARGET
"""
import collections
import os
import re
import subprocess
import sys

import numpy as np

OPT, UTILS, ROOT, TARGET = sys.argv[1:5]
sys.path.insert(0, UTILS)
sys.path.insert(0, os.path.join(ROOT, "utils", "bench", "tools"))
import simt_sim  # noqa: E402
import compile_kernels  # noqa: E402
from simt_kernels import convert_kernel, lower  # noqa: E402

# Element types as the integers that move them (None: not swept).
AS_INT = {"f16": "i16", "bf16": "i16", "i16": "i16", "i8": "i8", "f32": "i32",
          "i32": "i32", "f8E4M3FN": "i8", "f8E5M2": "i8"}
NP = {"i8": np.int8, "i16": np.int16, "i32": np.int32}
CONVERT = re.compile(r"ttg\.convert_layout %[^:]+: tensor<((?:\d+x){1,3})(\w+), (.*)> -> "
                     r"tensor<(?:\d+x){1,3}\w+, (.*)>$")


def conversions():
    """(shape, integer type, source, destination, warps) -> a kernel with it."""
    found = {}
    kernels = [k for k in compile_kernels.harness_kernels() + compile_kernels.inductor_kernels()
               if k["target"] == "cuda:90" and k["stage"] == "ttir"]
    for k in kernels:
        ttgir = (f"-triton-make-ttgir=num-warps={k['warps']} num-stages={k['stages']} "
                 f"num-ctas={k['ctas']} target=cuda:90")
        r = subprocess.run([OPT, k["path"], "-triton-make-ttir", ttgir,
                            "-mlir-print-local-scope"], capture_output=True, text=True)
        for line in r.stdout.splitlines():
            m = CONVERT.search(line.split(" loc(")[0].strip())
            if m and m.group(2) in AS_INT:
                shape = tuple(int(d) for d in m.group(1).rstrip("x").split("x"))
                key = (shape, AS_INT[m.group(2)], m.group(3), m.group(4), k["warps"])
                found.setdefault(key, k["name"])
    return found


def main():
    counts = collections.Counter()
    failures = 0
    cases = conversions()
    for i, ((shape, ty, src, dst, warps), name) in enumerate(sorted(cases.items())):
        where = f"{name}: {'x'.join(map(str, shape))}x{ty} {src} -> {dst}"
        try:
            text, shared = lower(OPT, convert_kernel(list(shape), src, dst, ty, warps, TARGET),
                                 "-convert-triton-gpu-to-llvm", name=f"sweep{i}")
            data = np.random.default_rng(i).integers(-100, 100, shape).astype(NP[ty])
            outs, races = simt_sim.run(text, "k", [data, np.zeros(shape, NP[ty])],
                                       32 * warps, shared)
        except Exception as e:  # a lowering or simulation error is a failure
            failures += 1
            print(f"FAIL {where}: {type(e).__name__}: {str(e)[:200]}")
            continue
        if not np.array_equal(outs[1], data) or races:
            failures += 1
            wrong = int((outs[1] != data).sum())
            print(f"FAIL {where}: {wrong} of {data.size} wrong, {len(races)} races")
            continue
        used = sorted(set(re.findall(r'"nvvm\.(stmatrix|ldmatrix)"', text)))
        counts[" and ".join(used) or "plain"] += 1
    for kind, count in sorted(counts.items()):
        print(f"{kind}: {count}")
    print(f"{len(cases) - failures} of {len(cases)} conversions come back unchanged")


main()
