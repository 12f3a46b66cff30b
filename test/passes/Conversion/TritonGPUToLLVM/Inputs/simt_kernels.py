"""Pieces the CPU-simulation tests (wgmma_simt.py, mfma_simt.py,
ldmatrix_simt.py, gather_simt.py, convert_simt.py) share: TTGIR text for row-major offsets and loads of a
tile in a given layout, and the lowering of a kernel to what
test/scripts/simt_sim.py runs."""
import os
import re
import subprocess
import tempfile

TMP = tempfile.mkdtemp()

# A module of one CTA of `%d` warps on sm_90, opened (the kernel follows).
HEADER = ('module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = %d : i32, '
          'ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {\n')


def lst(values):
    return "[" + ", ".join(map(str, values)) + "]"


def blocked(spt, tpw, wpc, order):
    """A #ttg.blocked layout's text."""
    return (f"#ttg.blocked<{{sizePerThread = {lst(spt)}, threadsPerWarp = {lst(tpw)}, "
            f"warpsPerCTA = {lst(wpc)}, order = {lst(order)}}}>")


def linear(register, lane, warp):
    """A #ttg.linear layout's text (one CTA)."""
    f = lambda bases: "[" + ", ".join(lst(b) for b in bases) + "]"
    return (f"#ttg.linear<{{register = {f(register)}, lane = {f(lane)}, warp = {f(warp)}, "
            f"block = []}}>")


def offsets(L, M, N, name):
    """%<name> = i * N + j over an MxN tensor in layout L."""
    s0 = f"#ttg.slice<{{dim = 1, parent = {L}}}>"
    s1 = f"#ttg.slice<{{dim = 0, parent = {L}}}>"
    return f"""    %{name}i = tt.make_range {{end = {M} : i32, start = 0 : i32}} : tensor<{M}xi32, {s0}>
    %{name}ie = tt.expand_dims %{name}i {{axis = 1 : i32}} : tensor<{M}xi32, {s0}> -> tensor<{M}x1xi32, {L}>
    %{name}j = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32, {s1}>
    %{name}je = tt.expand_dims %{name}j {{axis = 0 : i32}} : tensor<{N}xi32, {s1}> -> tensor<1x{N}xi32, {L}>
    %{name}n = arith.constant dense<{N}> : tensor<{M}x1xi32, {L}>
    %{name}r = arith.muli %{name}ie, %{name}n : tensor<{M}x1xi32, {L}>
    %{name}rb = tt.broadcast %{name}r : tensor<{M}x1xi32, {L}> -> tensor<{M}x{N}xi32, {L}>
    %{name}cb = tt.broadcast %{name}je : tensor<1x{N}xi32, {L}> -> tensor<{M}x{N}xi32, {L}>
    %{name} = arith.addi %{name}rb, %{name}cb : tensor<{M}x{N}xi32, {L}>
"""


def offsets_nd(L, shape, name):
    """%<name> = the row-major index over a tensor of `shape` (rank 1 to 3)
    in layout L: a range along each dimension, in L sliced down to it,
    expanded back, scaled by its stride and broadcast."""
    rank = len(shape)
    if rank == 2:
        return offsets(L, shape[0], shape[1], name)
    full = "x".join(map(str, shape))
    if rank == 1:
        return (f"    %{name} = tt.make_range {{end = {shape[0]} : i32, start = 0 : i32}} : "
                f"tensor<{shape[0]}xi32, {L}>\n")
    text, terms = "", []
    for d in range(rank):
        # Slices of L removing the other dimensions, the highest first.
        others = [o for o in range(rank) if o != d]
        layouts = [L]
        for o in reversed(others):
            layouts.append(f"#ttg.slice<{{dim = {o}, parent = {layouts[-1]}}}>")
        v = f"%{name}r{d}"
        text += (f"    {v} = tt.make_range {{end = {shape[d]} : i32, start = 0 : i32}} : "
                 f"tensor<{shape[d]}xi32, {layouts[-1]}>\n")
        dims = [shape[d]]
        for step, o in enumerate(others):
            before = "x".join(map(str, dims))
            dims.insert(o, 1)
            after = "x".join(map(str, dims))
            w = f"{v}e{step}"
            text += (f"    {w} = tt.expand_dims {v} {{axis = {o} : i32}} : "
                     f"tensor<{before}xi32, {layouts[-1 - step]}> -> "
                     f"tensor<{after}xi32, {layouts[-2 - step]}>\n")
            v = w
        unit = "x".join(map(str, dims))
        stride = 1
        for e in shape[d + 1:]:
            stride *= e
        text += (f"    {v}s = arith.constant dense<{stride}> : tensor<{unit}xi32, {L}>\n"
                 f"    {v}m = arith.muli {v}, {v}s : tensor<{unit}xi32, {L}>\n"
                 f"    {v}b = tt.broadcast {v}m : tensor<{unit}xi32, {L}> -> "
                 f"tensor<{full}xi32, {L}>\n")
        terms.append(f"{v}b")
    acc = terms[0]
    for i, term in enumerate(terms[1:]):
        out = f"%{name}" if i == len(terms) - 2 else f"%{name}sum{i}"
        text += f"    {out} = arith.addi {acc}, {term} : tensor<{full}xi32, {L}>\n"
        acc = out
    return text


def convert_kernel(shape, src, dst, ty, warps, target="cuda:90"):
    """@k(%x, %y): the tile of `shape` (rank 1 to 3) at %x loaded in layout
    `src`, converted to `dst` and stored at %y (elements of `ty`)."""
    full = "x".join(map(str, shape))
    t = lambda L, e=ty: f"tensor<{full}x{e}, {L}>"
    p = lambda L: f"tensor<{full}x!tt.ptr<{ty}>, {L}>"
    body = offsets_nd(src, shape, "a") + offsets_nd(dst, shape, "b") + f"""    %ap = tt.splat %x : !tt.ptr<{ty}> -> {p(src)}
    %aq = tt.addptr %ap, %a : {p(src)}, {t(src, 'i32')}
    %v = tt.load %aq : {p(src)}
    %w = ttg.convert_layout %v : {t(src)} -> {t(dst)}
    %bp = tt.splat %y : !tt.ptr<{ty}> -> {p(dst)}
    %bq = tt.addptr %bp, %b : {p(dst)}, {t(dst, 'i32')}
    tt.store %bq, %w : {p(dst)}
"""
    return (HEADER.replace("cuda:90", target) % warps +
            f"  tt.func public @k(%x: !tt.ptr<{ty}>, %y: !tt.ptr<{ty}>) {{\n" + body +
            "    tt.return\n  }\n}\n")


ROOM = ("#room = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
        "#smem = #ttg.shared_memory\n")


def with_room(kernel, room):
    """A convert_kernel with a buffer of ROOM bytes allocated, and freed,
    before its conversion: shared memory the conversion may use for more of
    its rounds at once (an NVIDIA target's allocation gives it that)."""
    alloc = (f"    %room = ttg.local_alloc : () -> "
             f"!ttg.memdesc<{room}xi8, #room, #smem, mutable>\n")
    return ROOM + kernel.replace("    %w = ttg.convert_layout", alloc + "    %w = ttg.convert_layout")


def scratch_tiles(opt, kernel):
    """How many of its rounds' tiles the allocation gives KERNEL's conversion
    (its `allocation.tiles`, 1 without)."""
    r = subprocess.run([opt, "-allocate-shared-memory"], input=kernel, capture_output=True,
                       text=True)
    m = re.search(r"allocation\.tiles = (\d+)", r.stdout)
    return int(m.group(1)) if m else 1


def load(ptr, shape, L, mem, ty, name):
    """%<name>: the tile at %<ptr> + %<name>o, loaded as `mem` and bitcast to `ty`."""
    text = f"""    %{name}p = tt.splat %{ptr} : !tt.ptr<{mem}> -> tensor<{shape}x!tt.ptr<{mem}>, {L}>
    %{name}q = tt.addptr %{name}p, %{name}o : tensor<{shape}x!tt.ptr<{mem}>, {L}>, tensor<{shape}xi32, {L}>
    %{name}m = tt.load %{name}q : tensor<{shape}x!tt.ptr<{mem}>, {L}>
"""
    if mem == ty:
        return text.replace(f"%{name}m = tt.load", f"%{name} = tt.load")
    return text + f"    %{name} = tt.bitcast %{name}m : tensor<{shape}x{mem}, {L}> -> tensor<{shape}x{ty}, {L}>\n"


def lower(opt, src, lowering, name="k"):
    """The kernel through shared-memory allocation and `lowering` (a pass
    flag), in the generic form simt_sim reads, and its shared memory size."""
    path = os.path.join(TMP, re.sub(r"\W", "_", name) + ".mlir")
    with open(path, "w") as f:
        f.write(src)
    r = subprocess.run([opt, path, "-allocate-shared-memory", lowering, "-canonicalize", "-cse",
                        "-convert-nv-gpu-to-llvm", "-reconcile-unrealized-casts",
                        "--mlir-print-op-generic"],
                       capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[0] if r.stderr else "triton-opt crashed")
    return r.stdout, int(re.search(r"ttg.shared = (\d+)", r.stdout).group(1))


def run_shuffle_cases(cases, check):
    """Runs check(*case, seed) on each (name, *case) of `cases`, which gives
    (problems, shuffle count); prints PASS or FAIL per case, then a count."""
    failures = 0
    for seed, (name, *case) in enumerate(cases):
        try:
            problems, shuffles = check(*case, seed)
        except Exception as e:  # a lowering or simulation error is a failure
            problems, shuffles = [f"{type(e).__name__}: {e}"], 0
        if problems:
            failures += 1
            print(f"FAIL {name}: {'; '.join(problems[:3])}")
        else:
            print(f"PASS {name}: {shuffles} shuffles")
    print(f"{len(cases) - failures} of {len(cases)} cases match")


def run_conversions(opt, cases, target, room=False):
    """Lowers and runs (simt_sim) each conversion of `cases`, a list of
    (label, shape, source, destination, integer type, warps, seed): the tile
    must come back unchanged, without races. With ROOM, a freed buffer of the
    tensor's bytes comes before each conversion. Prints FAIL lines, the count
    of conversions per route (stmatrix, ldmatrix, or plain accesses and
    shuffles) and, with ROOM, per count of tiles taken at once, then how many
    came back unchanged."""
    import numpy as np
    import simt_sim
    types = {"i8": np.int8, "i16": np.int16, "i32": np.int32}
    counts = {}
    failures = 0
    for label, shape, src, dst, ty, warps, seed in cases:
        where = f"{label}: {'x'.join(map(str, shape))}x{ty} {src} -> {dst}"
        kernel = convert_kernel(list(shape), src, dst, ty, warps, target)
        if room:
            kernel = with_room(kernel, int(np.prod(shape)) * np.dtype(types[ty]).itemsize)
            tiles = scratch_tiles(opt, kernel)
            counts[f"{tiles} tiles at once"] = counts.get(f"{tiles} tiles at once", 0) + 1
        try:
            text, shared = lower(opt, kernel, "-convert-triton-gpu-to-llvm",
                                 name=f"conversion{seed}")
            data = np.random.default_rng(seed).integers(-100, 100, shape).astype(types[ty])
            outs, races = simt_sim.run(text, "k", [data, np.zeros(shape, types[ty])],
                                       32 * warps, shared)
        except Exception as e:  # a lowering or simulation error is a failure
            failures += 1
            print(f"FAIL {where}: {type(e).__name__}: {str(e)[:200]}")
            continue
        if not np.array_equal(outs[1], data) or races:
            failures += 1
            print(f"FAIL {where}: {int((outs[1] != data).sum())} of {data.size} wrong, "
                  f"{len(races)} races")
            continue
        used = " and ".join(sorted(set(re.findall(r'"nvvm\.(stmatrix|ldmatrix)"', text))))
        counts[used or "plain"] = counts.get(used or "plain", 0) + 1
    for kind, count in sorted(counts.items()):
        print(f"{kind}: {count}")
    print(f"{len(cases) - failures} of {len(cases)} conversions come back unchanged")

