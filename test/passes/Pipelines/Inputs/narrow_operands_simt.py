"""make_ttgir's staged MN-major 8-bit operands on the CPU: the pipelined,
transposing kernels of narrow-operand-matmuls.ttir (int8, e4m3, e5m2; B row-major, A
column-major; K of 4 and 1 iterations) lowered (NVIDIA, sm_90 by default)
and run by test/scripts/simt_sim.py (every thread in lockstep, wgmma from the
PTX ISA's descriptors, mma.sync and ldmatrix from its fragments, shared-memory
races reported), compared exactly with NumPy. Prints one line per case, then
a count.

Usage: narrow_operands_simt.py TRITON_OPT SCRIPTS_DIR INPUT [WARPS [TARGET]]
(WARPS: 4, one warpgroup, by default; 8 splits N over two warpgroups, which
then share the K-major slots. TARGET: cuda:90 by default; cuda:80 takes
the mma.sync path, int8 cases only.)
"""
import re
import subprocess
import sys

import numpy as np

OPT, SCRIPTS, INPUT = sys.argv[1:4]
WARPS = int(sys.argv[4]) if len(sys.argv) > 4 else 4
TARGET = sys.argv[5] if len(sys.argv) > 5 else "cuda:90"
CAPABILITY = int(TARGET.split(":")[1])
sys.path.insert(0, SCRIPTS)
import simt_sim  # noqa: E402


def lowered(kernel):
    ttgir = subprocess.run([OPT, INPUT, f"-triton-make-ttgir=target={TARGET} num-warps={WARPS} num-stages=3"],
                           capture_output=True, text=True, check=True).stdout
    if "#linear" not in ttgir or "ttg.async_copy_global_to_local" not in ttgir:
        raise RuntimeError("no staged, pipelined operand")
    r = subprocess.run([OPT, "-", "-triton-combine-tensor-select-and-if" if False else "-canonicalize",
                        "-convert-scf-to-cf", "-allocate-shared-memory",
                        f"-convert-triton-gpu-to-llvm=compute-capability={CAPABILITY}", "-canonicalize", "-cse",
                        "-convert-nv-gpu-to-llvm", "-reconcile-unrealized-casts",
                        "--mlir-print-op-generic"], input=ttgir, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[0])
    return r.stdout, int(re.search(r"ttg.shared = (\d+)", r.stdout).group(1))


def fp8_codes(kind):
    """Codes of the integers -4..4 in an fp8 format (exact, and so are the f32 sums)."""
    values = simt_sim.decode_elements(np.arange(256), kind)
    return {v: int(np.flatnonzero(values == v)[0]) for v in range(-4, 5)}


def operands(kind, K, rng):
    if kind == "s8":
        a = rng.integers(-128, 128, (64, K))
        b = rng.integers(-128, 128, (K, 64))
        return a, b, a.astype(np.int8), b.astype(np.int8)
    codes = fp8_codes(kind)
    a = rng.integers(-4, 5, (64, K))
    b = rng.integers(-4, 5, (K, 64))
    enc = np.vectorize(lambda v: codes[v])
    return a, b, enc(a).astype(np.uint8).view(np.int8), enc(b).astype(np.uint8).view(np.int8)


def run_case(kernel, kind, a_colmajor, b_rowmajor, K):
    text, shared = lowered(kernel)
    rng = np.random.default_rng(K)
    a, b, a_bits, b_bits = operands(kind, K, rng)
    a_mem = np.ascontiguousarray(a_bits.T if a_colmajor else a_bits).reshape(-1)
    b_mem = np.ascontiguousarray(b_bits if b_rowmajor else b_bits.T).reshape(-1)
    out = np.int32 if kind == "s8" else np.float32
    c = np.full(64 * 64, 7, dtype=out)
    outs, races = simt_sim.run(text, kernel, [a_mem, b_mem, c, K], 32 * WARPS, shared)
    want = (a.astype(np.int64) @ b.astype(np.int64)).astype(out).reshape(-1)
    return np.array_equal(outs[2], want) and not races, races


cases = [(k, kind, ac, br, K) for (k, kind, ac, br) in (
    ("i8_b_rowmajor", "s8", False, True), ("i8_a_colmajor", "s8", True, False),
    ("e4m3_b_rowmajor", "e4m3", False, True), ("e5m2_a_colmajor_b_rowmajor", "e5m2", True, True))
    for K in (256, 64)
    # 8-bit floats on mma.sync need sm_89.
    if kind == "s8" or CAPABILITY >= 89]
passed = 0
for kernel, kind, ac, br, K in cases:
    try:
        ok, races = run_case(kernel, kind, ac, br, K)
    except Exception as e:  # noqa: BLE001 -- a lowering or simulation error fails the case
        ok, races = False, [str(e)]
    passed += ok
    print(("PASS " if ok else "FAIL ") + f"{kernel} K={K}" + ("" if ok else f": {races[:2]}"))
print(f"{passed} of {len(cases)} cases match")
