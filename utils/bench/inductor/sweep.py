#!/usr/bin/env python3
"""The inductor sweep: TorchInductor's Triton kernels of programs.py's
programs, compiled by Triton 3.6 and by this toolchain from the same TTIR,
run on the same inputs, their buffers compared and both timed.

  sweep.py capture OUT   (GPU machine) torch.compile every case, run
      it, and write OUT/inductor_kernels.tar.gz: the TTIR of every kernel
      Triton compiled (HASH.ttir) and index.json (hash -> name, warps,
      stages, whether it ran after compiling: autotuning compiles more).
      Also checks that the launch hook sees each launch.
  utils/bench/inductor/prepare.sh --import TARBALL   (build machine) keeps
      the kernels in test/Inputs/inductor as NAME-HASH8.ttir;
  utils/bench/inductor/prepare.sh DIR   (build machine) our cubins of them.
  sweep.py compare DIR OUT [CASE...]   (GPU machine) runs every case
      again; at the first launch of each kernel we compiled, the launch's
      buffers are copied, Triton's kernel runs on the originals and ours on
      the copies (CuPy, Triton's kernel ABI), and every buffer the kernel
      can reach is compared; then both are timed back to back on their own
      buffers (CUDA events over a burst of launches queued behind a sleep,
      so launch overhead is not timed), and the program goes on with
      Triton's results. Prints one line per kernel and a summary; writes
      Triton's TTGIR, PTX and cubin of each to OUT/triton_asm.tar.gz, and
      the kernels it ran that DIR lacks (matched by TTIR text and options)
      to OUT/unknown.tar.gz.

The launch hook wraps triton.backends.nvidia.driver.CudaLauncher, which
Inductor calls when its static launcher is off; kernel arguments are the
launcher's arguments after grid, stream, function and the four metadata and
hook arguments, in the order of the kernel's signature (constexprs included,
and skipped in the cubin's parameters)."""
import hashlib
import io
import json
import os
import re
import statistics
import sys
import tarfile
import time
import warnings

MODE = sys.argv[1]
WORK = os.path.abspath(os.environ.get("INDUCTOR_SWEEP_WORK", "/tmp/inductor-sweep"))
os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", os.path.join(WORK, "inductor"))
os.environ.setdefault("TRITON_CACHE_DIR", os.path.join(WORK, "triton"))
os.environ.setdefault("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "0")

import numpy as np  # noqa: E402
import torch  # noqa: E402
import triton  # noqa: E402
from triton.backends.nvidia import driver as nvdriver  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import programs  # noqa: E402

import torch._inductor.config as inductor_config  # noqa: E402

DEV = "cuda"
warnings.filterwarnings("ignore", category=DeprecationWarning)  # CuPy's ExternalStream
inductor_config.use_static_cuda_launcher = False
inductor_config.max_autotune_gemm_backends = "TRITON"


class Hook:
    """What the wrapped launcher does at each launch (None: just launch)."""
    on_launch = None
    launches = 0
    mismatched = []


_orig_init = nvdriver.CudaLauncher.__init__
_orig_call = nvdriver.CudaLauncher.__call__


def _init(self, src, metadata):
    _orig_init(self, src, metadata)
    self._sweep_meta = metadata
    self._sweep_hash = getattr(metadata, "hash", None) or metadata.name
    self._sweep_sig = [str(t) for t in src.signature.values()]


def _call(self, *a):
    Hook.launches += 1
    if Hook.on_launch is not None and hasattr(self, "_sweep_meta"):
        args = a[9:]
        if len(args) != len(self._sweep_sig):
            Hook.mismatched.append((self._sweep_meta.name, len(args), len(self._sweep_sig)))
        else:
            return Hook.on_launch(self, a, args)
    return _orig_call(self, *a)


nvdriver.CudaLauncher.__init__ = _init
nvdriver.CudaLauncher.__call__ = _call


def run_case(name, on_launch):
    fn, make, options = programs.CASES[name]
    torch.manual_seed(0)
    args = make(torch, DEV)
    compiled = torch.compile(fn, **options)
    t0 = time.time()
    compiled(*[a.clone() if not a.requires_grad else a for a in args])  # compile, autotune
    torch.cuda.synchronize()
    took = time.time() - t0
    Hook.on_launch, Hook.launches = on_launch, 0
    try:
        compiled(*args)
        torch.cuda.synchronize()
    finally:
        Hook.on_launch = None
    return took


def capture(out):
    seen = {}

    def record(launcher, a, args):
        if not seen:
            print("first launch:", [type(x).__name__ for x in a[:10]], "signature",
                  launcher._sweep_sig)
        seen.setdefault(launcher._sweep_hash, (launcher._sweep_meta.name, len(args)))
        return _orig_call(launcher, *a)

    budget = float(os.environ.get("INDUCTOR_SWEEP_BUDGET", "420"))  # seconds
    start = time.time()
    for name in programs.CASES:
        if time.time() - start > budget:
            print(f"{name:16s} skipped: the capture's time budget is spent")
            continue
        try:
            took = run_case(name, record)
            print(f"{name:16s} compiled in {took:5.1f} s, {Hook.launches} launches hooked")
        except Exception as e:  # a case PyTorch itself cannot compile here
            print(f"{name:16s} FAILED in PyTorch: {type(e).__name__}: {str(e)[:300]}")
    if Hook.mismatched:
        print("argument counts that do not match the signature:", Hook.mismatched[:5])
    index = {}
    root = os.environ["TRITON_CACHE_DIR"]
    with tarfile.open(os.path.join(out, "inductor_kernels.tar.gz"), "w:gz") as tar:
        for d in sorted(os.listdir(root)):
            files = os.listdir(os.path.join(root, d))
            ttir = [f for f in files if f.endswith(".ttir")]
            meta = [f for f in files if f.endswith(".json") and not f.startswith("__grp__")]
            if len(ttir) != 1 or len(meta) != 1:
                continue
            info = json.load(open(os.path.join(root, d, meta[0])))
            h = info.get("hash", d)
            tar.add(os.path.join(root, d, ttir[0]), arcname=f"{h}.ttir")
            index[h] = {"name": info["name"], "num_warps": info["num_warps"],
                        "num_stages": info["num_stages"], "num_ctas": info.get("num_ctas", 1),
                        "launched": h in seen}
        blob = json.dumps(index, indent=1).encode()
        ti = tarfile.TarInfo("index.json")
        ti.size = len(blob)
        tar.addfile(ti, io.BytesIO(blob))
    print(f"{len(index)} kernels dumped, {len(seen)} of them launched after compiling")


# --- compare -----------------------------------------------------------------

DTYPES = {"fp16": np.float16, "fp32": np.float32, "fp64": np.float64, "i8": np.int8,
          "i16": np.int16, "i32": np.int32, "i64": np.int64, "u8": np.uint8, "u16": np.uint16,
          "u32": np.uint32, "u64": np.uint64, "i1": np.int8, "bf16": np.uint16,
          "fp8e4nv": np.uint8, "fp8e5": np.uint8}
SCALARS = {"i1": np.int8, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
           "u1": np.uint8, "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64,
           "fp16": np.float16, "bf16": np.float32, "fp32": np.float32, "fp64": np.float64}


def storages(args, sig):
    """{storage address: (nbytes, element type)} of the tensor arguments
    (empty ones left out: nothing to read or write)."""
    found = {}
    for a, t in zip(args, sig):
        if isinstance(a, torch.Tensor) and a.untyped_storage().nbytes():
            s = a.untyped_storage()
            found.setdefault(s.data_ptr(), (s.nbytes(), t.lstrip("*")))
    return found


def kernel_key(ttir, warps, stages, ctas):
    """What identifies a compile across runs: its TTIR and options (Triton's
    cache hash can differ between two runs of the same program)."""
    # (Locations name Inductor's generated source file, whose path can differ.)
    text = re.sub(r'"[^"]*\.py"', '"k.py"', ttir)
    return (hashlib.sha256(text.encode()).hexdigest(), warps, stages, ctas)


_FOLDERS = {}


def triton_files(h):
    """Triton's cache folder of the kernel whose metadata hash is H, and its
    files (the folder is named by another key: found by the metadata)."""
    if h not in _FOLDERS:
        root = os.environ["TRITON_CACHE_DIR"]
        for d in os.listdir(root):
            for f in os.listdir(os.path.join(root, d)):
                if f.endswith(".json") and not f.startswith("__grp__"):
                    info = json.load(open(os.path.join(root, d, f)))
                    _FOLDERS[info.get("hash", d)] = os.path.join(root, d)
    folder = _FOLDERS.get(h, "")
    return folder, (os.listdir(folder) if folder else [])


def as_bytes(cp, ptr, nbytes):
    mem = cp.cuda.UnownedMemory(ptr, nbytes, None)
    return cp.ndarray((nbytes,), dtype=cp.uint8, memptr=cp.cuda.MemoryPointer(mem, 0))


def compare_bytes(xp, mine, theirs, elem):
    """(status, detail) of our buffer against Triton's, as ELEM values (XP:
    the array module they live in)."""
    if bool(xp.array_equal(mine, theirs)):
        return "exact", ""
    dt = DTYPES.get(elem, np.uint8)
    n = len(mine) // np.dtype(dt).itemsize
    x, y = mine[: n * np.dtype(dt).itemsize].view(dt), theirs[: n * np.dtype(dt).itemsize].view(dt)
    if elem == "bf16":
        x = (x.astype(np.uint32) << 16).view(np.float32)
        y = (y.astype(np.uint32) << 16).view(np.float32)
    differ = int((x != y).sum()) if not np.issubdtype(x.dtype, np.floating) else \
        int(((x != y) & ~(xp.isnan(x) & xp.isnan(y))).sum())
    if differ == 0:
        return "exact", "(NaN payloads differ)"
    if np.issubdtype(x.dtype, np.floating):
        xd, yd = x.astype(np.float64), y.astype(np.float64)
        both = xp.isfinite(xd) & xp.isfinite(yd)
        bad = int((xp.isfinite(xd) != xp.isfinite(yd)).sum())
        err = float(xp.linalg.norm(xd[both] - yd[both])) / (float(xp.linalg.norm(yd[both])) or 1.0)
        tol = {np.float16: 1e-3, np.float32: 1e-5, np.float64: 1e-12}.get(dt, 4e-3)
        status = "close" if bad == 0 and err <= tol else "DIFF"
        return status, f"{differ} of {n} differ, rel err {err:.1e}, {bad} finite/non-finite"
    return "DIFF", f"{differ} of {n} {elem} values differ"


def burst(launch, stream, reps=7, count=20):
    """Median time of one launch, in microseconds: COUNT launches queued
    behind a GPU sleep (so the CPU is ahead), REPS times."""
    times = []
    with torch.cuda.stream(stream):
        for _ in range(2):
            launch()
        for _ in range(reps):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            torch.cuda._sleep(2_000_000)
            start.record()
            for _ in range(count):
                launch()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) * 1000 / count)
    return statistics.median(times)


def compare(folder, only, out):
    import cupy as cp
    index = json.load(open(os.path.join(folder, "index.json")))
    sources = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "test",
                           "Inputs", "inductor")
    known = {kernel_key(open(os.path.join(sources, k["file"])).read(), k["num_warps"],
                        k["num_stages"], k["num_ctas"]): h for h, k in index.items()}
    rows, done = [], set()
    asm = tarfile.open(os.path.join(out, "triton_asm.tar.gz"), "w:gz")
    unknown = tarfile.open(os.path.join(out, "unknown.tar.gz"), "w:gz")

    def check(launcher, a, args):
        h = launcher._sweep_hash
        if h in done:
            return _orig_call(launcher, *a)
        done.add(h)
        state = {"launched": False}
        try:
            check_one(launcher, a, args, state)
        except Exception as e:  # reported as this kernel's row; the program goes on
            rows.append((case, launcher._sweep_meta.name, "ERROR",
                         f"{type(e).__name__}: {str(e)[:200]}", 0, 0))
            if not state["launched"]:
                _orig_call(launcher, *a)

    def check_one(launcher, a, args, state):
        m, sig = launcher._sweep_meta, launcher._sweep_sig
        where, files = triton_files(launcher._sweep_hash)
        ttir = [f for f in files if f.endswith(".ttir")]
        text = open(os.path.join(where, ttir[0])).read() if ttir else ""
        h = known.get(kernel_key(text, m.num_warps, m.num_stages, m.num_ctas))
        stem = f"{m.name}-{(h or launcher._sweep_hash)[:8]}"
        for f in files:  # Triton's own stages of it, to compare ours with
            if f.endswith((".ttgir", ".ptx", ".cubin")):
                (asm if h else unknown).add(os.path.join(where, f),
                                            arcname=stem + os.path.splitext(f)[1])
        if h is None and ttir:
            unknown.add(os.path.join(where, ttir[0]), arcname=stem + ".ttir")
        if h is None or not os.path.exists(os.path.join(folder, f"{h}.cubin")):
            rows.append((case, m.name, "NOCOMP" if h else "no TTIR", "", 0, 0))
            _orig_call(launcher, *a)
            state["launched"] = True
            return
        ours = json.load(open(os.path.join(folder, f"{h}.json")))
        stream = torch.cuda.ExternalStream(a[3]) if a[3] else torch.cuda.current_stream()
        bufs = storages(args, sig)
        torch.cuda.synchronize()
        before = {p: as_bytes(cp, p, n).copy() for p, (n, _) in bufs.items()}
        _orig_call(launcher, *a)
        state["launched"] = True
        torch.cuda.synchronize()
        theirs = {p: as_bytes(cp, p, n).copy() for p, (n, _) in bufs.items()}
        mine = {p: b.copy() for p, b in before.items()}
        grid = (a[0], a[1], a[2])
        programs = a[0] * a[1] * a[2]
        scratch = cp.zeros(max(1, ours.get("global_scratch_size", 0) * programs), dtype=cp.uint8)
        params = []
        for x, t in zip(args, sig):
            if t == "constexpr":
                continue
            if isinstance(x, torch.Tensor):
                base = x.untyped_storage().data_ptr()
                params.append(np.uint64(mine[base].data.ptr + x.data_ptr() - base
                                        if base in mine else x.data_ptr()))
            elif t.startswith("*"):
                params.append(np.uint64(0 if x is None else x))
            else:
                params.append(SCALARS[t](x))

        def cupy_run(cubin, name, shared, warps, scratch_ptr):
            module = cp.RawModule(path=cubin)
            fn = module.get_function(name)
            if shared > 48 * 1024:
                fn.max_dynamic_shared_size_bytes = shared
            full = tuple(params + [np.uint64(scratch_ptr), np.uint64(0)])

            def run():
                with cp.cuda.ExternalStream(stream.cuda_stream):
                    fn(grid, (32 * warps, 1, 1), full, shared_mem=shared)
            run.module = module  # the function lives as long as its module
            return run

        run_ours = cupy_run(os.path.join(folder, f"{h}.cubin"), ours["name"], ours["shared"],
                            ours["num_warps"],
                            scratch.data.ptr if ours.get("global_scratch_size", 0) else 0)
        # The same launch path for Triton's own cubin, and for Triton's PTX
        # through our ptxas (DIR/HASH@tptx.cubin, where prepared): what is
        # the launcher's, ptxas's or our PTX's.
        variants = {}
        cubins = [f for f in files if f.endswith(".cubin")]
        if cubins and not getattr(m, "global_scratch_size", 0):
            variants["tcubin"] = cupy_run(os.path.join(where, cubins[0]), m.name, m.shared,
                                          m.num_warps, 0)
            tptx = os.path.join(folder, f"{h}@tptx.cubin")
            if os.path.exists(tptx):
                variants["tptx"] = cupy_run(tptx, m.name, m.shared, m.num_warps, 0)
        # Other compiles of ours (DIR/HASH@SUFFIX.cubin, our metadata): an
        # experiment on the code generation, timed in the same rounds.
        for f in sorted(os.listdir(folder)):
            if f.startswith(f"{h}@") and f.endswith(".cubin") and f != f"{h}@tptx.cubin":
                variants[f[len(h) + 1:-len(".cubin")]] = cupy_run(
                    os.path.join(folder, f), ours["name"], ours["shared"], ours["num_warps"],
                    scratch.data.ptr if ours.get("global_scratch_size", 0) else 0)
        run_ours()
        torch.cuda.synchronize()
        worst, details = "exact", []
        for p, (n, elem) in bufs.items():
            status, detail = compare_bytes(cp, mine[p], theirs[p], elem)
            if status != "exact" or detail:
                details.append(f"{elem}[{n}]: {detail}")
            worst = max(worst, status, key=["exact", "close", "DIFF"].index)
        del before
        runs = {"ours": run_ours, "triton": lambda: _orig_call(launcher, *a), **variants}
        times = {k: [] for k in runs}
        for _ in range(2):  # alternating, best of two bursts each
            for k, run in runs.items():
                times[k].append(burst(run, stream))
        for p, b in theirs.items():  # the program goes on from Triton's results
            as_bytes(cp, p, len(b))[:] = b
        torch.cuda.synchronize()
        best = {k: min(v) for k, v in times.items()}
        extra = " ".join(f"{k} {best[k]:.1f}" for k in variants)
        rows.append((case, m.name, worst, "; ".join(details + ([extra] if extra else [])),
                     best["ours"], best["triton"]))

    for case in programs.CASES:
        if only and case not in only:
            continue
        try:
            took = run_case(case, check)
            print(f"{case}: compiled in {took:.1f} s", flush=True)
        except Exception as e:
            rows.append((case, "-", "ERROR", f"{type(e).__name__}: {str(e)[:200]}", 0, 0))
    asm.close()
    unknown.close()
    print(f"{'case':16s} {'kernel':44s} {'result':6s} {'ours us':>9s} {'Triton us':>9s} ratio")
    ratios = []
    for case, kernel, status, detail, ours_t, theirs_t in rows:
        ratio = theirs_t / ours_t if ours_t else 0
        if ours_t and theirs_t >= 5:  # launches under 5 us are all overhead
            ratios.append(ratio)
        print(f"{case:16s} {kernel[:44]:44s} {status:6s} {ours_t:9.1f} {theirs_t:9.1f} "
              f"{ratio:5.3f} {detail[-200:]}")
    counts = {s: sum(1 for r in rows if r[2] == s)
              for s in ("exact", "close", "DIFF", "ERROR", "NOCOMP", "no TTIR")}
    print("summary:", counts, f"median Triton/ours time {statistics.median(ratios):.3f}"
          if ratios else "")
    if Hook.mismatched:
        print("argument counts that do not match the signature:", Hook.mismatched[:5])


if MODE == "capture":
    os.makedirs(sys.argv[2], exist_ok=True)
    capture(sys.argv[2])
elif MODE == "compare":
    os.makedirs(sys.argv[3], exist_ok=True)
    compare(sys.argv[2], set(sys.argv[4:]), sys.argv[3])
else:
    sys.exit(__doc__)
