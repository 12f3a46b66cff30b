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
from simt_kernels import (convert_kernel, linear, lower, run_shuffle_cases,  # noqa: E402
                          with_room)

NP = {"i8": np.int8, "i16": np.int16, "f16": np.float16, "i32": np.int32}


def check(m, n, src, dst, ty, warps, route, seed):
    kernel = convert_kernel([m, n], src, dst, ty, warps)
    # "tiles T of N": N rounds, T at a time, in the room a freed buffer of T
    # rounds' bytes leaves.
    tiles = None
    if route.startswith("tiles"):
        words = route.partition(":")[0].split()
        tiles, rounds = int(words[1]), int(words[3])
        whole = m * n * np.dtype(NP[ty]).itemsize
        kernel = with_room(kernel, whole // rounds * tiles)
    text, shared = lower(OPT, kernel, "-convert-triton-gpu-to-llvm")
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
    # "ROUTE: STORE, LOAD": the instructions each side uses (st.shared,
    # stmatrix, stmatrix.trans; ld.shared, ldmatrix, ldmatrix.trans).
    route, _, instructions = route.partition(": ")
    if instructions:
        used = []
        for op in ("stmatrix", "ldmatrix"):
            lines = [l for l in text.splitlines() if f'"nvvm.{op}"' in l]
            trans = {("mma_layout<col>" in l) for l in lines}
            plain = "st.shared" if op == "stmatrix" else "ld.shared"
            used.append(plain if not lines else
                        op if trans == {False} else op + ".trans" if trans == {True} else
                        op + " and " + op + ".trans")
        if ", ".join(used) != instructions:
            problems.append(f"{', '.join(used)}, not {instructions}")
    # "rounds N": the scratch holds 1/N of the tile, which goes through it
    # in N rounds, a program barrier after each round's stores and loads.
    if route.startswith("rounds"):
        rounds = int(route.split()[1])
        whole = m * n * np.dtype(NP[ty]).itemsize
        barriers = text.count('"nvvm.barrier0"')
        if shared != whole // rounds or barriers != 2 * rounds - 1:
            problems.append(f"{shared} of {whole} bytes, {barriers} barriers: "
                            f"not {rounds} rounds")
    # The scratch holds T of the N rounds' tiles (the room, no more shared
    # memory): a barrier after each group's stores and after its loads.
    if tiles:
        barriers = text.count('"nvvm.barrier0"')
        groups = rounds // tiles
        if shared != whole // rounds * tiles or barriers != 2 * groups - 1:
            problems.append(f"{shared} of {whole} bytes, {barriers} barriers: "
                            f"not {rounds} rounds {tiles} at a time")
    return problems, shuffles


MMA8 = ("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
        "instrShape = [16, 64, 32]}>")
A8 = f"#ttg.dot_op<{{opIdx = 0, parent = {MMA8}, kWidth = 4}}>"
MMA16 = ("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
         "instrShape = [16, 128, 16]}>")
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
    # Triton 3.6's pair of instructions: plain 16-byte stores and ldmatrix,
    # whose rows are the destination's lanes 0 and 1 (columns 1 and 2, which
    # the source holds in registers); columns 32, 64 and 128, registers on
    # both sides, lie above the swizzled tile: eight rounds through an
    # eighth of the tile's bytes (3.6's allocation), barriers between.
    ("32-bit in eight rounds, through shared memory", 64, 256,
     "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "i32", 4, "rounds 8: st.shared, ldmatrix"),
    # The layouts of Triton 3.6's kernels where it picks matrix
    # instructions (its PTX has them; ours now too): a matmul's epilogue,
    # the mma accumulator to the blocked layout stores want, through 16-byte
    # stores and ldmatrix in four rounds (Triton's 11 barriers in
    # matmul_fp16_4096's PTX); the same to one column per thread
    # (the grouped GEMM tutorial's store): stmatrix.trans, then each thread
    # reads 8 rows of its column at once; a 16-bit transpose: 16-byte
    # stores, ldmatrix.trans; 8-bit accumulators (fp8 outputs): ldmatrix of
    # 4-byte words.
    ("16-bit mma accumulator to the stores' blocked layout", 128, 128, MMA16,
     "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
     "f16", 4, "rounds 4: st.shared, ldmatrix"),
    ("16-bit mma accumulator to a column per thread", 128, 128, MMA16,
     "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>",
     "f16", 4, "shared: stmatrix.trans, ld.shared"),
    ("16-bit transpose across warps", 64, 64,
     "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>",
     "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
     "f16", 4, "shared: st.shared, ldmatrix.trans"),
    ("8-bit mma accumulator to the stores' blocked layout", 128, 128, MMA16,
     "#ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
     "i8", 4, "shared: st.shared, ldmatrix"),
    # Matrices on both sides keep two of the register bits both layouts hold
    # in each round, as Triton 3.6 does since its fix of ldmatrix/stmatrix
    # vectorisation, so each access moves four matrices: 128 x 128 16-bit,
    # stmatrix.trans and ldmatrix in 4 rounds (16 without the two kept). Where
    # that leaves the matrix pair no more rounds than plain 16-byte
    # accesses, the plain pair (3.6's first) wins: a 32-bit matmul's
    # accumulator (matmul_ieee) in 2 rounds, as in 3.6's PTX, where
    # stmatrix and ldmatrix took 8.
    ("16-bit, stmatrix and ldmatrix of four matrices each", 128, 128,
     "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [0, 1]}>",
     "f16", 4, "rounds 4: stmatrix.trans, ldmatrix"),
    ("32-bit matmul accumulator to 16-byte rows", 64, 64,
     "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
     "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
     "i32", 4, "rounds 2: st.shared, ld.shared"),
    # Where a buffer freed before the conversion leaves room (NVIDIA
    # targets), the scratch takes as many of its rounds' tiles as fit, and
    # each group of rounds needs two barriers, not each round: all eight of
    # the 32-bit case's tiles (one barrier), two of them (seven), and the
    # four rounds of a matmul's epilogue at once (one).
    ("32-bit, eight rounds at once in a freed buffer", 64, 256,
     "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "i32", 4, "tiles 8 of 8: st.shared, ldmatrix"),
    ("32-bit, eight rounds two at a time", 64, 256,
     "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "i32", 4, "tiles 2 of 8: st.shared, ldmatrix"),
    ("16-bit mma accumulator, four rounds at once", 128, 128, MMA16,
     "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
     "f16", 4, "tiles 4 of 4: st.shared, ldmatrix"),
    ("16-bit, stmatrix and ldmatrix, four rounds at once", 128, 128,
     "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [0, 1]}>",
     "f16", 4, "tiles 4 of 4: stmatrix.trans, ldmatrix"),
    # One register sent to a lane (one run): shuffles, one per register.
    ("32-bit, one register to a lane", 16, 16,
     linear([[0, 1], [0, 2], [8, 0]], [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], []),
     linear([[0, 1], [0, 2], [0, 8]], [[0, 4], [1, 0], [2, 0], [4, 0], [8, 0]], []),
     "i32", 1, "shuffles"),
]

run_shuffle_cases(CASES, check)
