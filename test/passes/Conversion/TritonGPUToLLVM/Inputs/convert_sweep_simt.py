"""Every distinct ttg.convert_layout (rank 1 to 3) that make_ttgir gives the
harness's and TorchInductor's TTIRs (compile_kernels.py's list, sm_90
kernels), lowered alone for TARGET (a tile loaded in the source layout,
converted, stored from the destination) and run on the CPU
(test/scripts/simt_sim.py): the tile must come back unchanged, without
races. Elements are moved as integers of
their width. Prints one line per failure, then the counts per instruction
used (stmatrix, ldmatrix, or plain accesses and shuffles).

With `room`, a freed buffer of the tensor's bytes comes before each
conversion, so that an NVIDIA target's conversion takes all its rounds at
once (Allocation.h).

Usage: convert_sweep_simt.py TRITON_OPT UTILS_DIR REPO_ROOT TARGET [room]
"""
import os
import re
import subprocess
import sys

OPT, UTILS, ROOT, TARGET = sys.argv[1:5]
ROOM = sys.argv[5:6] == ["room"]
sys.path.insert(0, UTILS)
sys.path.insert(0, os.path.join(ROOT, "utils", "bench", "tools"))
import compile_kernels  # noqa: E402
from simt_kernels import run_conversions  # noqa: E402

# Element types as the integers that move them (None: not swept).
AS_INT = {"f16": "i16", "bf16": "i16", "i16": "i16", "i8": "i8", "f32": "i32",
          "i32": "i32", "f8E4M3FN": "i8", "f8E5M2": "i8"}
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


run_conversions(OPT, [(name, shape, src, dst, ty, warps, seed)
                      for seed, ((shape, ty, src, dst, warps), name)
                      in enumerate(sorted(conversions().items()))], TARGET, ROOM)
