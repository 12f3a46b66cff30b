"""Lowers small tt.gather kernels over many layouts and runs them on the CPU
(test/scripts/simt_sim.py), comparing with NumPy's take_along_axis of the indices
reduced modulo the axis size. Each case also states whether it is warp-local
(lowered with shuffles: no shared memory, no barrier) or not (through shared
memory). Prints one line per case, PASS or FAIL with the shuffle count, then
a count.

Usage: gather_simt.py TRITON_OPT UTILS_DIR
"""
import sys

import numpy as np

OPT = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import simt_sim  # noqa: E402
from simt_kernels import HEADER, blocked, linear, lower as lower_with, run_shuffle_cases  # noqa: E402

NP = {"f32": np.float32, "f16": np.float16, "i8": np.int8, "i32": np.int32}


def tensor(shape, ty, layout):
    return f"tensor<{'x'.join(map(str, shape))}x{ty}, {layout}>"


def offsets(name, shape, L):
    """%<name>: the row-major offset of each element of `shape` in layout L,
    built from one make_range per dimension in the slice of L along it."""
    rank, lines, parts = len(shape), [], []
    strides = [int(np.prod(shape[d + 1:])) for d in range(rank)]
    for d in range(rank):
        others = [k for k in range(rank) if k != d]
        chain = [L]  # chain[j]: L less the j largest other dimensions
        for k in reversed(others):
            chain.append(f"#ttg.slice<{{dim = {k}, parent = {chain[-1]}}}>")
        cur, kept = f"%{name}r{d}", [d]
        lines.append(f"{cur} = tt.make_range {{end = {shape[d]} : i32, start = 0 : i32}} : "
                     f"{tensor([shape[d]], 'i32', chain[-1])}")
        for i, k in enumerate(others):
            before = [shape[j] if j == d else 1 for j in kept]
            kept = sorted(kept + [k])
            after = [shape[j] if j == d else 1 for j in kept]
            nxt = f"%{name}e{d}_{i}"
            lines.append(f"{nxt} = tt.expand_dims {cur} {{axis = {kept.index(k)} : i32}} : "
                         f"{tensor(before, 'i32', chain[-1 - i])} -> "
                         f"{tensor(after, 'i32', chain[-2 - i])}")
            cur = nxt
        one = [shape[j] if j == d else 1 for j in range(rank)]
        if rank > 1:
            lines.append(f"%{name}b{d} = tt.broadcast {cur} : {tensor(one, 'i32', L)} -> "
                         f"{tensor(shape, 'i32', L)}")
            cur = f"%{name}b{d}"
        lines.append(f"%{name}c{d} = arith.constant dense<{strides[d]}> : "
                     f"{tensor(shape, 'i32', L)}")
        lines.append(f"%{name}m{d} = arith.muli {cur}, %{name}c{d} : {tensor(shape, 'i32', L)}")
        parts.append(f"%{name}m{d}")
    acc = parts[0]
    for d, part in enumerate(parts[1:], 1):
        lines.append(f"%{name}s{d} = arith.addi {acc}, {part} : {tensor(shape, 'i32', L)}")
        acc = f"%{name}s{d}"
    return lines, acc


def load(ptr, off, shape, L, ty, name):
    return [f"%{name}p = tt.splat %{ptr} : !tt.ptr<{ty}> -> {tensor(shape, f'!tt.ptr<{ty}>', L)}",
            f"%{name}q = tt.addptr %{name}p, {off} : {tensor(shape, f'!tt.ptr<{ty}>', L)}, "
            f"{tensor(shape, 'i32', L)}",
            f"%{name} = tt.load %{name}q : {tensor(shape, f'!tt.ptr<{ty}>', L)}"]


def store(ptr, off, shape, L, ty, val, name):
    return [f"%{name}p = tt.splat %{ptr} : !tt.ptr<{ty}> -> {tensor(shape, f'!tt.ptr<{ty}>', L)}",
            f"%{name}q = tt.addptr %{name}p, {off} : {tensor(shape, f'!tt.ptr<{ty}>', L)}, "
            f"{tensor(shape, 'i32', L)}",
            f"tt.store %{name}q, {val} : {tensor(shape, f'!tt.ptr<{ty}>', L)}"]


def kernel(src_shape, src_L, idx_shape, idx_L, axis, ety, ity, nw):
    """Gathers `ety` elements (i64 as two i32 halves in and out; ptr: pointers
    to f32 data, the gathered pointers loaded) by `ity` indices (loaded as
    i32 and converted)."""
    lines, so = offsets("so", src_shape, src_L)
    more, io = offsets("io", idx_shape, idx_L)
    lines += more
    sig = []
    S = lambda ty: tensor(src_shape, ty, src_L)
    I = lambda ty: tensor(idx_shape, ty, idx_L)
    if ety == "i64":
        sig += ["%hi: !tt.ptr<i32>", "%lo: !tt.ptr<i32>"]
        lines += load("hi", so, src_shape, src_L, "i32", "h32")
        lines += load("lo", so, src_shape, src_L, "i32", "l32")
        lines += [f"%h64 = arith.extsi %h32 : {S('i32')} to {S('i64')}",
                  f"%l64 = arith.extui %l32 : {S('i32')} to {S('i64')}",
                  f"%c32 = arith.constant dense<32> : {S('i64')}",
                  f"%hs = arith.shli %h64, %c32 : {S('i64')}",
                  f"%x = arith.ori %hs, %l64 : {S('i64')}"]
        gty = "i64"
    elif ety == "ptr":
        sig += ["%data: !tt.ptr<f32>"]
        lines += [f"%dp = tt.splat %data : !tt.ptr<f32> -> {S('!tt.ptr<f32>')}",
                  f"%x = tt.addptr %dp, {so} : {S('!tt.ptr<f32>')}, {S('i32')}"]
        gty = "!tt.ptr<f32>"
    else:
        sig += [f"%src: !tt.ptr<{ety}>"]
        lines += load("src", so, src_shape, src_L, ety, "x")
        gty = ety
    sig += ["%idx: !tt.ptr<i32>"]
    lines += load("idx", io, idx_shape, idx_L, "i32", "i32v")
    if ity == "i32":
        iv = "%i32v"
    else:
        conv = "arith.extsi" if ity == "i64" else "arith.trunci"
        lines.append(f"%iv = {conv} %i32v : {I('i32')} to {I(ity)}")
        iv = "%iv"
    lines.append(f"%g = tt.gather %x[{iv}] {{axis = {axis} : i32}} : ({S(gty)}, {I(ity)}) -> "
                 f"{I(gty)}")
    if ety == "i64":
        sig += ["%olo: !tt.ptr<i32>", "%ohi: !tt.ptr<i32>"]
        lines += [f"%glo = arith.trunci %g : {I('i64')} to {I('i32')}",
                  f"%c32o = arith.constant dense<32> : {I('i64')}",
                  f"%gs = arith.shrui %g, %c32o : {I('i64')}",
                  f"%ghi = arith.trunci %gs : {I('i64')} to {I('i32')}"]
        lines += store("olo", io, idx_shape, idx_L, "i32", "%glo", "sl")
        lines += store("ohi", io, idx_shape, idx_L, "i32", "%ghi", "sh")
    elif ety == "ptr":
        sig += ["%out: !tt.ptr<f32>"]
        lines.append(f"%gv = tt.load %g : {I('!tt.ptr<f32>')}")
        lines += store("out", io, idx_shape, idx_L, "f32", "%gv", "st")
    else:
        sig += [f"%out: !tt.ptr<{ety}>"]
        lines += store("out", io, idx_shape, idx_L, ety, "%g", "st")
    return (HEADER % nw + f"  tt.func public @k({', '.join(sig)}) {{\n" +
            "".join(f"    {l}\n" for l in lines) + "    tt.return\n  }\n}\n")


def lower(src):
    return lower_with(OPT, src, "-convert-triton-gpu-to-llvm")


def check(src_shape, src_L, idx_shape, idx_L, axis, ety, ity, nw, warp_local, seed):
    rng = np.random.default_rng(seed)
    text, shared = lower(kernel(src_shape, src_L, idx_shape, idx_L, axis, ety, ity, nw))
    n = src_shape[axis]
    lim = {"i8": 100, "i16": 4 * n, "i32": 4 * n, "i64": 4 * n}[ity]
    idx = rng.integers(-lim, lim, idx_shape).astype(np.int32)  # in and out of range
    wrapped = idx.astype(np.int64) & (n - 1)
    if ety == "i64":
        hi = rng.integers(-(1 << 31), (1 << 31) - 1, src_shape).astype(np.int32)
        lo = rng.integers(-(1 << 31), (1 << 31) - 1, src_shape).astype(np.int32)
        inputs = [hi, lo, idx, np.zeros(idx_shape, np.int32), np.zeros(idx_shape, np.int32)]
        outs, races = simt_sim.run(text, "k", inputs, 32 * nw, shared)
        got = (outs[4].astype(np.int64) << 32) | (outs[3].astype(np.int64) & 0xFFFFFFFF)
        data = (hi.astype(np.int64) << 32) | (lo.astype(np.int64) & 0xFFFFFFFF)
    else:
        dt = np.float32 if ety == "ptr" else NP[ety]
        data = rng.integers(-1000, 1000, src_shape).astype(dt)
        inputs = [data, idx, np.zeros(idx_shape, dt)]
        outs, races = simt_sim.run(text, "k", inputs, 32 * nw, shared)
        got = outs[2]
    expected = np.take_along_axis(data, wrapped, axis)
    shuffles = text.count('"nvvm.shfl.sync"')
    local = shared == 0 and '"nvvm.barrier0"' not in text and shuffles > 0
    problems = list(races)
    if not np.array_equal(got, expected):
        problems.insert(0, "wrong values")
    if local != warp_local:
        problems.append(f"expected {'shuffles' if warp_local else 'shared memory'}, "
                        f"got shared = {shared}, {shuffles} shuffles")
    return problems, shuffles


B, LIN = blocked, linear
BLOCKED1 = B([2, 1], [32, 1], [1, 4], [0, 1])  # Triton 3.6's gather_2d
BLOCKED2 = B([1, 1], [1, 32], [4, 1], [1, 0])
CASES = [
    # (name, src shape, src layout, idx shape, idx layout, axis, element, index, warps,
    #  warp-local)
    ("3.6 axis 0, 2 registers x 32 lanes", [64, 32], BLOCKED1, [64, 32], BLOCKED1, 0, "f32",
     "i32", 4, True),
    ("3.6 axis 1, 32 lanes", [64, 32], BLOCKED2, [64, 32], BLOCKED2, 1, "f32", "i32", 4, True),
    ("registers below and above the lanes, f16, i64 indices", [8, 128],
     B([1, 2], [1, 32], [4, 1], [1, 0]), [8, 128], B([1, 2], [1, 32], [4, 1], [1, 0]), 1,
     "f16", "i64", 4, True),
    # Element (i, j) held by two lanes and one register, another register a
    # repeat; the warps split the columns.
    ("broadcast source and result", [16, 16],
     LIN([[1, 0], [0, 0], [0, 4]], [[2, 0], [4, 0], [8, 0], [0, 1], [1, 0]], [[0, 2], [0, 8]]),
     [16, 16],
     LIN([[1, 0], [0, 0], [0, 4]], [[2, 0], [4, 0], [8, 0], [0, 1], [1, 0]], [[0, 2], [0, 8]]),
     0, "f32", "i32", 4, True),
    # A narrower source (lanes repeating it) and wider indices in another
    # layout: registers along the axis, repeated lanes.
    ("different index layout and axis size, i8, i16 indices", [64, 16], BLOCKED2, [64, 32],
     LIN([[0, 1], [4, 0], [8, 0], [16, 0], [32, 0]], [[0, 2], [0, 4], [0, 8], [0, 16], [0, 0]],
         [[1, 0], [2, 0]]), 1, "i8", "i16", 4, True),
    ("3-D axis 1", [4, 8, 8], B([1, 2, 1], [2, 4, 4], [2, 1, 2], [2, 1, 0]), [4, 8, 8],
     B([1, 2, 1], [2, 4, 4], [2, 1, 2], [2, 1, 0]), 1, "f32", "i32", 4, True),
    ("3-D axis 2", [4, 8, 8], B([1, 1, 2], [2, 4, 4], [2, 2, 1], [2, 1, 0]), [4, 8, 8],
     B([1, 1, 2], [2, 4, 4], [2, 2, 1], [2, 1, 0]), 2, "f16", "i32", 4, True),
    ("i64 elements, 4 registers x 8 lanes", [32, 32], B([4, 1], [8, 4], [1, 4], [0, 1]),
     [32, 32], B([4, 1], [8, 4], [1, 4], [0, 1]), 0, "i64", "i32", 4, True),
    ("pointers", [16, 32], B([1, 4], [4, 8], [4, 1], [1, 0]), [16, 32],
     B([1, 4], [4, 8], [4, 1], [1, 0]), 1, "ptr", "i32", 4, True),
    ("1-D, warps repeating it", [64], B([2], [32], [4], [0]), [64], B([2], [32], [4], [0]), 0,
     "i32", "i32", 4, True),
    # Warp 1 holds the source moved by one along the axis (lane l has
    # element l ^ 1): the lane read makes up for it.
    ("source warps moving along the axis", [32], LIN([], [[1], [2], [4], [8], [16]], [[1], [0]]),
     [32], B([1], [32], [4], [0]), 0, "f32", "i32", 4, True),
    # Not warp-local: through shared memory, whatever the attribute says.
    ("1-D across warps", [256], B([2], [32], [4], [0]), [256], B([2], [32], [4], [0]), 0,
     "f32", "i32", 4, False),
    ("index rows in other warps", [16, 16], B([1, 2], [4, 8], [4, 1], [1, 0]), [16, 4],
     B([1, 1], [8, 4], [4, 1], [1, 0]), 1, "f16", "i64", 4, False),
]

run_shuffle_cases(CASES, check)
