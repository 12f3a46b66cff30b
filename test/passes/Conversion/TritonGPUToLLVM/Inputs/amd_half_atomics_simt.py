"""Runs f16 tt.atomic_rmw fadd kernels lowered for gfx942 on the CPU
(test/scripts/simt_sim.py: threads in lockstep, guarded blocks for the
lanes that issue atomics, global atomics one thread after another) and
compares memory and the old values with what the interpreter (triton-run)
computes. One element per thread (neighbouring lanes pair up by DPP) and two
(pairs within a thread); addresses adjacent (packed atomics), scattered
(scalar ones), or shared by four lanes (contention: memory only, since the
old values then depend on the order); masks cutting pairs in half. Prints
one line per case, then a count.

Usage: amd_half_atomics_simt.py TRITON_OPT TRITON_RUN SCRIPTS_DIR
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

OPT, RUN, SCRIPTS = sys.argv[1:4]
sys.path.insert(0, SCRIPTS)
import simt_sim  # noqa: E402

TMP = tempfile.mkdtemp()
N = 512  # elements of the tensor; memory holds N f16


def kernel(per_thread, addressing):
    """@k(p, v, o, n): o[i] = atomic_add(p + off(i), v[i]) where i < n."""
    off = {"adjacent": "%r",
           "scattered": "%sc",
           "shared": "%q4"}[addressing]
    return f"""
#b = #ttg.blocked<{{sizePerThread = [{per_thread}], threadsPerWarp = [64], warpsPerCTA = [{8 // per_thread}], order = [0]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {8 // per_thread} : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32}} {{
  tt.func public @k(%p: !tt.ptr<f16> {{tt.divisibility = 16 : i32}}, %v: !tt.ptr<f16> {{tt.divisibility = 16 : i32}}, %o: !tt.ptr<f16> {{tt.divisibility = 16 : i32}}, %n: i32) {{
    %r = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32, #b>
    %ns = tt.splat %n : i32 -> tensor<{N}xi32, #b>
    %m = arith.cmpi slt, %r, %ns : tensor<{N}xi32, #b>
    %c7 = arith.constant dense<7> : tensor<{N}xi32, #b>
    %cN = arith.constant dense<{N}> : tensor<{N}xi32, #b>
    %c4 = arith.constant dense<4> : tensor<{N}xi32, #b>
    %r7 = arith.muli %r, %c7 : tensor<{N}xi32, #b>
    %sc = arith.remsi %r7, %cN : tensor<{N}xi32, #b>
    %q4 = arith.divsi %r, %c4 : tensor<{N}xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<{N}x!tt.ptr<f16>, #b>
    %pq = tt.addptr %ps, {off} : tensor<{N}x!tt.ptr<f16>, #b>, tensor<{N}xi32, #b>
    %vs = tt.splat %v : !tt.ptr<f16> -> tensor<{N}x!tt.ptr<f16>, #b>
    %vq = tt.addptr %vs, %r : tensor<{N}x!tt.ptr<f16>, #b>, tensor<{N}xi32, #b>
    %val = tt.load %vq : tensor<{N}x!tt.ptr<f16>, #b>
    %old = tt.atomic_rmw fadd, relaxed, gpu, %pq, %val, %m : (tensor<{N}x!tt.ptr<f16>, #b>, tensor<{N}xf16, #b>, tensor<{N}xi1, #b>) -> tensor<{N}xf16, #b>
    %os = tt.splat %o : !tt.ptr<f16> -> tensor<{N}x!tt.ptr<f16>, #b>
    %oq = tt.addptr %os, %r : tensor<{N}x!tt.ptr<f16>, #b>, tensor<{N}xi32, #b>
    tt.store %oq, %old, %m : tensor<{N}x!tt.ptr<f16>, #b>
    tt.return
  }}
}}
"""


def lowered(path):
    r = subprocess.run([OPT, path, "-allocate-amdgpu-shared-memory",
                        "-convert-triton-amdgpu-to-llvm=gfx-arch=gfx942", "-canonicalize", "-cse",
                        "-reconcile-unrealized-casts", "--mlir-print-op-generic"],
                       capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[0])
    return r.stdout, int(re.search(r"ttg.shared = (\d+)", r.stdout).group(1))


def interpreted(path, arrays, n):
    args = []
    for name, array in arrays.items():
        src = os.path.join(TMP, f"in_{name}.npy")
        np.save(src, array)
        args += ["--arg", f"{name}=f16[{N}]:file({src})",
                 "--save", f"{name}={os.path.join(TMP, f'out_{name}.npy')}"]
    subprocess.run([RUN, path, "--grid", "1", *args, "--arg", f"n=i32:{n}"],
                   check=True, capture_output=True, text=True)
    return {name: np.load(os.path.join(TMP, f"out_{name}.npy")) for name in arrays}


def run_case(per_thread, addressing, n, seed):
    path = os.path.join(TMP, f"k_{per_thread}_{addressing}.mlir")
    open(path, "w").write(kernel(per_thread, addressing))
    text, shared = lowered(path)
    packed = "vector<2xf16>" in text
    rng = np.random.default_rng(seed)
    # Small integers: every sum is exact in f16, in any order.
    arrays = {"p": rng.integers(-8, 8, N).astype(np.float16),
              "v": rng.integers(-8, 8, N).astype(np.float16),
              "o": np.full(N, 99, dtype=np.float16)}
    outs, races = simt_sim.run(text, "k", [a.copy() for a in arrays.values()] + [n],
                               (8 // per_thread) * 64, shared, warp_size=64)
    want = interpreted(path, arrays, n)
    ok = np.array_equal(outs[0], want["p"]) and not races and packed
    if addressing != "shared":
        ok = ok and np.array_equal(outs[2], want["o"])
    return ok, races if races else ([] if packed else ["no packed atomic"])


cases = [(k, a, n) for k in (1, 2) for a in ("adjacent", "scattered", "shared")
         for n in (N, 301)]
passed = 0
for seed, (k, a, n) in enumerate(cases):
    name = f"{k} per thread, {a} addresses, n={n}"
    try:
        ok, why = run_case(k, a, n, seed)
    except Exception as e:  # noqa: BLE001 -- a lowering or simulation error fails the case
        ok, why = False, [str(e)]
    passed += ok
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": {why[:2]}"))
print(f"{passed} of {len(cases)} cases match")
