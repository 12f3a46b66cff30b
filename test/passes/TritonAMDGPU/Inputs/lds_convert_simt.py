"""Layout conversions through LDS in rounds, end to end: a kernel loads X in
one blocked layout, converts it to another and stores it from there; lowered
by -convert-triton-amdgpu-to-llvm and run on the CPU
(test/scripts/simt_sim.py, which reports LDS races between threads), the
output must be X exactly, and the lowering must have gone through the
expected scratch (its LDS size, its rounds). Two sets of cases: `padded`,
conversions marked `amdg.use_padded_scratch_shmem` (Triton's padded tile,
rows padded), and `swizzled`, Triton's swizzled scratch whose register bits
held by both layouts above its tile become rounds. With
--drop-round-barriers the barrier after each round's loads is removed from
the lowered code: the next round's stores then overwrite what slower
threads have not loaded yet, which the simulator must catch. Prints one
line per case, then a count.

Usage: lds_convert_simt.py TRITON_OPT SCRIPTS_DIR padded|swizzled
           [--drop-round-barriers]
"""
import os
import sys

import numpy as np

OPT, SCRIPTS, MODE = sys.argv[1:4]
DROP_ROUND_BARRIERS = "--drop-round-barriers" in sys.argv[4:]
sys.path.insert(0, SCRIPTS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simt_sim  # noqa: E402
from matmul_simt import lower_for_simulator, run_cases, tile_pointers  # noqa: E402


def blocked(spt, tpw, wpc, order):
    return (f"#ttg.blocked<{{sizePerThread = {spt}, threadsPerWarp = {tpw}, "
            f"warpsPerCTA = {wpc}, order = {order}}}>")


def kernel(t, M, N, src, dst, warps, arch):
    attr = " {amdg.use_padded_scratch_shmem}" if MODE == "padded" else ""
    text = (f'module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, '
            f'ttg.target = "hip:{arch}", "ttg.threads-per-warp" = 64 : i32}} {{\n'
            f"  tt.func public @cvt(%px: !tt.ptr<{t}>, %py: !tt.ptr<{t}>) {{\n")
    text += tile_pointers("x", "px", src, M, N, t)
    text += f"    %x = tt.load %xp : tensor<{M}x{N}x!tt.ptr<{t}>, {src}>\n"
    text += (f"    %y = ttg.convert_layout %x{attr} : "
             f"tensor<{M}x{N}x{t}, {src}> -> tensor<{M}x{N}x{t}, {dst}>\n")
    text += tile_pointers("y", "py", dst, M, N, t)
    text += f"    tt.store %yp, %y : tensor<{M}x{N}x!tt.ptr<{t}>, {dst}>\n    tt.return\n  }}\n}}\n"
    return text


DTYPES = {"f32": np.float32, "f16": np.float16, "i8": np.int8, "i32": np.int32}


def drop_round_barriers(text):
    """`text` without the barriers between rounds: the conversion's are, in
    order, stores, barrier, loads, barrier (before the next round), ..."""
    lines, seen = [], 0
    for line in text.splitlines(keepends=True):
        if '"rocdl.barrier"' in line or '"rocdl.s.barrier"' in line:
            seen += 1
            if seen % 2 == 0:
                continue
        lines.append(line)
    return "".join(lines)


def run_case(t, M, N, src, dst, warps, arch, lds, rounds):
    text, shared = lower_for_simulator(OPT, kernel(t, M, N, src, dst, warps, arch), arch)
    if shared != lds:
        raise RuntimeError(f"LDS {shared} bytes, expected the {MODE} tile's {lds}")
    barriers = text.count('"rocdl.barrier"') + text.count('"rocdl.s.barrier"')
    if barriers != 2 * rounds - 1:
        raise RuntimeError(f"{barriers} barriers for {rounds} rounds")
    if DROP_ROUND_BARRIERS:
        text = drop_round_barriers(text)
    rng = np.random.default_rng(M * 3 + N)
    x = rng.integers(-100, 101, (M, N)).astype(DTYPES[t])
    outs, races = simt_sim.run(text, "cvt", [x, np.zeros_like(x)], 64 * warps, shared,
                               warp_size=64)
    got = np.asarray(outs[1])
    return np.array_equal(got, x) and not races, races or [
        f"{int(np.sum(got != x))} of {x.size} differ"]


B0 = blocked("[1, 4]", "[16, 4]", "[2, 2]", "[1, 0]")
B1 = blocked("[4, 1]", "[4, 16]", "[2, 2]", "[0, 1]")
B2 = blocked("[1, 8]", "[8, 8]", "[4, 1]", "[1, 0]")
B3 = blocked("[1, 1]", "[64, 1]", "[1, 4]", "[0, 1]")
# (type, M, N, source, destination, warps, arch, LDS bytes, rounds)
PADDED = [
    # Triton 3.6's convert_layout_padding_swizzling: 32x32 tiles, rows of 32
    # plus 1, four rounds.
    ("f32", 64, 64, B0, B1, 4, "gfx942", 32 * 33 * 4, 4),
    ("f32", 64, 64, B1, B0, 4, "gfx90a", 32 * 36 * 4, 4),
    # Rows along dimension 1 in both: 8-element vectors, padded by 8.
    ("f16", 32, 128, B2, blocked("[1, 4]", "[4, 16]", "[4, 1]", "[1, 0]"), 4,
     "gfx942", 32 * 72 * 2, 2),
    # Bytes: the destination's registers repeat along dimension 1, its
    # order (1, 0) as its registers' (rows of 64, padded by the source's 8).
    ("i8", 64, 64, B2, B3, 4, "gfx942", 64 * 72, 1),
]

SWIZZLED = [
    # Triton 3.6's allocate_shared_memory.mlir case at half the rows: both
    # hold columns 32, 64 and 128 in registers; 32 and 64 are the 16-byte
    # vector, 128 the round (two of 128 x 128).
    ("i32", 128, 256, blocked("[4, 4]", "[8, 8]", "[4, 1]", "[1, 0]"),
     blocked("[1, 1]", "[8, 8]", "[4, 1]", "[1, 0]"), 4, "gfx942", 128 * 128 * 4, 2),
    # One warp, a transpose: four rounds of a 32 x 32 tile.
    ("f32", 64, 64, blocked("[1, 4]", "[16, 4]", "[1, 1]", "[1, 0]"),
     blocked("[4, 1]", "[4, 16]", "[1, 1]", "[0, 1]"), 1, "gfx90a", 32 * 32 * 4, 4),
    # 16-bit: 8-element vectors, two rounds.
    ("f16", 64, 256, blocked("[2, 8]", "[8, 8]", "[1, 1]", "[1, 0]"),
     blocked("[1, 1]", "[8, 8]", "[1, 1]", "[1, 0]"), 1, "gfx942", 64 * 128 * 2, 2),
    # Four warps, transposed, four rounds.
    ("f32", 128, 128, blocked("[4, 4]", "[8, 8]", "[4, 1]", "[1, 0]"),
     blocked("[4, 1]", "[8, 8]", "[1, 4]", "[0, 1]"), 4, "gfx942", 64 * 64 * 4, 4),
]

run_cases(PADDED if MODE == "padded" else SWIZZLED, lambda t, M, N, src, dst, warps, arch, *_: (
    f"{t} {M}x{N} {arch} {warps} warps {src} -> {dst}"), run_case)
