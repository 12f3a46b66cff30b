"""Lowers small straight-line ttng.warp_group_dot kernels (operands loaded
from global memory, stored into #ttg.nvmma_shared buffers or loaded into
registers, the dot, the result stored from its #ttg.nvidia_mma v3 layout) and
runs them on the CPU (test/scripts/simt_sim.py, whose wgmma model follows the PTX
ISA's descriptors and fragments), comparing with NumPy. Prints one line per
case, PASS or FAIL, then a count.

Usage: wgmma_simt.py TRITON_OPT UTILS_DIR
"""
import sys

import numpy as np

OPT = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import simt_sim  # noqa: E402
from simt_kernels import load, lower, offsets  # noqa: E402

BLOCKED = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [%d, 1], order = [1, 0]}>"

# Element types: TTGIR type, type in memory (loaded as), bits, NumPy model.
TYPES = {
    "f16": ("f16", "f16", 16),
    "bf16": ("bf16", "i16", 16),
    "f32": ("f32", "f32", 32),
    "e4m3": ("f8E4M3FN", "i8", 8),
    "e5m2": ("f8E5M2", "i8", 8),
    "i8": ("i8", "i8", 8),
}


def swizzle_for(row_bytes):
    return 128 if row_bytes >= 128 else 64 if row_bytes >= 64 else 32 if row_bytes >= 32 else 0


def kernel(case):
    M, N, K = case["M"], case["N"], case["K"]
    warps = case.get("warps", [4, 1])
    nw = warps[0] * warps[1]
    ty, mem, bits = TYPES[case["type"]]
    bty = TYPES[case.get("btype", case["type"])][0]
    acc = case["acc"]
    instrK = 256 // bits
    instrN = case["instrN"]
    L = BLOCKED % nw
    mma = (f"#ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, warpsPerCTA = [{warps[0]}, {warps[1]}], "
           f"instrShape = [16, {instrN}, {instrK}]}}>")
    a_t, b_t = case.get("a_trans", False), case.get("b_trans", False)
    # The contiguous dimension's bytes pick the swizzle, as Triton does.
    sa = case.get("sa", swizzle_for((M if a_t else K) * bits // 8))
    sb = case.get("sb", swizzle_for((K if b_t else N) * bits // 8))
    encA = f"#ttg.nvmma_shared<{{swizzlingByteWidth = {sa}, transposed = {str(a_t).lower()}, elementBitWidth = {bits}}}>"
    encB = f"#ttg.nvmma_shared<{{swizzlingByteWidth = {sb}, transposed = {str(b_t).lower()}, elementBitWidth = {bits}}}>"
    smem = "#ttg.shared_memory"
    memA = f"!ttg.memdesc<{M}x{K}x{ty}, {encA}, {smem}>"
    memB = f"!ttg.memdesc<{K}x{N}x{bty}, {encB}, {smem}>"
    bmem = TYPES[case.get("btype", case["type"])][1]
    body = offsets(L, M, K, "ao") + load("pa", f"{M}x{K}", L, mem, ty, "a")
    body += offsets(L, K, N, "bo") + load("pb", f"{K}x{N}", L, bmem, bty, "b")
    body += f"    %bs = ttg.local_alloc %b : (tensor<{K}x{N}x{bty}, {L}>) -> {memB}\n"
    if case.get("a_regs"):
        dot = f"#ttg.dot_op<{{opIdx = 0, parent = {mma}, kWidth = {32 // bits}}}>"
        body += f"    %as = ttg.local_alloc %a : (tensor<{M}x{K}x{ty}, {L}>) -> {memA}\n"
        body += f"    %ar = ttg.local_load %as : {memA} -> tensor<{M}x{K}x{ty}, {dot}>\n"
        a_val, a_type = "%ar", f"tensor<{M}x{K}x{ty}, {dot}>"
    else:
        body += f"    %as = ttg.local_alloc %a : (tensor<{M}x{K}x{ty}, {L}>) -> {memA}\n"
        a_val, a_type = "%as", memA
    body += offsets(mma, M, N, "co")
    cmem = {"f32": "f32", "f16": "f16", "i32": "i32"}[acc]
    if case.get("zero_c"):
        zero = "0" if acc == "i32" else "0.000000e+00"
        body += f"    %c = arith.constant dense<{zero}> : tensor<{M}x{N}x{acc}, {mma}>\n"
    else:
        body += load("pc", f"{M}x{N}", mma, cmem, acc, "c")
    body += "    ttng.fence_async_shared {bCluster = false}\n"
    use_c = ", %usec" if "use_c" in case else ""
    asyn = "true" if case.get("async") else "false"
    body += (f"    %d = ttng.warp_group_dot {a_val}, %bs, %c{use_c} {{inputPrecision = 0 : i32, isAsync = {asyn}, "
             f"maxNumImpreciseAcc = {case.get('max_imprecise', 1 << 30)} : i32}} : {a_type} * {memB} -> tensor<{M}x{N}x{acc}, {mma}>\n")
    res = "%d"
    if case.get("async"):
        body += f"    %w:2 = ttng.warp_group_dot_wait %d, %bs {{pendings = 0 : i32}} : tensor<{M}x{N}x{acc}, {mma}>, {memB}\n"
        res = "%w#0"
    body += f"""    %dp = tt.splat %pd : !tt.ptr<{acc}> -> tensor<{M}x{N}x!tt.ptr<{acc}>, {mma}>
    %dq = tt.addptr %dp, %co : tensor<{M}x{N}x!tt.ptr<{acc}>, {mma}>, tensor<{M}x{N}xi32, {mma}>
    tt.store %dq, {res} : tensor<{M}x{N}x!tt.ptr<{acc}>, {mma}>
"""
    sig = f"%pa: !tt.ptr<{mem}>, %pb: !tt.ptr<{bmem}>, %pc: !tt.ptr<{cmem}>, %pd: !tt.ptr<{acc}>"
    if "use_c" in case:
        sig += ", %usec: i1"
    header = ('module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = %d : i32, '
              'ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {\n') % nw
    return header + f"  tt.func public @k({sig}) {{\n" + body + "    tt.return\n  }\n}\n", nw


FP8_VALUES = {"e4m3": [0x38, 0x40, 0xB8, 0x30, 0x44, 0xC0, 0x3C, 0x00],   # 1, 2, -1, .5, 3, -2, 1.5, 0
              "e5m2": [0x3C, 0x40, 0xBC, 0x38, 0x42, 0xC0, 0x3E, 0x00]}


def operand(rng, kind, shape):
    """(raw array for memory, float64/int64 values)."""
    if kind == "f16":
        x = rng.integers(-4, 5, shape).astype(np.float16) / np.float16(4)
        return x, x.astype(np.float64)
    if kind == "bf16":
        x = (rng.integers(-4, 5, shape) / 4).astype(np.float32)
        return (x.view(np.uint32) >> 16).astype(np.int16), x.astype(np.float64)
    if kind == "f32":  # exact in tf32
        x = (rng.integers(-8, 9, shape) / 8).astype(np.float32)
        return x, x.astype(np.float64)
    if kind == "i8":
        x = rng.integers(-100, 101, shape).astype(np.int8)
        return x, x.astype(np.int64)
    codes = np.array(FP8_VALUES[kind], dtype=np.uint8)[rng.integers(0, 8, shape)]
    return codes.view(np.int8), simt_sim.decode_elements(codes.astype(np.uint64), kind)


def accumulate_f32(a, b, c, instrK, chunk, use_c):
    """fp8 products into f32 as the lowering orders them (test/scripts/simt_sim.py
    rounds each wgmma's exact sum of C and its products to f32): K steps of
    instrK in chunks of `chunk` steps, each chunk summed from zero and added
    to the accumulator with one f32 add; chunk = all steps is the unsplit
    dot, which sums into the accumulator itself."""
    steps = [a[:, s:s + instrK] @ b[s:s + instrK, :] for s in range(0, a.shape[1], instrK)]
    d = c.astype(np.float32) if use_c else None
    for begin in range(0, len(steps), chunk):
        part = d if chunk == len(steps) else None
        for s in steps[begin:begin + chunk]:
            part = (s if part is None else part.astype(np.float64) + s).astype(np.float32)
        d = part if chunk == len(steps) or d is None else d + part
    return d.astype(np.float64)


def run_case(name, case):
    rng = np.random.default_rng(abs(hash(name)) % (1 << 32))
    M, N, K = case["M"], case["N"], case["K"]
    src, nw = kernel(case)
    text, shared = lower(OPT, src, "-convert-triton-gpu-to-llvm")
    a_raw, a = operand(rng, case["type"], (M, K))
    b_raw, b = operand(rng, case.get("btype", case["type"]), (K, N))
    acc = case["acc"]
    if acc == "i32":
        c = rng.integers(-1000, 1000, (M, N)).astype(np.int32)
    elif "max_imprecise" in case:
        # Accumulators where f32 keeps multiples of 8 only (2^26): rounding
        # each K step's products into them differs from rounding chunk sums.
        c = ((rng.integers(0, 2, (M, N)) * 2 - 1) * 2.0 ** 26).astype(np.float32)
    else:
        c = (rng.integers(-8, 9, (M, N)) / 8).astype(np.float32 if acc == "f32" else np.float16)
    if case.get("zero_c"):
        c = np.zeros_like(c)
    d = np.zeros((M, N), dtype=c.dtype)
    args = [a_raw, b_raw, c, d]
    use_c = case.get("use_c", True)
    if "use_c" in case:
        args.append(int(use_c))
    outs, races = simt_sim.run(text, "k", args, 32 * nw, shared)
    want = a @ b + (c.astype(np.float64 if acc != "i32" else np.int64) if use_c else 0)
    tol = 0 if acc == "i32" else (1e-2 if acc == "f16" else 1e-5)
    if "max_imprecise" in case:
        # The split's rounding, exactly. Chunks of two steps or more into
        # the large accumulator must tell it from the unsplit dot's
        # (one-step chunks round alike here, each wgmma being exact before
        # its f32 rounding; without useC the large accumulator is what must
        # not show up).
        instrK = 256 // TYPES[case["type"]][2]
        steps = K // instrK
        chunk = min(steps, max(1, -(-case["max_imprecise"] // instrK)))
        want = accumulate_f32(a, b, c, instrK, chunk, use_c)
        if use_c and 1 < chunk < steps and np.array_equal(want, accumulate_f32(a, b, c, instrK, steps, use_c)):
            print(f"FAIL {name}: the split does not change the result here")
            return False
        tol = 0
    got = outs[3].astype(want.dtype)
    ok = np.allclose(got, want, atol=tol, rtol=tol) and not races
    print(("PASS " if ok else "FAIL ") + name + ("" if not races else f" races: {races[:2]}"))
    if not ok and not races:
        bad = np.argwhere(~np.isclose(got, want, atol=tol, rtol=tol))
        print(f"  {len(bad)} wrong, first at {tuple(bad[0])}: {got[tuple(bad[0])]} != {want[tuple(bad[0])]}")
    return ok


CASES = {
    # fp16 into f32: A K-major (64-byte swizzle), B N-major (128 bytes).
    "f16 64x64x32": dict(M=64, N=64, K=32, type="f16", acc="f32", instrN=64),
    # Two warpgroups along M, asynchronous with a wait, 128-byte swizzles, 4 K steps.
    "f16 2 warpgroups async": dict(M=128, N=64, K=64, type="f16", acc="f32", instrN=64,
                                   warps=[8, 1], **{"async": True}),
    # Warpgroups along N.
    "f16 warpgroups along N": dict(M=64, N=128, K=32, type="f16", acc="f32", instrN=64, warps=[4, 2]),
    # Repetitions over M and N in registers (128x128 over one warpgroup, N tiles of 32).
    "f16 M/N repeats": dict(M=128, N=64, K=16, type="f16", acc="f32", instrN=32),
    # Transposed (M-major) A with a 128-byte swizzle; K-major B (32 bytes).
    "f16 A M-major, B K-major": dict(M=64, N=32, K=16, type="f16", acc="f32", instrN=32,
                                     a_trans=True, b_trans=True),
    # M-major A with 32-byte swizzle chunks (LBO used), N-major B.
    "bf16 A M-major 32B": dict(M=64, N=32, K=32, type="bf16", acc="f32", instrN=32, a_trans=True,
                               sa=32),
    # N-major B in 64-byte chunks (LBO between them), K-major A in 32 bytes.
    "f16 B N-major 64B": dict(M=64, N=64, K=16, type="f16", acc="f32", instrN=64, sb=64),
    # Unswizzled B of 16-byte rows (8 columns): the canonical interleaved layout.
    "f16 N=8 unswizzled B": dict(M=64, N=8, K=32, type="f16", acc="f32", instrN=8),
    # A zero constant accumulator is not read (scale-d false on the first K
    # step, undefined input registers): f32, f16 (packed) and i32, A in
    # shared memory or registers, two warpgroups.
    "f16 zero accumulator": dict(M=128, N=64, K=32, type="f16", acc="f32", instrN=64,
                                 warps=[8, 1], zero_c=True),
    "f16 into f16 zero accumulator": dict(M=64, N=32, K=32, type="f16", acc="f16", instrN=32,
                                          zero_c=True),
    "i8 zero accumulator": dict(M=64, N=32, K=64, type="i8", acc="i32", instrN=32, b_trans=True,
                                zero_c=True),
    "f16 A in registers, zero accumulator": dict(M=64, N=32, K=32, type="f16", acc="f32",
                                                 instrN=32, a_regs=True, zero_c=True),
    # useC false: the accumulator is ignored.
    "f16 useC false": dict(M=64, N=32, K=32, type="f16", acc="f32", instrN=32, use_c=False),
    "f16 useC true": dict(M=64, N=32, K=32, type="f16", acc="f32", instrN=32, use_c=True),
    # fp16 accumulators (f16x2 registers).
    "f16 into f16": dict(M=64, N=32, K=32, type="f16", acc="f16", instrN=32),
    # A in registers (local_load to the v3 dot operand layout).
    "f16 A in registers": dict(M=64, N=64, K=32, type="f16", acc="f32", instrN=64, a_regs=True),
    "i8 A in registers": dict(M=64, N=32, K=64, type="i8", acc="i32", instrN=32, a_regs=True,
                              b_trans=True),
    # tf32, K-major both.
    "tf32": dict(M=64, N=32, K=32, type="f32", acc="f32", instrN=32, b_trans=True),
    # int8 into int32, fp8 (e4m3 x e5m2) into f32.
    "i8": dict(M=64, N=32, K=64, type="i8", acc="i32", instrN=32, b_trans=True),
    "e4m3 x e5m2": dict(M=64, N=32, K=64, type="e4m3", btype="e5m2", acc="f32", instrN=32,
                        b_trans=True),
    # fp8 into f32 with maxNumImpreciseAcc <= K: partial sums per chunk of
    # K steps (32 products each), added to the accumulator in f32.
    "e4m3 split every 32": dict(M=64, N=32, K=128, type="e4m3", acc="f32", instrN=32,
                                b_trans=True, max_imprecise=32),
    # Two warpgroups, M/N repetitions, asynchronous: chunks of two steps.
    "e5m2 split every 64, 2 warpgroups, async": dict(
        M=256, N=64, K=128, type="e5m2", acc="f32", instrN=32, warps=[8, 1], b_trans=True,
        max_imprecise=64, **{"async": True}),
    # 80 rounds up to three steps (3.6 adds once the count reaches the
    # limit): chunks [0, 3), [3, 4); useC false starts from the first chunk.
    "e4m3 x e5m2 split 80, useC false": dict(M=64, N=32, K=128, type="e4m3", btype="e5m2",
                                             acc="f32", instrN=32, b_trans=True,
                                             max_imprecise=80, use_c=False),
    "e4m3 split 80, useC true": dict(M=64, N=32, K=128, type="e4m3", acc="f32", instrN=32,
                                     b_trans=True, max_imprecise=80, use_c=True),
    "e4m3 split, useC true, A in registers": dict(M=64, N=32, K=64, type="e4m3", acc="f32",
                                                  instrN=32, b_trans=True, a_regs=True,
                                                  max_imprecise=32, use_c=True),
}

passed = 0
for name, case in CASES.items():
    try:
        passed += run_case(name, case)
    except Exception as e:  # noqa: BLE001
        print(f"FAIL {name}: {e}")
print(f"{passed} of {len(CASES)} cases match")
