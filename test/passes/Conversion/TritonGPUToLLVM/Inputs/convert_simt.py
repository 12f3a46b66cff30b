"""Lowers ttg.convert_layout kernels that stay within warps (shuffles, no
shared memory) and runs them on the CPU (test/scripts/simt_sim.py): a tile loaded
in one layout, converted, stored from the other must come back unchanged.
8- and 16-bit elements that both layouts hold together in a thread move as
one 32-bit word per shuffle. Prints one line per case, PASS or FAIL with the
shuffle count, then a count.

Usage: convert_simt.py TRITON_OPT UTILS_DIR
"""
import sys

import numpy as np

OPT = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import simt_sim  # noqa: E402
from simt_kernels import HEADER, linear, lower, offsets, run_shuffle_cases  # noqa: E402

NP = {"i8": np.int8, "i16": np.int16, "f16": np.float16, "i32": np.int32}


def kernel(m, n, src, dst, ty, warps):
    t = lambda L, e=ty: f"tensor<{m}x{n}x{e}, {L}>"
    p = lambda L: f"tensor<{m}x{n}x!tt.ptr<{ty}>, {L}>"
    body = offsets(src, m, n, "a") + offsets(dst, m, n, "b") + f"""    %ap = tt.splat %x : !tt.ptr<{ty}> -> {p(src)}
    %aq = tt.addptr %ap, %a : {p(src)}, {t(src, 'i32')}
    %v = tt.load %aq : {p(src)}
    %w = ttg.convert_layout %v : {t(src)} -> {t(dst)}
    %bp = tt.splat %y : !tt.ptr<{ty}> -> {p(dst)}
    %bq = tt.addptr %bp, %b : {p(dst)}, {t(dst, 'i32')}
    tt.store %bq, %w : {p(dst)}
"""
    return (HEADER % warps + f"  tt.func public @k(%x: !tt.ptr<{ty}>, %y: !tt.ptr<{ty}>) {{\n" +
            body + "    tt.return\n  }\n}\n")


def check(m, n, src, dst, ty, warps, route, seed):
    text, shared = lower(OPT, kernel(m, n, src, dst, ty, warps), "-convert-triton-gpu-to-llvm")
    rng = np.random.default_rng(seed)
    data = rng.integers(-100, 100, (m, n)).astype(NP[ty])
    outs, races = simt_sim.run(text, "k", [data, np.zeros((m, n), NP[ty])], 32 * warps, shared)
    shuffles = text.count('"nvvm.shfl.sync"')
    problems = list(races)
    if not np.array_equal(outs[1], data):
        problems.insert(0, f"wrong values at {int((outs[1] != data).sum())} of {m * n}")
    through_shared = bool(shared) or '"nvvm.barrier0"' in text
    if route == "shuffles" and through_shared:
        problems.append(f"went through shared memory ({shared} bytes)")
    if route != "shuffles" and (not through_shared and not shared or shuffles):
        problems.append(f"stayed in registers ({shuffles} shuffles)")
    # "rounds N": the scratch holds 1/N of the tile, which goes through it
    # in N rounds, a program barrier after each round's stores and loads.
    if route.startswith("rounds"):
        rounds = int(route.split()[1])
        whole = m * n * np.dtype(NP[ty]).itemsize
        barriers = text.count('"nvvm.barrier0"')
        if shared != whole // rounds or barriers != 2 * rounds - 1:
            problems.append(f"{shared} of {whole} bytes, {barriers} barriers: "
                            f"not {rounds} rounds")
    return problems, shuffles


MMA8 = ("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
        "instrShape = [16, 64, 32]}>")
A8 = f"#ttg.dot_op<{{opIdx = 0, parent = {MMA8}, kWidth = 4}}>"
WARPS = [[4, 0], [8, 0]]
# Four consecutive elements of a row in each thread on both sides, the lanes
# and other registers spread otherwise.
ROWS4 = linear([[0, 1], [0, 2], [0, 16], [0, 32]], [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
               [[8, 0], [16, 0]])
ROWS4_DST = linear([[0, 1], [0, 2], [1, 0], [2, 0]], [[0, 4], [0, 8], [0, 16], [0, 32], [4, 0]],
                   [[8, 0], [16, 0]])
CASES = [
    # (name, M, N, source, destination, element, warps, route)
    # fp8 attention's P, rounded to e4m3 in the accumulator's layout, to
    # wgmma's register A: four bytes per shuffle.
    ("8-bit wgmma accumulator to operand A, kWidth 4", 128, 64, MMA8, A8, "i8", 4, "shuffles"),
    ("the same back", 128, 64, A8, MMA8, "i8", 4, "shuffles"),
    # Permutations whose registers go to two or more runs of lanes would
    # take a select per run and register on each side: they go through
    # shared memory (each warp reads only its own writes, so a warp barrier
    # orders them), as in Triton 3.6.
    ("8-bit, four bytes of a row together, through shared memory", 32, 64, ROWS4, ROWS4_DST,
     "i8", 4, "shared"),
    ("16-bit, pairs together", 16, 64,
     linear([[0, 1], [0, 16], [0, 32]], [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], WARPS),
     linear([[0, 1], [1, 0], [0, 32]], [[0, 2], [0, 4], [0, 8], [0, 16], [2, 0]], WARPS),
     "f16", 4, "shuffles"),
    ("8-bit, pairs together, through shared memory", 16, 64,
     linear([[0, 1], [0, 16], [0, 32]], [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], WARPS),
     linear([[0, 1], [1, 0], [0, 2]], [[0, 32], [0, 4], [0, 8], [0, 16], [2, 0]], WARPS),
     "i8", 4, "shared"),
    ("8-bit, no common register, through shared memory", 16, 64,
     linear([[0, 1], [0, 16], [0, 32]], [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], WARPS),
     linear([[1, 0], [0, 2], [0, 4]], [[0, 1], [0, 8], [0, 16], [0, 32], [2, 0]], WARPS),
     "i8", 4, "shared"),
    ("32-bit elements, through shared memory", 32, 64, ROWS4, ROWS4_DST, "i32", 4, "shared"),
    # Across warps: bytes transposed through the swizzled scratch, words of
    # one side's registers on each side, a program barrier.
    ("8-bit transpose across warps, through shared memory", 64, 64,
     "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>",
     "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>",
     "i8", 4, "shared"),
    # Columns 32, 64 and 128 in registers on both sides: 32 and 64 are the
    # 16-byte vector, 128 lies above the swizzled tile: two rounds through
    # half the tile's bytes (Triton 3.6's allocation), barriers between.
    ("32-bit in two rounds, through shared memory", 64, 256,
     "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "i32", 4, "rounds 2"),
    # One register sent to a lane (one run): shuffles, one per register.
    ("32-bit, one register to a lane", 16, 16,
     linear([[0, 1], [0, 2], [8, 0]], [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], []),
     linear([[0, 1], [0, 2], [0, 8]], [[0, 4], [1, 0], [2, 0], [4, 0], [8, 0]], []),
     "i32", 1, "shuffles"),
]

run_shuffle_cases(CASES, check)
