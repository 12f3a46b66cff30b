#!/usr/bin/env python3
"""GPU check of the numeric lowerings, on cubins from prepare.sh:
 - conversions: every f32 (2^32), f16, bf16 and fp8 input through the sm_90
   (PTX cvt) and sm_80 (integer emulation) lowerings, against the reference
   interpreter's rounding (round to nearest even / toward zero on the exact
   value, fp8 saturation of tt.fp_to_fp) and PyTorch's conversions;
 - corpus kernels (math, casts, precise, atomics, libdevice_asm, grid, ptrs):
   ours and Triton 3.6's on the same inputs, outputs compared; the print
   kernel's lines shown for both.
Usage (on the GPU machine): python3 check.py OUTDIR [conv|corpus|all]."""
import json
import os
import subprocess
import sys

import cupy as cp
import numpy as np
import torch

D = sys.argv[1]
FAIL = []


def report(name, bad, total, extra=""):
    status = "OK " if bad == 0 else "BAD"
    print(f"{status} {name}: {bad} mismatches of {total} {extra}", flush=True)
    if bad:
        FAIL.append(name)


_FNS = {}


def fn(name, cc):
    key = (name, cc)
    if key not in _FNS:
        _FNS[key] = cp.RawModule(path=f"{D}/conv/{name}.cc{cc}.cubin").get_function(name)
    return _FNS[key]


def launch(f, inp, out, n):
    grid = ((n + 511) // 512, 1, 1)
    f(grid, (128, 1, 1), (inp, out, np.int32(n), np.uint64(0), np.uint64(0)))


FMT = {  # man, bias, maxcode, overflow code (non-saturating), is_nan(code)
    "e4m3": (3, 7, 0x7E, 0x7F),
    "e5m2": (2, 15, 0x7B, 0x7C),
}


def is_nan_code(code, fmt):
    mag = code & 0x7F
    return (mag == 0x7F) if fmt == "e4m3" else (mag > 0x7C)


def ref_fp8(x, fmt, rtz, sat):
    """Interpreter semantics (roundFloat) on float64, vectorized on the GPU."""
    man, bias, maxcode, ovcode = FMT[fmt]
    xd = x.astype(cp.float64)
    a = cp.abs(xd)
    neg = cp.signbit(xd)
    nan = cp.isnan(xd)
    inf = cp.isinf(xd)
    a = cp.where(nan | inf, 0.0, a)
    _, ex = cp.frexp(a)
    e = cp.maximum(ex - 1, 1 - bias)
    quantum = cp.ldexp(cp.ones_like(a), (e - man).astype(cp.int32))
    q = a / quantum
    qi = cp.trunc(q) if rtz else cp.rint(q)
    r = qi * quantum
    maxv = float(2.0 ** ((maxcode >> man) - bias) * (1 + (maxcode & ((1 << man) - 1)) / 2 ** man))
    over = r > maxv
    r = cp.where(over, 0.0, r)
    _, exr = cp.frexp(r)
    er = exr - 1
    sub = er < 1 - bias
    code_sub = cp.rint(r / 2.0 ** (1 - bias - man))
    scale = cp.ldexp(cp.ones_like(r), (er - man).astype(cp.int32))
    code_norm = ((er + bias).astype(cp.int64) << man) | (cp.rint(r / scale).astype(cp.int64) - (1 << man))
    code = cp.where(sub | (r == 0), code_sub.astype(cp.int64), code_norm)
    code = cp.where(over, maxcode if (sat or rtz) else ovcode, code)
    code = cp.where(inf, maxcode if sat else ovcode, code)
    code = cp.where(nan, 0x7F, code)
    code = code | (neg.astype(cp.int64) << 7)
    return code.astype(cp.uint8)


def compare_fp8(name, out, ref, fmt, x_nan):
    nan_ok = x_nan & is_nan_code(out, fmt)
    bad = int(cp.count_nonzero((out != ref) & ~nan_ok))
    if bad:
        idx = cp.nonzero((out != ref) & ~nan_ok)[0][:5].get()
        print("   first bad indices", idx, "got", out[idx].get(), "want", ref[idx].get())
    return bad


def check_conversions():
    # Exhaustive f32 -> fp8, both lowerings, chunks of 2^28.
    chunk = 1 << 28
    totals = {}
    for start in range(0, 1 << 32, chunk):
        bits = cp.arange(start, start + chunk, dtype=cp.uint64).astype(cp.uint32)
        x = bits.view(cp.float32)
        x_nan = cp.isnan(x)
        out = cp.empty(chunk, dtype=cp.uint8)
        for fmt in ["e4m3", "e5m2"]:
            for kind, rtz, sat in [("rtne", False, True), ("rtz", True, True), ("trunc", False, False)]:
                ref = ref_fp8(x, fmt, rtz, sat)
                for cc in [90, 80]:
                    name = f"f32_{fmt}_{kind}"
                    launch(fn(name, cc), x, out, chunk)
                    key = f"{name}.cc{cc}"
                    totals[key] = totals.get(key, 0) + compare_fp8(key, out, ref, fmt, x_nan)
                del ref
        # f32 -> f16 / bf16 toward zero, and bf16 to nearest.
        t = torch.as_tensor(x, device="cuda")
        for dst, tdt in [("f16", torch.float16), ("bf16", torch.bfloat16)]:
            rne = t.to(tdt).view(torch.int16).to(torch.int32) & 0xFFFF
            back = (t.to(tdt).to(torch.float64)).abs()
            step = (back > t.to(torch.float64).abs()) & ~torch.isnan(t)
            mag = (rne & 0x7FFF) - step.to(torch.int32)
            ref_rtz = (rne & 0x8000) | mag
            out16 = cp.empty(chunk, dtype=cp.uint16)
            for cc in [90, 80]:
                name = f"f32_{dst}_rtz"
                launch(fn(name, cc), x, out16, chunk)
                got = torch.as_tensor(out16.view(cp.int16), device="cuda").to(torch.int32) & 0xFFFF
                nan = torch.isnan(t)
                bad = int(((got != ref_rtz) & ~nan).sum())
                key = f"{name}.cc{cc}"
                totals[key] = totals.get(key, 0) + bad
            if dst == "bf16":
                for cc in [90, 80]:
                    launch(fn("f32_bf16_rtne", cc), x, out16, chunk)
                    got = torch.as_tensor(out16.view(cp.int16), device="cuda").to(torch.int32) & 0xFFFF
                    bad = int(((got != rne) & ~torch.isnan(t)).sum())
                    key = f"f32_bf16_rtne.cc{cc}"
                    totals[key] = totals.get(key, 0) + bad
        del t
    for key, bad in sorted(totals.items()):
        report(key + " (all 2^32 f32)", bad, 1 << 32)

    # 16-bit sources, all values.
    bits16 = cp.arange(0, 1 << 16, dtype=cp.uint32).astype(cp.uint16)
    for src, tdt in [("f16", torch.float16), ("bf16", torch.bfloat16)]:
        t = torch.as_tensor(bits16.view(cp.int16), device="cuda").view(tdt)
        x32 = cp.asarray(t.to(torch.float32))
        x_nan = cp.isnan(x32)
        out = cp.empty(1 << 16, dtype=cp.uint8)
        for fmt in ["e4m3", "e5m2"]:
            for kind, rtz in [("rtne", False), ("rtz", True)]:
                ref = ref_fp8(x32, fmt, rtz, True)
                for cc in [90, 80]:
                    name = f"{src}_{fmt}_{kind}"
                    launch(fn(name, cc), bits16, out, 1 << 16)
                    report(f"{name}.cc{cc}", compare_fp8(name, out, ref, fmt, x_nan), 1 << 16)
        other = "bf16" if src == "f16" else "f16"
        odt = torch.bfloat16 if src == "f16" else torch.float16
        rne = t.to(torch.float32).to(odt)
        rne_bits = rne.view(torch.int16).to(torch.int32) & 0xFFFF
        step = (rne.to(torch.float64).abs() > t.to(torch.float64).abs()) & ~torch.isnan(t)
        rtz_bits = (rne_bits & 0x8000) | ((rne_bits & 0x7FFF) - step.to(torch.int32))
        out16 = cp.empty(1 << 16, dtype=cp.uint16)
        for kind, ref in [("rtne", rne_bits), ("rtz", rtz_bits)]:
            for cc in [90, 80]:
                name = f"{src}_{other}_{kind}"
                launch(fn(name, cc), bits16, out16, 1 << 16)
                got = torch.as_tensor(out16.view(cp.int16), device="cuda").to(torch.int32) & 0xFFFF
                report(f"{name}.cc{cc}", int(((got != ref) & ~torch.isnan(t)).sum()), 1 << 16)

    # fp8 sources, all codes.
    codes = cp.arange(0, 256, dtype=cp.uint32).astype(cp.uint8)
    for src, tdt in [("e4m3", torch.float8_e4m3fn), ("e5m2", torch.float8_e5m2)]:
        t = torch.as_tensor(codes, device="cuda").view(tdt).to(torch.float32)
        for dst, odt, ct in [("f32", torch.float32, cp.uint32), ("f16", torch.float16, cp.uint16),
                             ("bf16", torch.bfloat16, cp.uint16)]:
            ref = t.to(odt)
            out = cp.empty(256, dtype=ct)
            for cc in [90, 80]:
                name = f"{src}_{dst}"
                launch(fn(name, cc), codes, out, 256)
                got = torch.as_tensor(out.view(cp.int32 if ct == cp.uint32 else cp.int16), device="cuda").view(odt)
                eq = (got.to(torch.float64) == ref.to(torch.float64)) & (torch.signbit(got) == torch.signbit(ref))
                same = eq | (torch.isnan(got) & torch.isnan(ref))
                report(f"{name}.cc{cc}", int((~same).sum()), 256)
        other = "e5m2" if src == "e4m3" else "e4m3"
        ref = ref_fp8(cp.asarray(t), other, False, True)
        out = cp.empty(256, dtype=cp.uint8)
        for cc in [90, 80]:
            name = f"{src}_{other}"
            launch(fn(name, cc), codes, out, 256)
            report(f"{name}.cc{cc}", compare_fp8(name, out, ref, other, cp.isnan(cp.asarray(t))), 256)


def load_kernel(path, name):
    return cp.RawModule(path=path).get_function(name)


def ptr(t):
    return np.uint64(t.data_ptr())


def run_pair(kname, name, grid, make_args, outputs, shared=1024, exact=True):
    """Runs ours and Triton's kernel on the same fresh inputs; compares outputs."""
    results = {}
    for which in ["ours", "ref"]:
        f = load_kernel(f"{D}/corpus/{kname}.{which}.cubin", name)
        torch.manual_seed(0)
        args, outs, keep = make_args()
        full = tuple(args) + (np.uint64(0), np.uint64(0))
        f(grid, (128, 1, 1), full, shared_mem=shared)
        cp.cuda.runtime.deviceSynchronize()
        results[which] = [o.clone() for o in outs]
        del keep
    for i, (a, b) in enumerate(zip(results["ours"], results["ref"])):
        if a.dtype.is_floating_point:
            both_nan = torch.isnan(a) & torch.isnan(b)
            diff = ((a.double() - b.double()).abs() / (b.double().abs() + 1e-30))
            diff = torch.where(both_nan | (a == b), torch.zeros_like(diff), diff)
            nbad = int((diff > (0 if exact else 1e-6)).sum())
            report(f"{kname} output {i}", nbad, a.numel(), f"(max rel diff {float(diff.max()):.3g})")
        else:
            report(f"{kname} output {i}", int((a != b).sum()), a.numel())


def check_corpus():
    dev = "cuda"
    n = 1 << 20

    def math_args():
        x = torch.randn(n, device=dev) * 8
        x[::97] = float("nan")
        x[::89] = float("inf")
        x[::83] = 500.0
        y = torch.full((n,), float("nan"), device=dev)
        z = torch.full((n,), float("nan"), device=dev)
        i = torch.randint(-1000, 1000, (n,), device=dev, dtype=torch.int32)
        return [ptr(x), ptr(y), ptr(z), ptr(i), np.int32(n - 5)], [y, z, i], [x]
    run_pair("math", "math_kernel", ((n + 1023) // 1024, 1, 1), math_args, None, exact=False)

    B = 64

    def casts_args():
        x = torch.randn(B, device=dev) * 100
        y = torch.full((B,), float("nan"), device=dev)
        i = torch.randint(-1000, 1000, (B,), device=dev, dtype=torch.int32)
        u = torch.randint(0, 1 << 30, (B,), device=dev, dtype=torch.int32)
        return [ptr(x), ptr(y), ptr(i), ptr(u)], [y, u], [x, i]
    run_pair("casts", "k_casts", (1, 1, 1), casts_args, None)

    def precise_args():
        x = torch.randn(B, device=dev) * 3
        y = torch.full((B,), float("nan"), device=dev)
        return [ptr(x), ptr(y)], [y], [x]
    run_pair("precise", "k_precise", (1, 1, 1), precise_args, None, exact=False)

    def atomics_args():
        p = torch.randint(0, 100, (2 * B,), device=dev, dtype=torch.int32)
        f = torch.randn(B, device=dev)
        return [ptr(p), ptr(f), np.int32(B - 7)], [p, f], []
    run_pair("atomics", "k_atomics", (1, 1, 1), atomics_args, None)

    def libdevice_args():
        x = torch.rand(B, device=dev) * 3
        y = torch.full((B,), float("nan"), device=dev)
        return [ptr(x), ptr(y)], [y], [x]
    run_pair("libdevice_asm", "k_libdevice_asm", (1, 1, 1), libdevice_args, None, exact=False)

    def grid_args():
        x = torch.zeros(64, device=dev, dtype=torch.int32)
        return [ptr(x)], [x], []
    run_pair("grid", "k_grid", (2, 2, 2), grid_args, None)

    def ptrs_args():
        x = torch.randn(B, device=dev)
        y = torch.full((B,), float("nan"), device=dev)
        return [ptr(x), ptr(y), np.int32(3)], [y], [x]
    run_pair("ptrs", "k_ptrs", (1, 1, 1), ptrs_args, None)


def check_print():
    code = f"""
import cupy as cp, numpy as np, torch
x = torch.arange(64, device='cuda', dtype=torch.float32) * 0.5
for which in ['ours', 'ref']:
    f = cp.RawModule(path='{D}/corpus/print.' + which + '.cubin').get_function('k_print')
    print('==== ' + which, flush=True)
    f((1, 1, 1), (128, 1, 1), (np.uint64(x.data_ptr()), np.uint64(0), np.uint64(0)))
    cp.cuda.runtime.deviceSynchronize()
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    lines = proc.stdout.splitlines()
    print("print kernel:", proc.returncode, len(lines), "lines", proc.stderr[-500:])
    for which in ["ours", "ref"]:
        try:
            start = lines.index("==== " + which)
        except ValueError:
            continue
        block = []
        for line in lines[start + 1:]:
            if line.startswith("===="):
                break
            block.append(line)
        print(f"  {which}: {len(block)} lines; first: {block[:3]}; plain: {[l for l in block if 'plain' in l][:2]}")


if __name__ == "__main__":
    what = sys.argv[2] if len(sys.argv) > 2 else "all"
    if what in ("all", "conv"):
        check_conversions()
    if what in ("all", "corpus"):
        check_corpus()
        check_print()
    print("FAILED:", FAIL if FAIL else "none")
