#!/usr/bin/env python3
"""Runs kernels compiled by this toolchain next to Triton 3.6's own compile of
the same Python function, on a GPU, and prints one table.

DIR (made by utils/gpu/prepare.sh on the build machine) holds, per kernel,
NAME.cubin and NAME.json: our tools' output from Triton 3.6's TTIR of the
kernel (the corpus's, or one dump_ttir.py took at the harness's
configuration), and corpus_kernels.py (the corpus's Python source). For each
case the harness draws fresh random inputs, poisons the outputs, runs ours
(CuPy, Triton's kernel ABI: arguments, then null global/profile scratch;
block = 32 x num_warps; dynamic shared memory from the JSON) and checks it
against PyTorch in float64, does the same with Triton's compile, then times
both with triton.testing.do_bench medians, three alternating rounds ($HARNESS_ROUNDS; the
order of the two runs flips every round, so neither always runs on the GPU the other just
warmed), and reports the median of the ratios ours / Triton.

$HARNESS_VARIANTS (comma-separated SUFFIXes) times, in the same rounds, other cubins of
our compile of a case, DIR/NAME@SUFFIX.cubin (same metadata as NAME), each against the same
Triton runs: an experiment on the assembly (ptxas, PTX edits) that needs no new harness case.

$HARNESS_TRITON_FUNC_SETUP=1 sets our kernels above 48 KiB of shared memory up as Triton's
driver.c does (cache config preferring shared memory, the device's whole opt-in amount
allowed); on 2026-11-30 it moved no ratio beyond the rounds' noise.

Usage (on the GPU machine): harness.py DIR [NAME... | PREFIX*...]
"""
import ctypes
import importlib.util
import json
import os
import statistics
import sys
import zlib

import cupy as cp
import numpy as np
import torch
import triton

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import dot_sweep  # noqa: E402
import kernels as own  # noqa: E402
import tma  # noqa: E402
from tma import Desc  # noqa: E402

DIR = sys.argv[1]
ROUNDS = int(os.environ.get("HARNESS_ROUNDS", "3"))  # alternating timing rounds
VARIANTS = [v for v in os.environ.get("HARNESS_VARIANTS", "").split(",") if v]
ONLY = set(sys.argv[2:])
spec = importlib.util.spec_from_file_location("corpus_kernels",
                                              os.path.join(DIR, "corpus_kernels.py"))
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
DEV = "cuda"
# Scratch for descriptors Triton's own compiles make in the kernel.
triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))


def rel_err(out, ref):
    out, ref = out.double(), ref.double()
    if not torch.isfinite(out).all():
        return float("nan")
    denom = ref.norm().item() or 1.0
    return (out - ref).norm().item() / denom


def max_abs_int(out, ref):
    return float((out.long() - ref.long()).abs().max().item())


class Case:
    """One kernel at one size: inputs, both launches, the reference."""

    def __init__(self, name, kernel, constexprs, warps, grid, make, traffic, unit="GB/s",
                 drop=(), tol=1e-5):
        self.name, self.kernel, self.constexprs, self.warps = name, kernel, constexprs, warps
        self.grid, self.make, self.traffic, self.unit = grid, make, traffic, unit
        self.drop, self.tol = set(drop), tol
        self.binary = name  # our cubin: NAME.cubin, unless a case reuses another's


def add_case(name, dtype, n):
    def make():
        x = torch.randn(n, device=DEV, dtype=dtype)
        y = torch.randn(n, device=DEV, dtype=dtype)
        out = torch.full((n,), float("nan"), device=DEV, dtype=dtype)
        return [x, y, out, n], [out], lambda: [x.double() + y.double()]
    size = torch.finfo(dtype).bits // 8
    return Case(name, corpus.add_kernel, {"BLOCK": 1024}, 4, (triton.cdiv(n, 1024),), make,
                3 * size * n, tol=1e-6 if dtype == torch.float32 else 1e-3)


def softmax_case(name, rows, cols, block, warps):
    def make():
        x = torch.randn(rows, cols, device=DEV)
        out = torch.full_like(x, float("nan"))
        return [out, x, cols, cols, cols], [out], lambda: [torch.softmax(x.double(), 1)]
    return Case(name, corpus.softmax_kernel, {"BLOCK": block}, warps, (rows,), make,
                2 * 4 * rows * cols)


def layer_norm_case(name, rows, cols, warps):
    def make():
        x = torch.randn(rows, cols, device=DEV, dtype=torch.float16)
        w = torch.randn(cols, device=DEV, dtype=torch.float16)
        b = torch.randn(cols, device=DEV, dtype=torch.float16)
        y = torch.full_like(x, float("nan"))
        ref = lambda: [torch.nn.functional.layer_norm(x.double(), (cols,), w.double(),
                                                      b.double(), 1e-5)]
        return [x, y, w, b, cols, cols, 1e-5], [y], ref
    return Case(name, own.layer_norm_fwd, {"BLOCK": cols}, warps, (rows,), make,
                2 * 2 * rows * cols, tol=2e-3)


def blockptr_case(name, m, n):
    def make():
        x = torch.randn(m, n, device=DEV)
        y = torch.full_like(x, float("nan"))
        return [x, y, m, n, n, 1], [y], lambda: [2 * x.double()]
    # The TTIR has no `sn` parameter: Triton specialized the stride 1 away.
    return Case(name, corpus.blockptr_kernel, {"BM": 64, "BN": 64}, 4, (triton.cdiv(m, 64),),
                make, 2 * 4 * m * n, drop=(5,))


def math_case(name, n):
    def make():
        x = torch.randn(n, device=DEV) * 3
        i = torch.randint(-1000, 1000, (n,), device=DEV, dtype=torch.int32)
        i0 = i.clone()
        y = torch.full_like(x, float("nan"))
        z = torch.full_like(x, float("nan"))

        def ref():
            xd = x.double()
            yv = x.to(torch.float8_e4m3fn).to(torch.bfloat16).double()
            z = (torch.exp2(xd) + torch.log(xd.abs() + 1) + torch.sqrt(xd.abs()) +
                 torch.special.erf(xd) + torch.rsqrt(xd.abs() + 1))
            z = z + torch.sin(xd) * torch.cos(xd) + torch.floor(xd) + (xd * xd + xd)
            z = torch.clamp(torch.maximum(z, xd), -100.0, 100.0) / (xd.abs() + 1)
            iv = i0.long()
            q = torch.div(iv, 3, rounding_mode="trunc")
            r = iv - torch.div(iv, 5, rounding_mode="trunc") * 5
            hi = ((iv & 0xFFFFFFFF) * 12345) >> 32
            iv = q + r + (iv << 2) + (iv >> 1) + hi
            iv = ((iv + 2**31) % 2**32) - 2**31
            return [yv, z, iv.int()]
        return [x, y, z, i, n], [y, z, i], ref
    return Case(name, corpus.math_kernel, {"BLOCK": 1024}, 4, (triton.cdiv(n, 1024),), make,
                (4 + 4 + 4 + 8) * n, tol=1e-4)


def misc_case(name, n):
    block = 256

    def make():
        x = torch.randint(-50, 50, (n,), device=DEV, dtype=torch.int32)
        out = torch.full((n,), -12345, device=DEV, dtype=torch.int32)
        cnt = torch.zeros(1, device=DEV, dtype=torch.int32)

        def ref():
            pid = torch.arange(n, device=DEV) // block
            xp = torch.nn.functional.pad(x.long(), (0, (-n) % block)).view(-1, block)
            c = xp.cumsum(1).view(-1)[:n] * 3 + pid * n + 1 + 3
            c = torch.where(pid % 2 == 0, c * 2, c - 1)
            c = ((c + 2**31) % 2**32) - 2**31
            return [c, torch.tensor([n], device=DEV)]
        return [x, out, cnt, n], [out, cnt], ref
    return Case(name, corpus.misc_kernel, {"BLOCK": block}, 4, (triton.cdiv(n, block),), make,
                None, tol=0)


def shape_case(name):
    def make():
        x = torch.randn(64, device=DEV)
        idx = torch.randint(0, 64, (64,), device=DEV, dtype=torch.int32)
        out = torch.full_like(x, float("nan"))
        h = torch.full((64,), -1, device=DEV, dtype=torch.int32)

        def ref():
            xd = x.double()
            g = xd[idx.long()]
            r = torch.stack((xd[1::2], xd[0::2]), 1).reshape(64)
            t = xd.reshape(4, 16).t().reshape(64)
            return [g + r + t, torch.bincount(idx.long(), minlength=64)]
        return [x, idx, out, h], [out, h], ref
    return Case(name, corpus.shape_kernel, {"BLOCK": 64}, 4, (1,), make, None)


def matmul_case(name, size, bm, bn, bk, warps, stages):
    m = n = k = size

    def make():
        a = torch.randn(m, k, device=DEV, dtype=torch.float16)
        b = torch.randn(k, n, device=DEV, dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device=DEV, dtype=torch.float16)
        # TTIR arguments: a, b, c, M, N, K, sam, sbk, scm (unit strides
        # specialized away); Triton's call takes them all.
        return [a, b, c, m, n, k, k, 1, n, 1, n, 1], [c], lambda: [a.double() @ b.double()]
    case = Case(name, corpus.matmul_kernel, {"BM": bm, "BN": bn, "BK": bk, "GROUP_M": 8}, warps,
                (triton.cdiv(m, bm) * triton.cdiv(n, bn),), make, 2 * m * n * k, unit="TFLOP/s",
                drop=(7, 9, 11), tol=1e-2)
    case.stages = stages
    return case


def desc_scale_case(name, m, n, host):
    """Tensor descriptors on sm_90 (TMA): made in the kernel, or on the host."""
    def make():
        x = torch.randn(m, n, device=DEV, dtype=torch.float16)
        y = torch.full_like(x, float("nan"))
        args = [Desc(x, [64, 64]), Desc(y, [64, 64])] if host else [x, y, m, n]
        return args, [y], lambda: [2 * x.double()]
    kernel = own.desc_scale_host if host else own.desc_scale
    return Case(name, kernel, {"BM": 64, "BN": 64}, 4, (triton.cdiv(m, 64), triton.cdiv(n, 64)),
                make, 2 * 2 * m * n, tol=1e-6)


def matmul_desc_case(name, size, host, stages=3):
    m = n = k = size

    def make():
        a = torch.randn(m, k, device=DEV, dtype=torch.float16)
        b = torch.randn(k, n, device=DEV, dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device=DEV, dtype=torch.float16)
        tiles = [Desc(a, [128, 64]), Desc(b, [64, 256]), Desc(c, [128, 256])] if host else [a, b, c]
        return tiles + [m, n, k], [c], lambda: [a.double() @ b.double()]
    kernel = own.matmul_desc_host if host else own.matmul_desc
    case = Case(name, kernel, {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8}, 8,
                (triton.cdiv(m, 128) * triton.cdiv(n, 256),), make, 2 * m * n * k,
                unit="TFLOP/s", tol=1e-2)
    case.stages = stages
    return case


def attention_case(name, heads, seq):
    d = 64

    def make():
        q, k, v = (torch.randn(heads, seq, d, device=DEV, dtype=torch.float16) for _ in range(3))
        o = torch.full_like(q, float("nan"))

        def ref():
            s = (q.double() @ k.double().transpose(1, 2)) * 0.125
            return [torch.softmax(s, -1) @ v.double()]
        return [q, k, v, o, 0.125, seq, seq * d, d], [o], ref
    case = Case(name, own.attention_fwd, {"BLOCK_M": 128, "BLOCK_N": 64, "HEAD_DIM": d}, 4,
                (triton.cdiv(seq, 128), heads), make, 4 * heads * seq * seq * d,
                unit="TFLOP/s", tol=1e-2)
    case.stages = 3
    return case


def renamed(case, name):
    """The same case under another name: our compile of Triton's own TTGIR of
    the kernel (NAME_ttgir), which times our lowering alone."""
    copy = Case(name, case.kernel, case.constexprs, case.warps, case.grid, case.make,
                case.traffic, case.unit, case.drop, case.tol)
    copy.binary = case.binary + name[len(case.name):]
    if hasattr(case, "stages"):
        copy.stages = case.stages
    return copy


CASES = [
    add_case("add_fp32", torch.float32, 1 << 28),
    add_case("add_fp16", torch.float16, 1 << 28),
    softmax_case("softmax", 32768, 1024, 1024, 4),
    softmax_case("softmax_4096_w8", 32768, 4096, 4096, 8),
    softmax_case("softmax_4096_w16", 32768, 4096, 4096, 16),
    layer_norm_case("layer_norm_4096", 32768, 4096, 8),
    blockptr_case("blockptr", 8192, 8192),
    math_case("math", 1 << 24),
    misc_case("misc", 1 << 20),
    shape_case("shape"),
    matmul_case("matmul_fp16_small", 4096, 64, 64, 32, 4, 2),
    matmul_case("matmul_fp16_sm90", 4096, 128, 256, 64, 8, 3),
    attention_case("attention_fwd", 64, 4096),
    desc_scale_case("desc_scale", 8192, 8192, host=False),
    desc_scale_case("desc_scale_host", 8192, 8192, host=True),
    matmul_desc_case("matmul_desc", 4096, host=False),
    matmul_desc_case("matmul_desc_host", 4096, host=True),
    # The same TTIR not pipelined (one mbarrier per load, kept across the
    # loop) and pipelined over 2 and 4 buffers (the phases flip at other
    # iterations).
    matmul_desc_case("matmul_desc_host_s1", 4096, host=True, stages=1),
    matmul_desc_case("matmul_desc_host_s2", 4096, host=True, stages=2),
    matmul_desc_case("matmul_desc_host_s4", 4096, host=True, stages=4),
]


def resized(case, name, size):
    """The matmul case at another size, running the same cubin."""
    copy = matmul_case(name, size, case.constexprs["BM"], case.constexprs["BN"],
                       case.constexprs["BK"], case.warps, case.stages)
    copy.binary = case.binary
    return copy


# The big matmul at 8192^3 too (the same cubin).
BIG = next(c for c in CASES if c.name == "matmul_fp16_sm90")
CASES.insert(CASES.index(BIG) + 1, resized(BIG, "matmul_fp16_sm90_8192", 8192))
CASES += [renamed(c, c.name + "_ttgir") for c in CASES if c.unit == "TFLOP/s"]
# The matmuls compiled for sm_80 (mma.sync, ldmatrix, the sm_80 pipeline), run on
# the H200 for correctness only: Triton's side is its sm_90 compile, so not timed.
# Host descriptors too (pointer accesses; the launcher passes base, shape,
# strides and padding instead of a CUtensorMap).
for c in [c for c in CASES if c.name in ("matmul_fp16_small", "matmul_fp16_sm90",
                                         "desc_scale_host", "matmul_desc_host")]:
    sm80 = renamed(c, c.name + "_sm80")
    sm80.traffic = None
    CASES.append(sm80)
# Ragged sizes for correctness only (not multiples of the block).
RAGGED = {"add_fp32": add_case("add_fp32", torch.float32, 1000016),
          "add_fp16": add_case("add_fp16", torch.float16, 1000016),
          "math": math_case("math", 100016),
          "blockptr": blockptr_case("blockptr", 1008, 4112),
          "misc": misc_case("misc", 100016),
          "matmul_fp16_small": matmul_case("matmul_fp16_small", 1008, 64, 64, 32, 4, 2),
          "matmul_fp16_sm90": matmul_case("matmul_fp16_sm90", 1008, 128, 256, 64, 8, 3),
          "attention_fwd": attention_case("attention_fwd", 4, 1008),
          "desc_scale": desc_scale_case("desc_scale", 1000, 1000, host=False),
          "desc_scale_host": desc_scale_case("desc_scale_host", 1000, 1000, host=True),
          "matmul_desc": matmul_desc_case("matmul_desc", 1008, host=False),
          "matmul_desc_host": matmul_desc_case("matmul_desc_host", 1008, host=True),
          "matmul_desc_host_s1": matmul_desc_case("matmul_desc_host_s1", 1008, True, 1),
          "matmul_desc_host_s2": matmul_desc_case("matmul_desc_host_s2", 1008, True, 2),
          "matmul_desc_host_s4": matmul_desc_case("matmul_desc_host_s4", 1008, True, 4)}
RAGGED.update({k + "_ttgir": renamed(c, k + "_ttgir") for k, c in list(RAGGED.items())
               if c.unit == "TFLOP/s"})
RAGGED.update({k + "_sm80": renamed(c, k + "_sm80") for k, c in list(RAGGED.items())
               if k in ("matmul_fp16_small", "matmul_fp16_sm90", "desc_scale_host",
                        "matmul_desc_host")})
# The dot sweep (utils/gpu/dot_sweep.py): other types, precisions and shapes of tl.dot.
SWEEP, SWEEP_RAGGED = dot_sweep.cases(Case, torch, own, DEV)
CASES += SWEEP
RAGGED.update(SWEEP_RAGGED)
# Sweep kernels whose Triton 3.6 TTGIR (linear layouts on slices, reshapes
# that reorder, unsplat, ceildivsi, async copies with a -inf `other`) goes
# through our lowering alone (NAME_ttgir): checked and timed.
TTGIR_SWEEP = [c for c in SWEEP if c.name in dot_sweep.TTGIR_CASES]
CASES += [renamed(c, c.name + "_ttgir") for c in TTGIR_SWEEP]
RAGGED.update({c.name + "_ttgir": renamed(SWEEP_RAGGED[c.name], c.name + "_ttgir")
               for c in TTGIR_SWEEP if c.name in SWEEP_RAGGED})


def wanted(name):
    """NAME on the command line, or a prefix of it given as PREFIX*."""
    return not ONLY or name in ONLY or any(o.endswith("*") and name.startswith(o[:-1])
                                           for o in ONLY)


def ours_launcher(case, args, variant=None):
    stem = f"{case.binary}@{variant}" if variant else case.binary
    meta = json.load(open(os.path.join(DIR, f"{stem}.json")))
    # sm_80 cubins do not run on an sm_90 GPU: their PTX is JIT-compiled.
    image = "ptx" if case.binary.endswith("_sm80") else "cubin"
    module = cp.RawModule(path=os.path.join(DIR, f"{stem}.{image}"))
    fn = module.get_function(meta["name"])
    if meta["shared"] > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = meta["shared"]
        if os.environ.get("HARNESS_TRITON_FUNC_SETUP"):
            # Triton's driver.c for kernels above 48 KiB: prefer shared memory
            # over L1 and allow the device's whole opt-in amount.
            handle = getattr(fn, "kernel", fn).ptr
            tma._cuda.cuFuncSetCacheConfig(ctypes.c_void_p(handle), 1)
            optin = cp.cuda.runtime.getDeviceProperties(0)["sharedMemPerBlockOptin"]
            fn.max_dynamic_shared_size_bytes = optin
    kept = [a for i, a in enumerate(args) if i not in case.drop]
    block = (meta["threads_per_warp"] * meta["num_warps"], 1, 1)
    if any(isinstance(a, Desc) for a in kept) or meta.get("global_scratch_size", 0):
        # Descriptors by value and global scratch: the driver's launcher.
        programs = 1
        for g in case.grid:
            programs *= g
        scratch = torch.empty(max(1, meta.get("global_scratch_size", 0) * programs),
                              dtype=torch.uint8, device=DEV)
        params = tma.launch_params(kept + [scratch], meta)
        params.append(tma.ctypes.c_uint64(0))
        run = tma.launcher(fn, case.grid, block, meta["shared"], params)
        run.keep += (scratch, args)  # the tensors too (see below)
        return run
    params = []
    for i, a in enumerate(args):
        if i in case.drop:
            continue
        if isinstance(a, torch.Tensor):
            params.append(np.uint64(a.data_ptr()))
        elif isinstance(a, float):
            params.append(np.float32(a))
        else:
            params.append(np.int32(a))
    params += [np.uint64(0), np.uint64(0)]
    grid = tuple(case.grid) + (1,) * (3 - len(case.grid))
    # The launch holds the tensors: the parameters are bare addresses, and a
    # freed tensor's memory goes to the next allocation (the timer's L2
    # flush buffer, say), which would then be what the kernel reads.
    return lambda: (args, fn(grid, block, tuple(params), shared_mem=meta["shared"]))


def triton_launcher(case, args):
    extra = {"num_stages": case.stages} if hasattr(case, "stages") else {}
    from triton.tools.tensor_descriptor import TensorDescriptor
    args = [TensorDescriptor.from_tensor(a.tensor, a.block) if isinstance(a, Desc) else a
            for a in args]
    return lambda: case.kernel[case.grid](*args, **case.constexprs, num_warps=case.warps, **extra)


def check(case, which, variant=None):
    # The same inputs for every compile of a case: the GPU's power, and so
    # its clock under a long dot, depends on the values multiplied.
    torch.manual_seed(zlib.crc32(case.name.encode()))
    args, outs, ref = case.make()
    run = ours_launcher(case, args, variant) if which == "ours" else triton_launcher(case, args)
    run()
    torch.cuda.synchronize()
    errs = []
    for out, expect in zip(outs, ref()):
        errs.append(rel_err(out, expect) if out.is_floating_point() else max_abs_int(out, expect))
    return max(errs), run


def main():
    table = []
    for case in CASES:
        if not wanted(case.name):
            continue
        if not os.path.exists(os.path.join(DIR, f"{case.binary}.cubin")):
            table.append((case.name, "no cubin", "", "", "", "", "", ""))
            continue
        try:
            err_ours, run_ours = check(case, "ours")
            err_ref, run_ref = check(case, "triton")
            ragged = RAGGED.get(case.name)
            err_ragged = check(ragged, "ours")[0] if ragged else float("nan")
            runs = {"ours": run_ours, "triton": run_ref}
            variants = [v for v in VARIANTS if case.traffic and
                        os.path.exists(os.path.join(DIR, f"{case.binary}@{v}.cubin"))]
            errs = {}
            for v in variants:
                errs[v], runs[v] = check(case, "ours", v)
            rates = {which: [] for which in runs}
            ratios = {which: [] for which in runs if which != "triton"}
            order = list(runs)
            for r in range(ROUNDS if case.traffic else 0):
                for which in (order if r % 2 == 0 else order[::-1]):
                    ms = triton.testing.do_bench(runs[which], warmup=50, rep=300,
                                                 return_mode="median")
                    scale = 1e-12 if case.unit == "TFLOP/s" else 1e-9
                    rates[which].append(case.traffic / (ms * 1e-3) * scale)
                for which in ratios:
                    ratios[which].append(rates[which][-1] / rates["triton"][-1])
            ok = err_ours <= case.tol and (not ragged or err_ragged <= case.tol)
            timed = bool(rates["triton"])
            for which in ratios:
                err = err_ours if which == "ours" else errs[which]
                name = case.name if which == "ours" else f"{case.name}@{which}"
                good = ok if which == "ours" else err <= case.tol
                table.append((name, "ok" if good else "WRONG", f"{err:.1e}",
                              f"{err_ragged:.1e}" if ragged and which == "ours" else "-",
                              f"{err_ref:.1e}",
                              f"{statistics.median(rates[which]):.0f}" if timed else "-",
                              f"{statistics.median(rates['triton']):.0f}" if timed else "-",
                              f"{statistics.median(ratios[which]):.3f}" if timed else "-"))
        except Exception as e:  # one broken kernel must not hide the others
            table.append((case.name, "ERROR", str(e)[:80], "", "", "", "", ""))
    # err: ours against PyTorch (float64); ragged: ours at a size that is not a
    # multiple of the block; Triton err: Triton's compile against the same.
    print("rates: GB/s, TFLOP/s for matmuls")
    print(f"{'kernel':18} {'check':8} {'err':>8} {'ragged':>8} {'Triton err':>10} "
          f"{'ours':>10} {'Triton':>12} {'ratio':>6}")
    for row in table:
        print(f"{row[0]:18} {row[1]:8} {row[2]:>8} {row[3]:>8} {row[4]:>10} {row[5]:>10} "
              f"{row[6]:>12} {row[7]:>6}")


if __name__ == "__main__":
    main()
