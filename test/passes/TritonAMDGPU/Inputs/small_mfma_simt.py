"""Dots with a side under 16 on AMD's 16-block 4x4 MFMAs, end to end: a
straight-line kernel (C = A B + C, operands loaded in a blocked layout) goes
through -tritonamdgpu-accelerate-matmul (which must choose the expected
64x4 or 4x64 tile), the layout clean-up and the shared-memory staging of
make_ttgir, then -convert-triton-amdgpu-to-llvm, and runs on the CPU
(test/scripts/simt_sim.py, whose 4x4 MFMA model -- blocks, lanes, the CBSZ /
ABID broadcast -- follows the CDNA3 ISA, not the lowering). C must equal
what the interpreter (triton-run) computes for the kernel before
acceleration. Then a loop (Inputs/small-mfma-loop.ttir, C[8x128] over K in
steps of 64) through all of make_ttgir (2 and 3 stages: the stream
pipeliner, and the rest of the pipeline, on the 4x64 layout) for gfx942
and gfx90a, run the same way against the interpreter's run of the TTIR.
Prints one line per case, then a count.

Usage: small_mfma_simt.py TRITON_OPT TRITON_RUN SCRIPTS_DIR LOOP_TTIR
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

OPT, RUN, SCRIPTS, LOOP = sys.argv[1:5]
sys.path.insert(0, SCRIPTS)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simt_sim  # noqa: E402
from matmul_simt import interpret_mm, lower_for_simulator, run_cases  # noqa: E402

TMP = tempfile.mkdtemp()

# Element type: (TTGIR type, accumulator, type in memory; bf16 is loaded as
# i16 bits and bitcast, as the simulator's memory holds no bf16).
TYPES = {"f16": ("f16", "f32", "f16"), "bf16": ("bf16", "f32", "i16"),
         "f32": ("f32", "f32", "f32"), "i8": ("i8", "i32", "i8")}


def kernel(ty, M, N, K, warps, arch):
    """@mm(pa, pb, pc): C[MxN] += A[MxK] B[KxN], all row-major, one program."""
    elem, acc, mem = TYPES[ty]
    bl = (f"#ttg.blocked<{{sizePerThread = [1, 4], threadsPerWarp = [8, 8], "
          f"warpsPerCTA = [{warps}, 1], order = [1, 0]}}>")
    text = (f'#bl = {bl}\nmodule attributes {{"ttg.num-ctas" = 1 : i32, '
            f'"ttg.num-warps" = {warps} : i32, ttg.target = "hip:{arch}", '
            f'"ttg.threads-per-warp" = 64 : i32}} {{\n'
            f"  tt.func public @mm(%pa: !tt.ptr<{mem}>, %pb: !tt.ptr<{mem}>, "
            f"%pc: !tt.ptr<{acc}>) {{\n")
    for name, ptr, rows, cols, t in (("a", "pa", M, K, mem), ("b", "pb", K, N, mem),
                                     ("c", "pc", M, N, acc)):
        s0 = f"#ttg.slice<{{dim = 1, parent = #bl}}>"
        s1 = f"#ttg.slice<{{dim = 0, parent = #bl}}>"
        shape = f"{rows}x{cols}"
        text += f"""    %{name}i = tt.make_range {{end = {rows} : i32, start = 0 : i32}} : tensor<{rows}xi32, {s0}>
    %{name}ie = tt.expand_dims %{name}i {{axis = 1 : i32}} : tensor<{rows}xi32, {s0}> -> tensor<{rows}x1xi32, #bl>
    %{name}j = tt.make_range {{end = {cols} : i32, start = 0 : i32}} : tensor<{cols}xi32, {s1}>
    %{name}je = tt.expand_dims %{name}j {{axis = 0 : i32}} : tensor<{cols}xi32, {s1}> -> tensor<1x{cols}xi32, #bl>
    %{name}n = arith.constant dense<{cols}> : tensor<{rows}x1xi32, #bl>
    %{name}r = arith.muli %{name}ie, %{name}n : tensor<{rows}x1xi32, #bl>
    %{name}rb = tt.broadcast %{name}r : tensor<{rows}x1xi32, #bl> -> tensor<{shape}xi32, #bl>
    %{name}cb = tt.broadcast %{name}je : tensor<1x{cols}xi32, #bl> -> tensor<{shape}xi32, #bl>
    %{name}o = arith.addi %{name}rb, %{name}cb : tensor<{shape}xi32, #bl>
    %{name}s = tt.splat %{ptr} : !tt.ptr<{t}> -> tensor<{shape}x!tt.ptr<{t}>, #bl>
    %{name}p = tt.addptr %{name}s, %{name}o : tensor<{shape}x!tt.ptr<{t}>, #bl>, tensor<{shape}xi32, #bl>
    %{name}m = tt.load %{name}p : tensor<{shape}x!tt.ptr<{t}>, #bl>
"""
        if name != "c" and mem != elem:
            text += (f"    %{name} = tt.bitcast %{name}m : tensor<{shape}x{t}, #bl> -> "
                     f"tensor<{shape}x{elem}, #bl>\n")
        else:
            text = text.replace(f"%{name}m = tt.load", f"%{name} = tt.load")
    dot_a = f"tensor<{M}x{K}x{elem}, #ttg.dot_op<{{opIdx = 0, parent = #bl}}>>"
    dot_b = f"tensor<{K}x{N}x{elem}, #ttg.dot_op<{{opIdx = 1, parent = #bl}}>>"
    # fp32 operands as fp32 (xf32 has no 4x4 instruction).
    precision = ", inputPrecision = ieee" if ty == "f32" else ""
    text += f"""    %ad = ttg.convert_layout %a : tensor<{M}x{K}x{elem}, #bl> -> {dot_a}
    %bd = ttg.convert_layout %b : tensor<{K}x{N}x{elem}, #bl> -> {dot_b}
    %d = tt.dot %ad, %bd, %c{precision} : {dot_a} * {dot_b} -> tensor<{M}x{N}x{acc}, #bl>
    tt.store %cp, %d : tensor<{M}x{N}x!tt.ptr<{acc}>, #bl>
    tt.return
  }}
}}
"""
    return text


def operand(rng, ty, shape):
    """(the array in memory, its values as float64 / int64)."""
    if ty == "i8":
        x = rng.integers(-100, 101, shape).astype(np.int8)
        return x, x
    # Small multiples of 1/4: every product and sum is exact in f32.
    x = (rng.integers(-8, 9, shape) / 4).astype(np.float32)
    if ty == "f16":
        return x.astype(np.float16), x
    if ty == "bf16":
        return (x.view(np.uint32) >> 16).astype(np.int16), x
    return x, x


def interpret(path, ty, a, b, c):
    """C after @mm in the interpreter."""
    files = {}
    for name, array in (("pa", a), ("pb", b), ("pc", c)):
        files[name] = os.path.join(TMP, f"{name}.npy")
        np.save(files[name], array)
    dtype, acc = TYPES[ty][2], TYPES[ty][1]
    out = os.path.join(TMP, "out.npy")
    subprocess.run([RUN, path, "--grid", "1",
                    "--arg", f"pa={dtype}[{a.shape[0]},{a.shape[1]}]:file({files['pa']})",
                    "--arg", f"pb={dtype}[{b.shape[0]},{b.shape[1]}]:file({files['pb']})",
                    "--arg", f"pc={acc}[{c.shape[0]},{c.shape[1]}]:file({files['pc']})",
                    "--save", f"pc={out}"], check=True, capture_output=True, text=True)
    return np.load(out)


def run_case(ty, M, N, K, warps, arch, kpack, instr_shape, instruction):
    name = f"{ty}_{M}x{N}x{K}_{arch}_w{warps}_k{kpack}"
    path = os.path.join(TMP, name + ".mlir")
    with open(path, "w") as f:
        f.write(kernel(ty, M, N, K, warps, arch))
    # make_ttgir's order: accelerate-matmul, layout clean-up, operands
    # staged through shared memory.
    ttgir = subprocess.run(
        [OPT, path, f"-tritonamdgpu-accelerate-matmul=gfx-arch={arch} kPack={kpack}",
         "-tritongpu-remove-layout-conversions", "-tritongpu-reduce-data-duplication",
         "-canonicalize"], capture_output=True, text=True, check=True).stdout
    shape = re.search(r"instrShape = \[(\d+), (\d+), (\d+)\]", ttgir)
    if not shape or [int(x) for x in shape.groups()] != instr_shape:
        raise RuntimeError(f"expected instrShape {instr_shape}, got "
                           f"{shape.group(0) if shape else 'no MFMA layout'}")
    text, shared = lower_for_simulator(OPT, ttgir, arch)
    used = set(re.findall(r'"rocdl\.(mfma\.[\w.]+)"', text))
    if used != {instruction}:
        raise RuntimeError(f"expected {instruction}, lowered to {sorted(used)}")
    rng = np.random.default_rng(M * 7 + N * 5 + K + kpack)
    a_mem, _ = operand(rng, ty, (M, K))
    b_mem, _ = operand(rng, ty, (K, N))
    acc_dtype = np.int32 if ty == "i8" else np.float32
    c = rng.integers(-50, 51, (M, N)).astype(acc_dtype)
    outs, races = simt_sim.run(text, "mm", [a_mem, b_mem, c.copy()], 64 * warps, shared,
                               warp_size=64)
    want = interpret(path, ty, a_mem, b_mem, c)
    got = np.asarray(outs[2]).astype(acc_dtype)
    return np.array_equal(got, want) and not races, races or [
        f"{int(np.sum(got != want))} of {got.size} differ"]


# (type, M, N, K, warps, arch, kPack, the layout's instrShape, the instruction)
CASES = [
    # Triton 3.6's small_m_size_mfma shape: 4x128 over 2 warps, one 4x64 each.
    ("f16", 4, 128, 64, 2, "gfx942", 1, [4, 64, 64], "mfma.f32.4x4x4f16"),
    # 64x4, transposed (B broadcast); two K runs of 64, two N tiles.
    ("f16", 128, 8, 128, 2, "gfx942", 1, [64, 4, 64], "mfma.f32.4x4x4f16"),
    # kPack 2: runs of 8 K per lane, two instructions per block.
    ("f16", 4, 64, 128, 1, "gfx942", 2, [4, 64, 64], "mfma.f32.4x4x4f16"),
    ("bf16", 8, 128, 64, 2, "gfx90a", 1, [4, 64, 64], "mfma.f32.4x4x4bf16.1k"),
    ("bf16", 64, 4, 64, 1, "gfx942", 1, [64, 4, 64], "mfma.f32.4x4x4bf16.1k"),
    ("i8", 128, 4, 64, 2, "gfx942", 1, [64, 4, 64], "mfma.i32.4x4x4i8"),
    ("i8", 4, 64, 128, 1, "gfx90a", 1, [4, 64, 64], "mfma.i32.4x4x4i8"),
    ("f32", 4, 64, 32, 1, "gfx942", 1, [4, 64, 16], "mfma.f32.4x4x1f32"),
    ("f32", 64, 8, 16, 1, "gfx90a", 1, [64, 4, 16], "mfma.f32.4x4x1f32"),
]



def run_loop_case(arch, stages, K):
    """The loop kernel through make_ttgir and the lowering, against the
    interpreter's run of the TTIR."""
    ttgir = subprocess.run(
        [OPT, LOOP, f"-triton-make-ttgir=target=hip:{arch} num-warps=4 num-stages={stages}"],
        capture_output=True, text=True, check=True).stdout
    if "instrShape = [4, 64, 64]" not in ttgir or "scf.for" not in ttgir:
        raise RuntimeError("no 4x64 MFMA layout in a loop after make_ttgir")
    text, shared = lower_for_simulator(OPT, ttgir, arch)
    rng = np.random.default_rng(stages * 100 + K)
    a = (rng.integers(-8, 9, (8, max(K, 1))) / 4).astype(np.float16)
    b = (rng.integers(-8, 9, (max(K, 1), 128)) / 4).astype(np.float16)
    c = np.full((8, 128), 7.0, dtype=np.float32)
    outs, races = simt_sim.run(text, "mm", [a, b, c, K], 256, shared, warp_size=64)
    want = interpret_mm(RUN, LOOP, TMP, a, b, (8, 128), K)
    got = np.asarray(outs[2])
    return np.array_equal(got, want) and not races, races or [
        f"{int(np.sum(got != want))} of {got.size} differ"]


CASES = [(False, *case) for case in CASES] + [
    (True, arch, stages, K) for arch in ("gfx942", "gfx90a") for stages in (2, 3)
    for K in (192, 64)]
run_cases(CASES, lambda loop, *case: (
    "loop {} stages={} K={}".format(*case) if loop else
    "{0} {1}x{2}x{3} {5} {4} warps kPack={6}".format(*case[:7])),
    lambda loop, *case: run_loop_case(*case) if loop else run_case(*case))
