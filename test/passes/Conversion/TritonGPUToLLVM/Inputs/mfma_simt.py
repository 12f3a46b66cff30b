"""Lowers small straight-line tt.dot kernels on AMD MFMA (operands loaded from
global memory, stored into #ttg.swizzled_shared buffers, local_load to
#ttg.dot_op of an #ttg.amd_mfma layout, the accumulator loaded and the result
stored in the MFMA layout) with -convert-triton-amdgpu-to-llvm and runs them
on the CPU (test/scripts/simt_sim.py, whose MFMA model follows the CDNA3 ISA's
operand and result fragments), comparing with NumPy. Prints one line per
case, PASS or FAIL, then a count.

Usage: mfma_simt.py TRITON_OPT UTILS_DIR
"""
import re
import sys

import numpy as np

OPT = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import simt_sim  # noqa: E402
from simt_kernels import load, lower, offsets  # noqa: E402

BLOCKED = ("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], "
           "warpsPerCTA = [%d, 1], order = [1, 0]}>")

# Element types: TTGIR type, type in memory (loaded as), K elements per lane
# per instruction on (gfx90a, gfx942).
TYPES = {
    "f16": ("f16", "f16", 4),
    "bf16": ("bf16", "i16", 4),
    "f32": ("f32", "f32", 1),
    "xf32": ("f32", "f32", 2),
    "i8": ("i8", "i8", None),
    "fp8": ("f8E4M3FNUZ", "i8", 8),
    "bf8": ("f8E5M2FNUZ", "i8", 8),
}
# fnuz codes and their values: e4m3 with bias 8, e5m2 with bias 16.
FNUZ = {"fp8": {0x40: 1.0, 0x48: 2.0, 0xC0: -1.0, 0x38: 0.5, 0x44: 1.5, 0x00: 0.0, 0xC4: -1.5},
        "bf8": {0x40: 1.0, 0x44: 2.0, 0xC0: -1.0, 0x3C: 0.5, 0x42: 1.5, 0x00: 0.0, 0xC2: -1.5}}


def kernel(case):
    M, N, K = case["M"], case["N"], case["K"]
    warps = case.get("warps", [2, 2])
    nw = warps[0] * warps[1]
    arch = case.get("arch", "gfx942")
    version = 3 if arch == "gfx942" else 2
    ty, mem, kbase = TYPES[case["type"]]
    if kbase is None:
        kbase = 8 if version == 3 else 4
    bty, bmem, _ = TYPES[case.get("btype", case["type"])]
    acc = "i32" if case["type"] == "i8" else "f32"
    nonk = case["nonK"]
    kwidth = case.get("kwidth", kbase * case.get("kpack", 1))
    L = BLOCKED % nw
    trans = str(case.get("transposed", True)).lower()
    mma = (f"#ttg.amd_mfma<{{version = {version}, warpsPerCTA = [{warps[0]}, {warps[1]}], "
           f"instrShape = [{nonk}, {nonk}, {kbase * 64 // nonk}], isTransposed = {trans}}}>")
    # A K-contiguous with a swizzle of kWidth vectors; B as given.
    encA = case.get("sa", f"#ttg.swizzled_shared<{{vec = {kwidth}, perPhase = 1, maxPhase = 4, order = [1, 0]}}>")
    encB = case.get("sb", "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>")
    smem = "#ttg.shared_memory"
    memA = f"!ttg.memdesc<{M}x{K}x{ty}, {encA}, {smem}>"
    memB = f"!ttg.memdesc<{K}x{N}x{bty}, {encB}, {smem}>"
    dotA = f"tensor<{M}x{K}x{ty}, #ttg.dot_op<{{opIdx = 0, parent = {mma}, kWidth = {kwidth}}}>>"
    dotB = f"tensor<{K}x{N}x{bty}, #ttg.dot_op<{{opIdx = 1, parent = {mma}, kWidth = {kwidth}}}>>"
    body = offsets(L, M, K, "ao") + load("pa", f"{M}x{K}", L, mem, ty, "a")
    body += offsets(L, K, N, "bo") + load("pb", f"{K}x{N}", L, bmem, bty, "b")
    body += f"    %as = ttg.local_alloc %a : (tensor<{M}x{K}x{ty}, {L}>) -> {memA}\n"
    body += f"    %bs = ttg.local_alloc %b : (tensor<{K}x{N}x{bty}, {L}>) -> {memB}\n"
    body += f"    %al = ttg.local_load %as : {memA} -> {dotA}\n"
    body += f"    %bl = ttg.local_load %bs : {memB} -> {dotB}\n"
    body += offsets(mma, M, N, "co") + load("pc", f"{M}x{N}", mma, acc, acc, "c")
    precision = ", inputPrecision = tf32" if case["type"] == "xf32" else ""
    body += f"    %d = tt.dot %al, %bl, %c{precision} : {dotA} * {dotB} -> tensor<{M}x{N}x{acc}, {mma}>\n"
    body += f"""    %dp = tt.splat %pd : !tt.ptr<{acc}> -> tensor<{M}x{N}x!tt.ptr<{acc}>, {mma}>
    %dq = tt.addptr %dp, %co : tensor<{M}x{N}x!tt.ptr<{acc}>, {mma}>, tensor<{M}x{N}xi32, {mma}>
    tt.store %dq, %d : tensor<{M}x{N}x!tt.ptr<{acc}>, {mma}>
"""
    sig = f"%pa: !tt.ptr<{mem}>, %pb: !tt.ptr<{bmem}>, %pc: !tt.ptr<{acc}>, %pd: !tt.ptr<{acc}>"
    header = ('module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = %d : i32, '
              'ttg.target = "hip:%s", "ttg.threads-per-warp" = 64 : i32} {\n') % (nw, arch)
    return header + f"  tt.func public @k({sig}) {{\n" + body + "    tt.return\n  }\n}\n", nw, arch


def operand(rng, kind, shape):
    """(raw array for memory, float64/int64 values)."""
    if kind == "f16":
        x = rng.integers(-4, 5, shape).astype(np.float16) / np.float16(4)
        return x, x.astype(np.float64)
    if kind == "bf16":
        x = (rng.integers(-4, 5, shape) / 4).astype(np.float32)
        return (x.view(np.uint32) >> 16).astype(np.int16), x.astype(np.float64)
    if kind in ("f32", "xf32"):  # exact in xf32
        x = (rng.integers(-8, 9, shape) / 8).astype(np.float32)
        return x, x.astype(np.float64)
    if kind == "i8":
        x = rng.integers(-100, 101, shape).astype(np.int8)
        return x, x.astype(np.int64)
    codes = np.array(list(FNUZ[kind]), dtype=np.uint8)[rng.integers(0, len(FNUZ[kind]), shape)]
    values = np.vectorize(lambda c: FNUZ[kind][int(c)])(codes)
    return codes.view(np.int8), values.astype(np.float64)


def run_case(name, case):
    rng = np.random.default_rng(abs(hash(name)) % (1 << 32))
    M, N, K = case["M"], case["N"], case["K"]
    src, nw, arch = kernel(case)
    text, shared = lower(OPT, src, f"-convert-triton-amdgpu-to-llvm=gfx-arch={arch}", name)
    instrs = sorted(set(re.findall(r'"(rocdl\.mfma\.[\w.]+)"', text)))
    a_raw, a = operand(rng, case["type"], (M, K))
    b_raw, b = operand(rng, case.get("btype", case["type"]), (K, N))
    if case["type"] == "i8":
        c = rng.integers(-1000, 1000, (M, N)).astype(np.int32)
    else:
        c = (rng.integers(-8, 9, (M, N)) / 8).astype(np.float32)
    d = np.zeros((M, N), dtype=c.dtype)
    outs, races = simt_sim.run(text, "k", [a_raw, b_raw, c, d], 64 * nw, shared, warp_size=64)
    want = a @ b + c.astype(np.int64 if c.dtype == np.int32 else np.float64)
    got = outs[3].astype(want.dtype)
    ok = np.array_equal(got, want) and not races
    print(("PASS " if ok else "FAIL ") + name + " " + ",".join(instrs) +
          ("" if not races else f" races: {races[:2]}"))
    if not ok and not races:
        bad = np.argwhere(got != want)
        print(f"  {len(bad)} wrong, first at {tuple(bad[0])}: {got[tuple(bad[0])]} != {want[tuple(bad[0])]}")
    return ok


CASES = {
    # The corpus matmul's shape of layout: 32x32 transposed, 2x2 warps, kWidth 4.
    "f16 32x32 transposed": dict(M=64, N=64, K=32, type="f16", nonK=32),
    # Not transposed (lanes along N), M/N repeats per warp, B K-contiguous in shared memory.
    "f16 32x32 repeats": dict(M=128, N=64, K=16, type="f16", nonK=32, transposed=False,
                              sb="#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>"),
    # 16x16 instructions, warps along M, both layouts.
    "f16 16x16 transposed": dict(M=64, N=32, K=32, type="f16", nonK=16, warps=[4, 1]),
    "f16 16x16": dict(M=32, N=64, K=64, type="f16", nonK=16, warps=[1, 4], transposed=False),
    # kPack 2: kWidth 8, two instructions per lane's vector.
    "f16 kWidth 8": dict(M=64, N=64, K=64, type="f16", nonK=32, kpack=2),
    "bf16 gfx90a": dict(M=64, N=64, K=32, type="bf16", nonK=32, arch="gfx90a"),
    "bf16 16x16 kWidth 8": dict(M=32, N=32, K=64, type="bf16", nonK=16, kpack=2, warps=[2, 1]),
    "f32 gfx90a": dict(M=64, N=64, K=8, type="f32", nonK=32, arch="gfx90a"),
    "f32 16x16": dict(M=32, N=32, K=16, type="f32", nonK=16, warps=[2, 2]),
    "xf32 gfx942": dict(M=64, N=32, K=16, type="xf32", nonK=16, warps=[2, 2]),
    # Runs shorter than an instruction's K elements per lane: each takes two
    # runs of a lane, a tile of the lane groups apart.
    "xf32 kWidth 1": dict(M=64, N=32, K=32, type="xf32", nonK=16, warps=[2, 2], kwidth=1),
    "xf32 32x32 kWidth 1": dict(M=64, N=64, K=16, type="xf32", nonK=32, kwidth=1, transposed=False),
    "f16 kWidth 2": dict(M=64, N=64, K=32, type="f16", nonK=32, kwidth=2),
    "i8 gfx942": dict(M=64, N=64, K=64, type="i8", nonK=32),
    "i8 gfx942 16x16": dict(M=32, N=32, K=64, type="i8", nonK=16, transposed=False),
    "i8 gfx90a": dict(M=64, N=64, K=32, type="i8", nonK=32, arch="gfx90a"),
    "fp8 x bf8 gfx942": dict(M=64, N=64, K=32, type="fp8", btype="bf8", nonK=32),
    "bf8 x fp8 gfx942 16x16": dict(M=32, N=32, K=64, type="bf8", btype="fp8", nonK=16,
                                   transposed=False),
}

passed = 0
for name, case in CASES.items():
    try:
        passed += run_case(name, case)
    except Exception as e:  # noqa: BLE001
        print(f"FAIL {name}: {e}")
print(f"{passed} of {len(CASES)} cases match")
