"""make_ttgir's swapped 8-bit products on the CPU: the kernels of
narrow-operand-swap.ttir (B row-major; int8, e4m3 with an f16 output, e5m2),
which make_ttgir on sm_90 with -tritongpu-swap-narrow-operands computes as
C^T = B^T A^T with B^T's fragments
loaded from the staging buffer into registers, lowered to LLVM and run by
test/scripts/simt_sim.py (threads in lockstep, wgmma with A from registers,
cp.async, shared-memory races reported), compared exactly with NumPy (the
fp8 operands are small integers, exact in f32 and f16). Prints one line per
case, then a count.

Usage: narrow_swap_simt.py TRITON_OPT SCRIPTS_DIR INPUT
"""
import re
import subprocess
import sys

import numpy as np

OPT, SCRIPTS, INPUT = sys.argv[1:4]
sys.path.insert(0, SCRIPTS)
import simt_sim  # noqa: E402


def lowered(warps):
    ttgir = subprocess.run([OPT, INPUT, "-tritongpu-swap-narrow-operands",
                            f"-triton-make-ttgir=target=cuda:90 num-warps={warps} num-stages=3"],
                           capture_output=True, text=True, check=True).stdout
    return ttgir, subprocess.run(
        [OPT, "-", "-canonicalize", "-convert-scf-to-cf", "-allocate-shared-memory",
         "-convert-triton-gpu-to-llvm=compute-capability=90", "-canonicalize", "-cse",
         "-convert-nv-gpu-to-llvm", "-reconcile-unrealized-casts", "--mlir-print-op-generic"],
        input=ttgir, capture_output=True, text=True)


def function(text, kernel):
    """The text of one function of a module (up to the next one)."""
    start = text.index(f"@{kernel}(")
    following = text.find("tt.func", start)
    return text[start:following if following >= 0 else len(text)]


def operands(kind, m, n, k, rng):
    if kind == "s8":
        a = rng.integers(-128, 128, (m, k))
        b = rng.integers(-128, 128, (k, n))
        return a, b, a.astype(np.int8), b.astype(np.int8)
    values = simt_sim.decode_elements(np.arange(256), kind)
    codes = {v: int(np.flatnonzero(values == v)[0]) for v in range(-2, 3)}
    a = rng.integers(-2, 3, (m, k))
    b = rng.integers(-2, 3, (k, n))
    enc = np.vectorize(lambda v: codes[v])
    return a, b, enc(a).astype(np.uint8).view(np.int8), enc(b).astype(np.uint8).view(np.int8)


# kernel, element kind, output type, warps, M, N, K values.
CASES = [("i8_swap", "s8", np.int32, 4, 64, 128, (128, 64)),
         ("e4m3_swap_f16", "e4m3", np.float16, 4, 64, 128, (128,)),
         ("e5m2_swap", "e5m2", np.float32, 4, 64, 128, (64,)),
         ("i8_swap_wide", "s8", np.int32, 8, 128, 256, (256,))]
lowerings = {}
passed = total = 0
for kernel, kind, out, warps, m, n, ks in CASES:
    if warps not in lowerings:
        lowerings[warps] = lowered(warps)
    ttgir, llvm = lowerings[warps]
    for k in ks:
        total += 1
        try:
            body = function(ttgir, kernel)
            if not re.search(r"ttng\.warp_group_dot .*: tensor<%dx\d+x\w+, " % n, body):
                raise RuntimeError("the product was not swapped")
            if llvm.returncode:
                raise RuntimeError(llvm.stderr.strip().splitlines()[0])
            shared = int(re.search(r"ttg.shared = (\d+)", llvm.stdout).group(1))
            rng = np.random.default_rng(k + m)
            a, b, a_bits, b_bits = operands(kind, m, n, k, rng)
            c = np.full(m * n, 7, dtype=out)
            outs, races = simt_sim.run(llvm.stdout, kernel, [a_bits.reshape(-1), b_bits.reshape(-1), c, k],
                                       32 * warps, shared)
            want = (a.astype(np.int64) @ b.astype(np.int64)).astype(out).reshape(-1)
            ok = np.array_equal(outs[2], want) and not races
            why = races[:2] if races else f"{int(np.sum(outs[2] != want))} of {m * n} differ"
        except Exception as e:  # noqa: BLE001 -- a lowering or simulation error fails the case
            ok, why = False, str(e)
        passed += ok
        print(("PASS " if ok else "FAIL ") + f"{kernel} K={k}" + ("" if ok else f": {why}"))
print(f"{passed} of {total} cases match")
