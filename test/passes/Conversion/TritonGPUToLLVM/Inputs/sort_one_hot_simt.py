"""Compiles Inductor's sort kernels (a bitonic network of tt.reduce sums of
one-hot products, test/Inputs/inductor/triton_per_fused_sort_0-*.ttir) for
sm_90 with make_ttir and make_ttgir, lowers them (the reductions become
selections, OneHotSum.h), runs program 0 on the CPU
(test/scripts/simt_sim.py) and compares each row's sorted values and their
original column indices with NumPy's stable sort. Prints one line per
kernel, PASS or FAIL, with the integer multiplies left in the lowering (the
masked products a sum would multiply are gone where it selects).

Usage: sort_one_hot_simt.py TRITON_OPT UTILS_DIR KERNEL.ttir ROWS [WARPS] [--amd]
(--amd: for gfx942, waves of 64 lanes, through the AMD lowering.)
"""
import re
import subprocess
import sys

import numpy as np

AMD = "--amd" in sys.argv
args = [a for a in sys.argv[1:] if a != "--amd"]
OPT, UTILS, TTIR, ROWS = args[0], args[1], args[2], int(args[3])
WARPS = int(args[4]) if len(args) > 4 else 2
TARGET = "hip:gfx942" if AMD else "cuda:90"
LANES = 64 if AMD else 32
sys.path.insert(0, UTILS)
import simt_sim  # noqa: E402

COLS = 128


def lower():
    ttgir = subprocess.run(
        [OPT, TTIR, f"-triton-make-ttir=target={TARGET}",
         f"-triton-make-ttgir=target={TARGET} num-warps={WARPS} num-stages=1"],
        capture_output=True, text=True, check=True).stdout
    llvm = subprocess.run(
        [OPT, "-convert-scf-to-cf"] +
        (["-allocate-shared-memory", "-convert-triton-amdgpu-to-llvm=arch=gfx942"]
         if AMD else ["-allocate-shared-memory", "-convert-triton-gpu-to-llvm"]) +
        ["-canonicalize", "-cse"] + ([] if AMD else ["-convert-nv-gpu-to-llvm"]) +
        ["-reconcile-unrealized-casts", "--mlir-print-op-generic"],
        input=ttgir, capture_output=True, text=True, check=True).stdout
    return llvm, int(re.search(r"ttg.shared = (\d+)", llvm).group(1))


text, shared = lower()
multiplies = len(re.findall(r'"llvm\.mul"', text))
rng = np.random.default_rng(ROWS)
# Distinct values (a permutation, scaled), so the order and the indices are
# unique; negative ones too, since the kernel compares them as floats.
x = (rng.permutation(ROWS * COLS).astype(np.float32) - ROWS * COLS / 2).reshape(ROWS, COLS) / 8
values = np.zeros((ROWS, COLS), np.float32)
indices = np.zeros((ROWS, COLS), np.int64)
outs, races = simt_sim.run(text, "triton_per_fused_sort_0",
                           [x, values, indices, ROWS, COLS], LANES * WARPS, shared,
                           warp_size=LANES)
order = np.argsort(x, axis=1, kind="stable")
want_values = np.take_along_axis(x, order, axis=1)
bad_values = int((outs[1] != want_values).sum())
bad_indices = int((outs[2] != order).sum())
ok = bad_values == 0 and bad_indices == 0 and not races
print(f"{'PASS' if ok else 'FAIL'} {ROWS}x{COLS}, {WARPS} warps{' (gfx942)' if AMD else ''}: {bad_values} values and "
      f"{bad_indices} indices wrong, {multiplies} integer multiplies left"
      + (f", races {races[:2]}" if races else ""))
