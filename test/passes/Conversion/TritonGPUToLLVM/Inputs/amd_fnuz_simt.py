"""gfx942's hardware fp8 conversions, end to end: kernels converting a
buffer with tt.fp_to_fp between f32 / f16 and f8E4M3FNUZ / f8E5M2FNUZ are
lowered with -convert-triton-amdgpu-to-llvm=gfx-arch=gfx942 (which must use
rocdl.cvt.pk.* and nothing of the software emulation's rounding) and run on
the CPU (test/scripts/simt_sim.py, whose V_CVT_PK_* model follows the CDNA3
ISA: round to nearest even, no clamp -- out of range is the NaN 0x80 --
and exact widening). Every result must have the interpreter's (triton-run)
bits: all 256 codes widened (to f32, f16, bf16 and the other fnuz
format), and narrowed: every f16 and bf16 value and an f32 sweep
(every fnuz value, the ties between neighbours and one ulp either side,
the subnormal range, the largest value and beyond, zeros, infinities,
NaN, random values). The same kernels for gfx90a, which has no such
instructions, must use the common emulation's integer arithmetic (no
rocdl.cvt) and give the same bits. Prints one line per conversion, then a
count.

Usage: amd_fnuz_simt.py TRITON_OPT TRITON_RUN SCRIPTS_DIR
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

OPT, RUN, SCRIPTS = sys.argv[1:4]
sys.path.insert(0, SCRIPTS)
import simt_sim  # noqa: E402

TMP = tempfile.mkdtemp()
WARPS = 4
FNUZ = {"fp8": "f8E4M3FNUZ", "bf8": "f8E5M2FNUZ"}
NP = {"f32": np.float32, "f16": np.float16, "i8": np.int8, "i16": np.int16}


def mem(t):
    """The type a value travels as in memory: fnuz as i8, bf16 as i16 bits."""
    return "i8" if t in FNUZ.values() else "i16" if t == "bf16" else t


def kernel(src, dst, n, arch):
    """@cvt(px, py): py[i] = fp_to_fp(px[i]) over n elements; fnuz values
    travel as i8."""
    bl = (f"#ttg.blocked<{{sizePerThread = [4], threadsPerWarp = [64], "
          f"warpsPerCTA = [{WARPS}], order = [0]}}>")
    t = lambda e: f"tensor<{n}x{e}, #bl>"  # noqa: E731
    p = lambda e: f"tensor<{n}x!tt.ptr<{e}>, #bl>"  # noqa: E731
    rounding = ", rounding = rtne" if dst in FNUZ.values() else ""
    text = f"""#bl = {bl}
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {WARPS} : i32, ttg.target = "hip:{arch}", "ttg.threads-per-warp" = 64 : i32}} {{
  tt.func public @cvt(%px: !tt.ptr<{mem(src)}>, %py: !tt.ptr<{mem(dst)}>) {{
    %r = tt.make_range {{end = {n} : i32, start = 0 : i32}} : {t("i32")}
    %xs = tt.splat %px : !tt.ptr<{mem(src)}> -> {p(mem(src))}
    %xp = tt.addptr %xs, %r : {p(mem(src))}, {t("i32")}
    %xm = tt.load %xp : {p(mem(src))}
"""
    if mem(src) != src:
        text += f"    %x = tt.bitcast %xm : {t(mem(src))} -> {t(src)}\n"
    else:
        text = text.replace("%xm = tt.load", "%x = tt.load")
    text += f"    %y = tt.fp_to_fp %x{rounding} : {t(src)} -> {t(dst)}\n"
    stored = "%y"
    if mem(dst) != dst:
        text += f"    %ym = tt.bitcast %y : {t(dst)} -> {t(mem(dst))}\n"
        stored = "%ym"
    text += f"""    %ys = tt.splat %py : !tt.ptr<{mem(dst)}> -> {p(mem(dst))}
    %yp = tt.addptr %ys, %r : {p(mem(dst))}, {t("i32")}
    tt.store %yp, {stored} : {p(mem(dst))}
    tt.return
  }}
}}
"""
    return text


def lowered(path, arch):
    r = subprocess.run([OPT, path, "-allocate-shared-memory",
                        f"-convert-triton-amdgpu-to-llvm=gfx-arch={arch}", "-canonicalize", "-cse",
                        "-reconcile-unrealized-casts", "--mlir-print-op-generic"],
                       capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[0])
    return r.stdout, int(re.search(r"ttg.shared = (\d+)", r.stdout).group(1))


def bits(a):
    a = np.asarray(a)
    return a.view({1: np.uint8, 2: np.uint16, 4: np.uint32}[a.dtype.itemsize])


def is_nan(a, dst):
    if dst == "bf16":
        return (bits(a) & 0x7FFF) > 0x7F80
    return np.isnan(a) if dst in ("f32", "f16") else np.zeros(a.shape, dtype=bool)


def same(got, want, dst):
    """Bit for bit; any NaN matches any NaN (the widened 0x80)."""
    return (bits(got) == bits(want)) | (is_nan(got, dst) & is_nan(want, dst))


def check(src, dst, values, arch):
    """Converts `values` (their memory type) in both; returns the mismatches."""
    n = len(values)
    path = os.path.join(TMP, f"cvt_{src}_{dst}_{arch}.mlir")
    with open(path, "w") as f:
        f.write(kernel(src, dst, n, arch))
    text, shared = lowered(path, arch)
    used = set(re.findall(r'"rocdl\.(cvt\.[\w.]+)"', text))
    kind = {v: k for k, v in FNUZ.items()}
    want_op = f"cvt.pk.f32.{kind[src]}" if src in kind else f"cvt.pk.{kind[dst]}.f32"
    if arch == "gfx90a" and used:
        raise RuntimeError(f"gfx90a has no {sorted(used)}")
    if arch == "gfx942" and want_op not in used:
        raise RuntimeError(f"no rocdl.{want_op} in the lowering ({sorted(used)})")
    if arch == "gfx942" and "llvm.intr.roundeven" in text:
        raise RuntimeError("the software emulation's rounding is in the lowering")
    out = np.zeros(n, dtype=NP[mem(dst)])
    outs, races = simt_sim.run(text, "cvt", [values, out], 64 * WARPS, shared, warp_size=64)
    xin, yout = os.path.join(TMP, "x.npy"), os.path.join(TMP, "y.npy")
    np.save(xin, values)
    subprocess.run([RUN, path, "--grid", "1", "--arg", f"px={mem(src)}[{n}]:file({xin})",
                    "--arg", f"py={mem(dst)}[{n}]:fill(0)", "--save", f"py={yout}"],
                   check=True, capture_output=True, text=True)
    want = np.load(yout)
    got = np.asarray(outs[1]).astype(want.dtype)
    bad = ~same(got, want, dst)
    problems = list(races)
    if bad.any():
        i = int(np.argmax(bad))
        problems.append(f"{int(bad.sum())} of {n} differ, first {values[i]!r}: "
                        f"{bits(got)[i]:#x} != {bits(want)[i]:#x}")
    return problems


def f32_sweep(kind):
    """f32 values at and around every rounding boundary of `kind`."""
    codes = np.arange(256)
    exact = simt_sim.decode_fnuz(codes[codes != 0x80], kind).astype(np.float32)
    pos = np.unique(np.abs(exact))
    ties = ((pos[:-1].astype(np.float64) + pos[1:]) / 2).astype(np.float32)
    largest = pos[-1]
    top = np.float32(2 * largest - pos[-2])  # the next value's spacing past the largest
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, largest, (largest + top) / 2,
                         top, 1e30, 3.4e38, 1e-30, 1e-45, pos[1] / 2, pos[1] / 4], dtype=np.float32)
    base = np.concatenate([pos, ties, specials])
    near = np.concatenate([base, np.nextafter(base, np.float32(np.inf)),
                           np.nextafter(base, np.float32(-np.inf))])
    rng = np.random.default_rng(7)
    rand = (rng.standard_normal(2048) * float(largest) / 4).astype(np.float32)
    small = (rng.standard_normal(1024) * float(pos[1]) * 16).astype(np.float32)
    allv = np.concatenate([near, -near, rand, small])
    # tt.make_range: a power of two; padded with zeros.
    n = 1 << (len(allv) - 1).bit_length()
    return np.concatenate([allv, np.zeros(n - len(allv), dtype=np.float32)])


def all_16bit():
    return np.arange(65536, dtype=np.uint32).astype(np.uint16)


CASES = []
for kind in ("fp8", "bf8"):
    t = FNUZ[kind]
    codes = np.arange(256, dtype=np.uint8).view(np.int8)
    CASES += [(t, "f32", codes), (t, "f16", codes), (t, "bf16", codes),
              ("f32", t, f32_sweep(kind)), ("f16", t, all_16bit().view(np.float16)),
              ("bf16", t, all_16bit().view(np.int16))]
# One fnuz format to the other: widened, then narrowed once.
CASES += [(FNUZ["fp8"], FNUZ["bf8"], codes), (FNUZ["bf8"], FNUZ["fp8"], codes)]

passed = 0
CASES = [(arch, *case) for arch in ("gfx942", "gfx90a") for case in CASES]
for arch, src, dst, values in CASES:
    name = f"{arch} {src} -> {dst} ({len(values)} values)"
    try:
        problems = check(src, dst, values, arch)
    except Exception as e:  # noqa: BLE001 -- a lowering or simulation error fails the case
        problems = [str(e)]
    passed += not problems
    print(("PASS " if not problems else "FAIL ") + name + ("" if not problems else f": {problems[:2]}"))
print(f"{passed} of {len(CASES)} conversions match")
