"""What the AMD matmul SIMT scripts (stream_pipeline_simt.py,
pingpong_simt.py) share: lowering a matmul's TTGIR for the simulator and
running the kernel @mm(pa, pb, pc, K) in the interpreter."""
import os
import re
import subprocess

import numpy as np


def lower_for_simulator(opt, ttgir, arch):
    """The LLVM dialect (generic form) of `ttgir` for `arch` and its LDS bytes."""
    r = subprocess.run([opt, "-", "-convert-scf-to-cf", "-allocate-shared-memory",
                        f"-convert-triton-amdgpu-to-llvm=gfx-arch={arch}", "-canonicalize", "-cse",
                        "-reconcile-unrealized-casts", "--mlir-print-op-generic"],
                       input=ttgir, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[0])
    return r.stdout, int(re.search(r"ttg.shared = (\d+)", r.stdout).group(1))


def interpret_mm(run, path, tmp, a, b, c_shape, K):
    """C of @mm(A, B, C filled with 7, K) in the interpreter (triton-run)."""
    files = {}
    for name, array in (("pa", a), ("pb", b)):
        files[name] = os.path.join(tmp, f"{name}.npy")
        np.save(files[name], array)
    out = os.path.join(tmp, "c.npy")
    subprocess.run([run, path, "--grid", "1",
                    "--arg", f"pa=f16[{a.shape[0]},{a.shape[1]}]:file({files['pa']})",
                    "--arg", f"pb=f16[{b.shape[0]},{b.shape[1]}]:file({files['pb']})",
                    "--arg", f"pc=f32[{c_shape[0]},{c_shape[1]}]:fill(7)",
                    "--arg", f"K=i32:{K}", "--save", f"pc={out}"],
                   check=True, capture_output=True, text=True)
    return np.load(out)
