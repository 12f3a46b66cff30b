"""Lowers small tt.reduce / tt.scan kernels over many layouts and runs them on
the CPU (test/scripts/simt_sim.py), comparing with NumPy. Prints one line per case,
PASS or FAIL, then a count.

Usage: reduce_scan_simt.py TRITON_OPT UTILS_DIR [--amd]
(--amd: gfx942 kernels of 64-lane waves through the AMD lowering, whose
cross-lane moves are DPP, ds_swizzle, ds_bpermute and readlane.)
"""
import sys

import numpy as np

OPT = sys.argv[1]
sys.path.insert(0, sys.argv[2])
AMD = "--amd" in sys.argv[3:]
import simt_sim  # noqa: E402
from simt_kernels import HEADER, blocked, lower as lower_with  # noqa: E402

WARP = 64 if AMD else 32
if AMD:
    HEADER = HEADER.replace('"cuda:90"', '"hip:gfx942"').replace(
        '"ttg.threads-per-warp" = 32', '"ttg.threads-per-warp" = 64')



def offsets(L, M, N):
    """%off = i * N + j, an MxN tensor in layout L."""
    s0 = f"#ttg.slice<{{dim = 1, parent = {L}}}>"
    s1 = f"#ttg.slice<{{dim = 0, parent = {L}}}>"
    return f"""    %i = tt.make_range {{end = {M} : i32, start = 0 : i32}} : tensor<{M}xi32, {s0}>
    %ie = tt.expand_dims %i {{axis = 1 : i32}} : tensor<{M}xi32, {s0}> -> tensor<{M}x1xi32, {L}>
    %j = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32, {s1}>
    %je = tt.expand_dims %j {{axis = 0 : i32}} : tensor<{N}xi32, {s1}> -> tensor<1x{N}xi32, {L}>
    %cN = arith.constant dense<{N}> : tensor<{M}x1xi32, {L}>
    %row = arith.muli %ie, %cN : tensor<{M}x1xi32, {L}>
    %rb = tt.broadcast %row : tensor<{M}x1xi32, {L}> -> tensor<{M}x{N}xi32, {L}>
    %cb = tt.broadcast %je : tensor<1x{N}xi32, {L}> -> tensor<{M}x{N}xi32, {L}>
    %off = arith.addi %rb, %cb : tensor<{M}x{N}xi32, {L}>
"""


def load(ptr, off, shape, L, ty, name):
    return f"""    %{name}p = tt.splat %{ptr} : !tt.ptr<{ty}> -> tensor<{shape}x!tt.ptr<{ty}>, {L}>
    %{name}q = tt.addptr %{name}p, %{off} : tensor<{shape}x!tt.ptr<{ty}>, {L}>, tensor<{shape}xi32, {L}>
    %{name} = tt.load %{name}q : tensor<{shape}x!tt.ptr<{ty}>, {L}>
"""


def store(ptr, off, shape, L, ty, val, name):
    return f"""    %{name}p = tt.splat %{ptr} : !tt.ptr<{ty}> -> tensor<{shape}x!tt.ptr<{ty}>, {L}>
    %{name}q = tt.addptr %{name}p, %{off} : tensor<{shape}x!tt.ptr<{ty}>, {L}>, tensor<{shape}xi32, {L}>
    tt.store %{name}q, %{val} : tensor<{shape}x!tt.ptr<{ty}>, {L}>
"""


# Combine regions: (element types, body lines yielding %r0.., NumPy model).
# "affine" composes x -> x*a + b maps: associative, not commutative.
REGIONS = {
    "addi": (["i32"], ["%r0 = arith.addi %a0, %b0 : i32"]),
    "addf16": (["f16"], ["%r0 = arith.addf %a0, %b0 : f16"]),
    "maxf32": (["f32"], ["%r0 = arith.maxnumf %a0, %b0 : f32"]),
    "maxsi64": (["i64"], ["%r0 = arith.maxsi %a0, %b0 : i64"]),
    "xori8": (["i8"], ["%r0 = arith.xori %a0, %b0 : i8"]),
    "affine": (["i32", "i32"], ["%r0 = arith.muli %a0, %b0 : i32",
                                "%m = arith.muli %a1, %b0 : i32",
                                "%r1 = arith.addi %m, %b1 : i32"]),
    "argmax": (["f32", "i32"], ["%tie = arith.cmpf oeq, %a0, %b0 : f32",
                                "%lt = arith.cmpi slt, %a1, %b1 : i32",
                                "%t2 = arith.andi %tie, %lt : i1",
                                "%gt = arith.cmpf ogt, %a0, %b0 : f32",
                                "%g2 = arith.ori %gt, %t2 : i1",
                                "%r0 = arith.select %g2, %a0, %b0 : f32",
                                "%r1 = arith.select %g2, %a1, %b1 : i32"]),
}
NP = {"i32": np.int32, "f16": np.float16, "i64": np.int64, "i8": np.int8, "f32": np.float32}


def kernel(op, M, N, L, nw, axis, region, reverse=False):
    types, lines = REGIONS[region]
    n = len(types)
    shape = f"{M}x{N}"
    K = M if axis == 1 else N
    R = f"#ttg.slice<{{dim = {axis}, parent = {L}}}>"
    body = offsets(L, M, N)
    srcs = []
    for k, ty in enumerate(types):
        if ty == "i64":  # loaded as i32 and widened
            body += load(f"in{k}", "off", shape, L, "i32", f"n{k}")
            body += f"""    %w{k} = arith.extsi %n{k} : tensor<{shape}xi32, {L}> to tensor<{shape}xi64, {L}>
    %c20 = arith.constant dense<20> : tensor<{shape}xi64, {L}>
    %x{k} = arith.shli %w{k}, %c20 : tensor<{shape}xi64, {L}>
"""
        elif region == "argmax" and k == 1:
            body += f"    %x{k} = arith.addi %off, %off : tensor<{shape}xi32, {L}>\n"
        else:
            body += load(f"in{k}", "off", shape, L, ty, f"x{k}")
        srcs.append(f"%x{k}")
    args = ", ".join([f"%a{k}: {t}" for k, t in enumerate(types)] +
                     [f"%b{k}: {t}" for k, t in enumerate(types)])
    region_text = (f"    ^bb0({args}):\n" + "".join(f"      {l}\n" for l in lines) +
                   f"      tt.{op}.return " + ", ".join(f"%r{k}" for k in range(n)) + " : " +
                   ", ".join(types) + "\n")
    src_types = ", ".join(f"tensor<{shape}x{t}, {L}>" for t in types)
    if op == "reduce":
        out_types = ", ".join(f"tensor<{K}x{t}, {R}>" for t in types)
        body += (f'    %r:{n} = "tt.reduce"({", ".join(srcs)}) <{{axis = {axis} : i32}}> ({{\n' +
                 region_text + f"    }}) : ({src_types}) -> ({out_types})\n")
        body += f"    %k = tt.make_range {{end = {K} : i32, start = 0 : i32}} : tensor<{K}xi32, {R}>\n"
        out_off, out_shape, out_layout = "k", str(K), R
    else:
        rev = "true" if reverse else "false"
        body += (f'    %r:{n} = "tt.scan"({", ".join(srcs)}) <{{axis = {axis} : i32, reverse = {rev}}}> ({{\n' +
                 region_text + f"    }}) : ({src_types}) -> ({src_types})\n")
        out_off, out_shape, out_layout = "off", shape, L
    sig = []
    for k, ty in enumerate(types):
        if not (region == "argmax" and k == 1):
            sig.append(f"%in{k}: !tt.ptr<{'i32' if ty == 'i64' else ty}>")
    for k, ty in enumerate(types):
        if ty == "i64":  # stored as two i32 halves
            body += f"""    %lo{k} = arith.trunci %r#{k} : tensor<{out_shape}xi64, {out_layout}> to tensor<{out_shape}xi32, {out_layout}>
    %c32 = arith.constant dense<32> : tensor<{out_shape}xi64, {out_layout}>
    %s{k} = arith.shrui %r#{k}, %c32 : tensor<{out_shape}xi64, {out_layout}>
    %hi{k} = arith.trunci %s{k} : tensor<{out_shape}xi64, {out_layout}> to tensor<{out_shape}xi32, {out_layout}>
"""
            body += store(f"out{k}", out_off, out_shape, out_layout, "i32", f"lo{k}", f"sl{k}")
            body += store(f"outh{k}", out_off, out_shape, out_layout, "i32", f"hi{k}", f"sh{k}")
            sig += [f"%out{k}: !tt.ptr<i32>", f"%outh{k}: !tt.ptr<i32>"]
        else:
            body += store(f"out{k}", out_off, out_shape, out_layout, ty, f"r#{k}", f"st{k}")
            sig.append(f"%out{k}: !tt.ptr<{ty}>")
    return (HEADER % nw + f"  tt.func public @k({', '.join(sig)}) {{\n" + body +
            "    tt.return\n  }\n}\n")


def lower(src):
    return lower_with(OPT, src, "-convert-triton-amdgpu-to-llvm=arch=gfx942" if AMD
                      else "-convert-triton-gpu-to-llvm")


def model(op, region, data, axis, reverse):
    """The interpreter's semantics: a left fold / inclusive scan in axis order."""
    def step(acc, cur):
        if region == "affine":
            return [(acc[0] * cur[0]), (acc[1] * cur[0] + cur[1])]
        if region == "argmax":
            keep = (acc[0] > cur[0]) | ((acc[0] == cur[0]) & (acc[1] < cur[1]))
            return [np.where(keep, acc[0], cur[0]), np.where(keep, acc[1], cur[1])]
        f = {"addi": np.add, "addf16": np.add, "maxsi64": np.maximum, "xori8": np.bitwise_xor,
             "maxf32": np.fmax}
        return [f[region](acc[0], cur[0])]
    arrays = [np.moveaxis(d, axis, 0) for d in data]
    order = range(arrays[0].shape[0] - 1, -1, -1) if reverse else range(arrays[0].shape[0])
    acc, outs = None, [np.zeros_like(a) for a in arrays]
    with np.errstate(over="ignore"):
        for i in order:
            cur = [a[i] for a in arrays]
            acc = cur if acc is None else [x.astype(a.dtype) for x, a in zip(step(acc, cur), arrays)]
            for o, v in zip(outs, acc):
                o[i] = v
    if op == "reduce":
        return acc
    return [np.moveaxis(o, 0, axis) for o in outs]


def check(op, M, N, L, nw, axis, region, reverse=False, seed=0):
    rng = np.random.default_rng(seed)
    types, _ = REGIONS[region]
    text, shared = lower(kernel(op, M, N, L, nw, axis, region, reverse))
    inputs, data = [], []
    for k, ty in enumerate(types):
        if region == "argmax" and k == 1:
            data.append(np.arange(M * N, dtype=np.int32).reshape(M, N) * 2)
            continue
        if ty == "i64":
            raw = rng.integers(-(1 << 31), (1 << 31) - 1, (M, N)).astype(np.int32)
            inputs.append(raw)
            data.append(raw.astype(np.int64) << 20)
        elif ty in ("f16", "f32"):
            x = rng.integers(-3, 4, (M, N)).astype(NP[ty])  # exact sums, many ties
            inputs.append(x)
            data.append(x)
        else:
            x = rng.integers(-7, 8, (M, N)).astype(NP[ty])
            inputs.append(x)
            data.append(x)
    out_shape = ((M if axis == 1 else N),) if op == "reduce" else (M, N)
    for ty in types:
        inputs += [np.zeros(out_shape, np.int32)] * 2 if ty == "i64" else [np.zeros(out_shape, NP[ty])]
    inputs = [a.copy() for a in inputs]
    outs, races = simt_sim.run(text, "k", inputs, WARP * nw, shared, warp_size=WARP)
    got, pos = [], len([t for k, t in enumerate(types) if not (region == "argmax" and k == 1)])
    for ty in types:
        if ty == "i64":
            lo, hi = outs[pos], outs[pos + 1]
            got.append((hi.astype(np.int64) << 32) | (lo.astype(np.int64) & 0xFFFFFFFF))
            pos += 2
        else:
            got.append(outs[pos])
            pos += 1
    expected = model(op, region, data, axis, reverse)
    ok = all(np.array_equal(g, e.astype(g.dtype)) for g, e in zip(got, expected))
    return ok, races


B = blocked
CASES = [
    # (op, M, N, layout, warps, axis, region, reverse)
    ("reduce", 4, 1024, B([1, 4], [1, 32], [1, 4], [1, 0]), 4, 1, "addi", False),
    ("reduce", 4, 512, B([1, 4], [1, 32], [1, 4], [1, 0]), 4, 1, "affine", False),
    ("reduce", 4, 512, B([1, 4], [1, 32], [1, 4], [1, 0]), 4, 1, "argmax", False),
    ("reduce", 64, 16, B([2, 1], [8, 4], [2, 2], [0, 1]), 4, 0, "argmax", False),
    ("reduce", 64, 16, B([2, 1], [8, 4], [2, 2], [0, 1]), 4, 1, "addf16", False),
    ("reduce", 16, 128, B([1, 2], [4, 8], [2, 4], [1, 0]), 8, 0, "maxsi64", False),
    ("reduce", 16, 64, B([1, 2], [4, 8], [2, 4], [1, 0]), 8, 1, "affine", False),
    ("reduce", 8, 8, B([1, 4], [1, 32], [1, 4], [1, 0]), 4, 1, "xori8", False),
    ("reduce", 8, 8, B([1, 4], [1, 32], [1, 4], [1, 0]), 4, 0, "argmax", False),
    ("scan", 4, 1024, B([1, 4], [1, 32], [1, 4], [1, 0]), 4, 1, "addi", False),
    ("scan", 4, 1024, B([1, 4], [1, 32], [1, 4], [1, 0]), 4, 1, "affine", True),
    ("scan", 2, 512, B([1, 1], [1, 32], [1, 4], [1, 0]), 4, 1, "affine", False),
    ("scan", 4, 128, B([1, 1], [1, 32], [4, 1], [1, 0]), 4, 1, "affine", True),
    ("scan", 64, 16, B([2, 1], [8, 4], [2, 2], [0, 1]), 4, 0, "affine", False),
    ("scan", 64, 16, B([2, 1], [8, 4], [2, 2], [0, 1]), 4, 1, "addf16", True),
    ("scan", 16, 256, B([1, 2], [4, 8], [2, 4], [1, 0]), 8, 1, "maxsi64", False),
    ("scan", 8, 8, B([1, 4], [1, 32], [1, 4], [1, 0]), 4, 1, "affine", True),
    ("scan", 1024, 2, B([4, 1], [32, 1], [4, 1], [0, 1]), 4, 0, "xori8", False),
    # Down the columns with the warps along the axis below 16 register
    # blocks: each chunk's prefix chosen among its block's warp patterns.
    ("scan", 128, 16, B([1, 4], [2, 16], [4, 1], [1, 0]), 4, 0, "affine", True),
    ("scan", 128, 16, B([1, 4], [2, 16], [4, 1], [1, 0]), 4, 0, "affine", False),
]
MMA2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
MMA3 = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>"
SLICE = ("#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 2, 2], "
         "threadsPerWarp = [2, 4, 4], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>}>")
for L in (MMA2, MMA3, SLICE):
    for axis in (0, 1):
        CASES.append(("reduce", 64, 64, L, 4, axis, "argmax", False))
        CASES.append(("scan", 64, 64, L, 4, axis, "affine", axis == 1))

if AMD:
    # 64-lane waves: whole-wave reductions (DPP steps and readlane), axes
    # over some of the lanes (swizzle and DPP butterflies, ds_bpermute for
    # lane ^ 32), 64-bit and multi-value regions, scans.
    CASES = [
        ("reduce", 4, 1024, B([1, 4], [1, 64], [1, 4], [1, 0]), 4, 1, "addi", False),
        ("reduce", 4, 256, B([1, 1], [1, 64], [4, 1], [1, 0]), 4, 1, "maxf32", False),
        ("reduce", 4, 256, B([1, 1], [1, 64], [4, 1], [1, 0]), 4, 1, "addf16", False),
        ("reduce", 8, 64, B([1, 1], [1, 64], [2, 2], [1, 0]), 4, 1, "xori8", False),
        ("reduce", 8, 64, B([1, 1], [1, 64], [2, 2], [1, 0]), 4, 1, "maxsi64", False),
        ("reduce", 8, 64, B([1, 1], [1, 64], [2, 2], [1, 0]), 4, 1, "argmax", False),
        ("reduce", 8, 64, B([1, 1], [1, 64], [2, 2], [1, 0]), 4, 1, "affine", False),
        ("reduce", 64, 32, B([1, 1], [2, 32], [4, 1], [1, 0]), 4, 1, "maxf32", False),
        ("reduce", 64, 32, B([1, 1], [2, 32], [4, 1], [1, 0]), 4, 0, "addi", False),
        ("reduce", 64, 16, B([2, 1], [16, 4], [2, 2], [0, 1]), 4, 0, "argmax", False),
        ("reduce", 16, 128, B([1, 2], [8, 8], [2, 4], [1, 0]), 8, 0, "maxsi64", False),
        ("scan", 4, 1024, B([1, 4], [1, 64], [1, 4], [1, 0]), 4, 1, "addi", False),
        ("scan", 4, 1024, B([1, 4], [1, 64], [1, 4], [1, 0]), 4, 1, "affine", True),
        ("scan", 64, 16, B([2, 1], [16, 4], [2, 2], [0, 1]), 4, 0, "affine", False),
        ("scan", 64, 32, B([1, 1], [2, 32], [4, 1], [1, 0]), 4, 1, "addf16", True),
    ]

failures = 0
for case in CASES:
    op, M, N, L, nw, axis, region, reverse = case
    name = f"{op} {region} {M}x{N} axis={axis}{' reverse' if reverse else ''} {L}"
    try:
        ok, races = check(*case)
    except Exception as e:  # a lowering or simulation error is a failure
        ok, races = False, [str(e)]
    if not ok or races:
        failures += 1
        print(f"FAIL {name}: {'wrong values' if not ok else ''} {'; '.join(races[:2])}")
    else:
        print(f"PASS {name}")
print(f"{len(CASES) - failures} of {len(CASES)} cases match")
