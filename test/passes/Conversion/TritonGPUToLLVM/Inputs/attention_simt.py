"""Compiles the flash-attention kernel (Triton 3.6's TTIR of
the benchmark suite's attention_fwd (utils/bench/kernels)) with make_ttgir for sm_90 at 1 and 3
stages and 4, 8 and 16 warps (wgmma, the second dot's A in registers, cp.async pipelining), lowers
it (scf to cf, shared-memory allocation, the NVIDIA lowering), runs program 0
on the CPU (test/scripts/simt_sim.py, every thread in lockstep, loops through uniform
branches) over several key blocks, and compares its 128 output rows with
NumPy. Prints one line per case, PASS or FAIL.

Usage: attention_simt.py TRITON_OPT UTILS_DIR KERNEL.ttir
"""
import re
import subprocess
import sys

import numpy as np

OPT, UTILS, TTIR = sys.argv[1:4]
sys.path.insert(0, UTILS)
import simt_sim  # noqa: E402

D = 64


def lower(stages, warps):
    ttgir = subprocess.run([OPT, TTIR, f"-triton-make-ttgir=target=cuda:90 num-warps={warps} "
                            f"num-stages={stages}"],
                           capture_output=True, text=True, check=True).stdout
    llvm = subprocess.run([OPT, "-convert-scf-to-cf", "-allocate-shared-memory",
                           "-convert-triton-gpu-to-llvm", "-canonicalize", "-cse",
                           "-convert-nv-gpu-to-llvm", "-reconcile-unrealized-casts", "--mlir-print-op-generic"],
                          input=ttgir, capture_output=True, text=True, check=True).stdout
    return llvm, int(re.search(r"ttg.shared = (\d+)", llvm).group(1))


def run(stages, seq, warps=4):
    text, shared = lower(stages, warps)
    rng = np.random.default_rng(seq)
    rows = max(seq, 128)
    q, k, v = (rng.standard_normal((rows, D)).astype(np.float16) for _ in range(3))
    o = np.full((rows, D), np.nan, np.float16)
    outs, races = simt_sim.run(text, "attention_fwd", [q, k, v, o, 0.125, seq, rows * D, D],
                               32 * warps, shared)
    s = (q[:128].astype(np.float64) @ k[:seq].astype(np.float64).T) * 0.125
    p = np.exp(s - s.max(1, keepdims=True))
    want = (p / p.sum(1, keepdims=True)) @ v[:seq].astype(np.float64)
    live = min(seq, 128)
    got = outs[3][:live].astype(np.float64)
    err = np.abs(got - want[:live]).max()
    ok = np.isfinite(got).all() and err < 2e-3 and not races
    print(f"{'PASS' if ok else 'FAIL'} {warps} warps, {stages} stages, {seq // 64} key blocks: "
          f"max error {err:.1e}"
          + (f", races {races[:2]}" if races else ""))


for stages, seq in ((1, 192), (3, 64), (3, 192), (3, 320)):
    run(stages, seq)
# 8 warps: two warpgroups along M. 16 warps: also two along N, so each reads
# half of V's 128-byte swizzled rows (its descriptors start 64 bytes in).
run(3, 192, 8)
run(3, 192, 16)
