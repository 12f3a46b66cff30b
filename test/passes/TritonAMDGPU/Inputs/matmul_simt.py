"""What the AMD matmul SIMT scripts (stream_pipeline_simt.py,
pingpong_simt.py) share: lowering a matmul's TTGIR for the simulator,
running the kernel @mm(pa, pb, pc, K) in the interpreter, and the loop over
the cases."""
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


def run_cases(cases, name_of, run_case):
    """Runs run_case(*case) -> (ok, races) for each case, printing one line
    per case (PASS/FAIL and its name_of(*case)), then the count."""
    passed = 0
    for case in cases:
        name = name_of(*case)
        try:
            ok, races = run_case(*case)
        except Exception as e:  # noqa: BLE001 -- a lowering or simulation error fails the case
            ok, races = False, [str(e)]
        passed += ok
        print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": {races[:2]}"))
    print(f"{passed} of {len(cases)} cases match")


def tile_pointers(name, ptr, layout, M, N, t):
    """TTGIR of %<name>p, the pointers of a row-major M x N tile at %<ptr>,
    in `layout`."""
    s0 = f"#ttg.slice<{{dim = 1, parent = {layout}}}>"
    s1 = f"#ttg.slice<{{dim = 0, parent = {layout}}}>"
    return f"""    %{name}i = tt.make_range {{end = {M} : i32, start = 0 : i32}} : tensor<{M}xi32, {s0}>
    %{name}ie = tt.expand_dims %{name}i {{axis = 1 : i32}} : tensor<{M}xi32, {s0}> -> tensor<{M}x1xi32, {layout}>
    %{name}j = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32, {s1}>
    %{name}je = tt.expand_dims %{name}j {{axis = 0 : i32}} : tensor<{N}xi32, {s1}> -> tensor<1x{N}xi32, {layout}>
    %{name}n = arith.constant dense<{N}> : tensor<{M}x1xi32, {layout}>
    %{name}r = arith.muli %{name}ie, %{name}n : tensor<{M}x1xi32, {layout}>
    %{name}rb = tt.broadcast %{name}r : tensor<{M}x1xi32, {layout}> -> tensor<{M}x{N}xi32, {layout}>
    %{name}cb = tt.broadcast %{name}je : tensor<1x{N}xi32, {layout}> -> tensor<{M}x{N}xi32, {layout}>
    %{name}o = arith.addi %{name}rb, %{name}cb : tensor<{M}x{N}xi32, {layout}>
    %{name}s = tt.splat %{ptr} : !tt.ptr<{t}> -> tensor<{M}x{N}x!tt.ptr<{t}>, {layout}>
    %{name}p = tt.addptr %{name}s, %{name}o : tensor<{M}x{N}x!tt.ptr<{t}>, {layout}>, tensor<{M}x{N}xi32, {layout}>
"""
