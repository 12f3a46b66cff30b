"""Dots on tensors smaller than their MFMA instruction's tile (a 16 x 16
result under a 32 x 32 instruction: the layout holds the tile wrapped, lanes
past the shape repeat others), end to end: C = A B + C with the operands
loaded in a blocked layout, converted to the MFMA operand and accumulator
layouts, -convert-triton-amdgpu-to-llvm, then run on the CPU
(test/scripts/simt_sim.py, its MFMA model from the CDNA3 ISA). C must equal
NumPy's A B + C exactly (small integers). Prints one line per case, then a
count.

Usage: small_tile_mfma_simt.py TRITON_OPT SCRIPTS_DIR
"""
import os
import re
import sys

import numpy as np

OPT, SCRIPTS = sys.argv[1:3]
sys.path.insert(0, SCRIPTS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simt_sim  # noqa: E402
from matmul_simt import lower_for_simulator, run_cases, tile_pointers  # noqa: E402

BL = ("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], "
      "warpsPerCTA = [4, 1], order = [1, 0]}>")


def pointers(name, ptr, M, N, t):
    """The tile loaded in #bl: its pointers (tile_pointers), then the load."""
    return tile_pointers(name, ptr, "#bl", M, N, t) + (
        f"    %{name} = tt.load %{name}p : tensor<{M}x{N}x!tt.ptr<{t}>, #bl>\n")


def kernel(M, N, K, version, transposed, arch):
    mma = (f"#ttg.amd_mfma<{{version = {version}, warpsPerCTA = [2, 2], instrShape = "
           f"[32, 32, 8], isTransposed = {'true' if transposed else 'false'}}}>")
    da = f"tensor<{M}x{K}xf16, #ttg.dot_op<{{opIdx = 0, parent = #mma, kWidth = 4}}>>"
    db = f"tensor<{K}x{N}xf16, #ttg.dot_op<{{opIdx = 1, parent = #mma, kWidth = 4}}>>"
    text = (f"#bl = {BL}\n#mma = {mma}\n"
            f'module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, '
            f'ttg.target = "hip:{arch}", "ttg.threads-per-warp" = 64 : i32}} {{\n'
            f"  tt.func public @mm(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %pc: !tt.ptr<f32>) {{\n")
    text += pointers("a", "pa", M, K, "f16") + pointers("b", "pb", K, N, "f16")
    text += pointers("c", "pc", M, N, "f32")
    text += f"""    %ad = ttg.convert_layout %a : tensor<{M}x{K}xf16, #bl> -> {da}
    %bd = ttg.convert_layout %b : tensor<{K}x{N}xf16, #bl> -> {db}
    %cm = ttg.convert_layout %c : tensor<{M}x{N}xf32, #bl> -> tensor<{M}x{N}xf32, #mma>
    %d = tt.dot %ad, %bd, %cm : {da} * {db} -> tensor<{M}x{N}xf32, #mma>
    %db2 = ttg.convert_layout %d : tensor<{M}x{N}xf32, #mma> -> tensor<{M}x{N}xf32, #bl>
    tt.store %cp, %db2 : tensor<{M}x{N}x!tt.ptr<f32>, #bl>
    tt.return
  }}
}}
"""
    return text


def run_case(M, N, K, version, transposed, arch):
    text, shared = lower_for_simulator(OPT, kernel(M, N, K, version, transposed, arch), arch)
    if '"rocdl.mfma.f32.32x32x8f16"' not in text:
        raise RuntimeError("no 32x32x8 MFMA in the lowering")
    rng = np.random.default_rng(M * 7 + N * 5 + K)
    a = rng.integers(-4, 5, (M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    c = rng.integers(-50, 51, (M, N)).astype(np.float32)
    want = a.astype(np.float32) @ b.astype(np.float32) + c
    outs, races = simt_sim.run(text, "mm", [a, b, c.copy()], 256, shared, warp_size=64)
    got = np.asarray(outs[2])
    return np.array_equal(got, want) and not races, races or [
        f"{int(np.sum(got != want))} of {got.size} differ"]


# (M, N, K, MFMA version, transposed, arch)
CASES = [
    (16, 16, 16, 3, False, "gfx942"),   # Triton 3.6's small_mfma_tensor_conversions shape
    (16, 16, 16, 3, True, "gfx942"),
    (16, 16, 16, 2, True, "gfx942"),    # a gfx90a-version layout on gfx942
    (16, 64, 32, 2, False, "gfx90a"),   # M alone smaller than the tile
    (64, 16, 16, 2, True, "gfx90a"),    # N alone
]

run_cases(CASES, lambda M, N, K, v, t, arch: (
    f"{M}x{N}x{K} mfma v{v} {'transposed' if t else 'plain'} {arch}"), run_case)
